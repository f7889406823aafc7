/// Lists kept end to end in one array (no array of its own for each): list `n` is
/// `elements[starts[n]..<starts[n + 1]]`, the offsets 32-bit (a build holds far fewer elements).
struct FlatLists<Element>: RandomAccessCollection {
    private(set) var elements: [Element] = []
    private var starts: [Int32] = [0]

    init() {}

    init(elements: [Element], starts: [Int32]) {
        (self.elements, self.starts) = (elements, starts)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count - 1 }

    subscript(list: Int) -> ArraySlice<Element> {
        elements[Int(starts[list])..<Int(starts[list + 1])]
    }

    mutating func append(_ list: some Collection<Element>) {
        elements += list
        starts.append(Int32(elements.count))
    }

    mutating func reserveCapacity(_ lists: Int, elements total: Int) {
        elements.reserveCapacity(total)
        starts.reserveCapacity(lists + 1)
    }
}
