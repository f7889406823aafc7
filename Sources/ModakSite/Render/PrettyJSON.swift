import UTF8Bytes

/// JSON laid out as `JSONSerialization` lays it out with `.prettyPrinted`: one value per line, two
/// spaces per level, `"key" : value`, an empty container as `[`, a blank line and `]`. Keys are
/// written in the order given (the JSON Feed gives them sorted, as `.sortedKeys` did).
struct PrettyJSON {
    private var json = CompactJSON(capacity: 64 * 1024)
    /// For each open container, whether an element has been written into it.
    private var hasElements: [Bool] = []

    var bytes: [UInt8] { json.bytes }

    mutating func openObject() { open("{") }
    mutating func closeObject() { close("}") }
    mutating func openArray() { open("[") }
    mutating func closeArray() { close("]") }

    /// Starts the member `name` of the open object: its value comes next.
    mutating func key(_ name: StaticString) {
        startElement()
        json.raw("\"")
        json.raw(name)
        json.raw("\" : ")
    }

    /// Starts the next element of the open array.
    mutating func startElement() {
        if hasElements[hasElements.count - 1] { json.raw(",\n") }
        hasElements[hasElements.count - 1] = true
        indent()
    }

    mutating func string(_ text: String) { json.string(text) }

    private mutating func open(_ bracket: StaticString) {
        json.raw(bracket)
        json.raw("\n")
        hasElements.append(false)
    }

    private mutating func close(_ bracket: StaticString) {
        hasElements.removeLast()
        json.raw("\n")
        indent()
        json.raw(bracket)
    }

    private mutating func indent() {
        for _ in hasElements.indices { json.raw("  ") }
    }
}
