/// The lookup of one name: the value of the first field by that name. Once it is found, the rest of
/// the list is passed over without making any value.
///
/// A part is asked through its `mustacheField`, which each view has compiled for its own type: where
/// the part's type is not known (a `PageView`'s body), its `listFields` would run unspecialised,
/// every field through witness tables, several times the cost of the lookup.
struct FieldLookup: FieldList {
    let name: String
    /// Where the value goes, uninitialised until it is found. The value is made there and moved
    /// out: an `Any?` kept in this struct was copied, assigned and destroyed through the runtime's
    /// witnesses of existentials, which cost more than the lookup itself.
    private let slot: UnsafeMutablePointer<Any?>
    private(set) var found = false

    init(name: String, into slot: UnsafeMutablePointer<Any?>) { (self.name, self.slot) = (name, slot) }

    @inline(__always)
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value) {
        guard !found, name == self.name else { return }
        found = true
        slot.initialize(to: value().templateValue)
    }

    mutating func fields<Part: ViewFields>(of part: Part) {
        guard !found, let value = part.mustacheField(name) else { return }
        found = true
        slot.initialize(to: value)
    }

    mutating func fields<Part: ViewFields>(of part: Shared<Part>) {
        if !found { part.value.listFields(to: &self) }
    }
}
