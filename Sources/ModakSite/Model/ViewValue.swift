import StableHashing

/// A field's value: what a template sees, and what a page's key takes from it. Whatever it shows
/// must follow from what it adds to the key (equal keys promise equal pages). Most values add
/// themselves; some add less costly things their shown value follows from (`RelativeURL`,
/// `MarkdownHTML`, `Shared`).
protocol ViewValue {
    /// The value as a template sees it: nil for nothing to show (a section of it is skipped).
    var templateValue: Any? { get }
    func addKey(to key: inout StableHash)
}

// MARK: - Plain values

extension String: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(self) }
}

extension Bool: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(self ? 1 : 0) }
}

extension Int: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(UInt64(bitPattern: Int64(self))) }
}

/// Nothing to show, or the value: keyed as which, then the value.
extension Optional: ViewValue where Wrapped: ViewValue {
    var templateValue: Any? {
        switch self {
        case .some(let value): value.templateValue
        case .none: nil
        }
    }

    func addKey(to key: inout StableHash) {
        switch self {
        case .some(let value):
            key.add(1)
            value.addKey(to: &key)
        case .none:
            key.add(0)
        }
    }
}

/// A list: templates iterate it in place (boxing each view as they enter it); keyed as its count,
/// then each element.
extension Array: ViewValue where Element: ViewValue {
    var templateValue: Any? { self }

    func addKey(to key: inout StableHash) {
        key.add(UInt64(count))
        for element in self { element.addKey(to: &key) }
    }
}

/// A table of strings (the UI strings): keyed entry by entry in key order, since a dictionary's own
/// order changes from run to run.
extension Dictionary: ViewValue where Key == String, Value: ViewValue {
    var templateValue: Any? { self }

    func addKey(to key: inout StableHash) {
        key.add(UInt64(count))
        for name in keys.sorted() {
            key.add(name)
            self[name]!.addKey(to: &key)
        }
    }
}
