import StableHashing

/// A value many pages show (the site, the UI strings, what every view of a saying shows), keyed
/// once per build, where every page would otherwise hash it again. A view that pages enter (the
/// site) is shared `Boxed`, so that it is also boxed for templates once.
final class Shared<Value: ViewValue & Sendable>: ViewValue, Sendable {
    let value: Value
    let key: UInt64

    init(_ value: Value) {
        self.value = value
        var key = StableHash()
        value.addKey(to: &key)
        self.key = key.value
    }

    var templateValue: Any? { value.templateValue }

    func addKey(to key: inout StableHash) {
        key.add(self.key)
    }
}
