import StableHashing

/// A page's key, field by field: each value in the list's order (see `ViewFields`). A part is
/// keyed through its `addKey`, compiled for its own type (see `FieldLookup`).
struct FieldHashing: FieldList {
    var key: StableHash

    @inline(__always)
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value) {
        value().addKey(to: &key)
    }

    mutating func fields<Part: ViewFields>(of part: Part) {
        part.addKey(to: &key)
    }

    mutating func fields<Part: ViewFields>(of part: Shared<Part>) {
        key.add(part.key)
    }
}
