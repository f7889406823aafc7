import Foundation // NSNull

/// A typed Swift value that exposes its fields to templates by name.
///
/// Return nil for names the type does not have; the lookup then continues down the context stack.
/// Return the same value for the same name throughout a render: the renderer may remember it.
///
///     struct Post: MustacheFields {
///         let title: String
///         let tags: [String]
///         func mustacheField(_ name: String) -> Any? {
///             switch name {
///             case "title": title
///             case "tags": tags
///             default: nil
///             }
///         }
///     }
public protocol MustacheFields {
    func mustacheField(_ name: String) -> Any?
}

/// A `MustacheFields` value handed over ready boxed: returned from `mustacheField` for a nested
/// view (a section or the head of a dotted name), it spares the renderer the runtime's protocol cast,
/// the costliest step of entering one. A class, so that handing it on is one retain: a view of
/// many fields, boxed anew for each lookup, was copied field by field every time.
///
/// Sendable because nothing in it changes: wrap values (view models are), not shared mutable objects.
public final class MustacheObject: @unchecked Sendable {
    public let fields: any MustacheFields

    public init(_ fields: any MustacheFields) {
        self.fields = fields
    }
}

// MARK: - Views of standard types, without copying them into `[Any]` / `[String: Any]`

/// Any array, iterated in place whatever its element type.
protocol MustacheList {
    var mustacheIsEmpty: Bool { get }
    /// Calls `body` with each element, classified as a context frame.
    func mustacheForEachFrame<E: Error>(_ body: (ContextFrame) throws(E) -> Void) throws(E)
}

extension Sequence {
    /// Elements of one static type need one conformance check, not one per element:
    /// a list of `MustacheFields` view models is the common case, and worth the shortcut.
    fileprivate func forEachFrame<E: Error>(_ body: (ContextFrame) throws(E) -> Void) throws(E) {
        if let fieldsType = Element.self as? any MustacheFields.Type {
            try forEachFields(of: fieldsType, body)
        } else {
            for element in self { try body(ContextFrame(element)) }
        }
    }

    private func forEachFields<Fields: MustacheFields, E: Error>(
        of _: Fields.Type, _ body: (ContextFrame) throws(E) -> Void
    ) throws(E) {
        for element in self {
            // `Element` is `Fields` here, so this cast cannot fail.
            guard let fields = element as? Fields else { continue }
            try body(.object(MustacheObject(fields)))
        }
    }
}

extension Array: MustacheList {
    var mustacheIsEmpty: Bool { isEmpty }
    func mustacheForEachFrame<E: Error>(_ body: (ContextFrame) throws(E) -> Void) throws(E) {
        try forEachFrame(body)
    }
}

extension ArraySlice: MustacheList {
    var mustacheIsEmpty: Bool { isEmpty }
    func mustacheForEachFrame<E: Error>(_ body: (ContextFrame) throws(E) -> Void) throws(E) {
        try forEachFrame(body)
    }
}

extension ContiguousArray: MustacheList {
    var mustacheIsEmpty: Bool { isEmpty }
    func mustacheForEachFrame<E: Error>(_ body: (ContextFrame) throws(E) -> Void) throws(E) {
        try forEachFrame(body)
    }
}

/// Any dictionary with String keys (`[String: Any]` itself takes a faster path).
protocol MustacheKeyed {
    func mustacheValue(forKey key: String) -> Any?
}

extension Dictionary: MustacheKeyed where Key == String {
    func mustacheValue(forKey key: String) -> Any? {
        self[key].map { $0 as Any }
    }
}

/// Lets an `Optional` hidden inside an `Any` be recognised and unwrapped.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}

/// `value as? T` for a value whose dynamic type is exactly `T` (not a subclass, not an existential,
/// not wrapped in an Optional). The types are compared first: a cast that fails searches the
/// conformance tables, and `as? [String: Any]` would convert any other String-keyed dictionary
/// (bench/README.md#decision-exact-types-read-from-any-by-official-casts).
@inline(__always)
func exactly<T>(_: T.Type, _ value: Any) -> T? {
    type(of: value) == T.self ? value as? T : nil
}

// MARK: - Context stack frames

/// A value on the context stack, classified once when pushed so that name lookups
/// against it need no further dynamic casts. A reference or an indirect case, so that copying a
/// frame is one retain; a view model is held through its `MustacheObject`, whose fields a lookup
/// reads in place (taken out of an enum case, the view's box was retained and released each time).
enum ContextFrame {
    case dictionary([String: Any])
    /// A table of strings (UI translations, say): common enough to deserve its own case.
    case strings([String: String])
    case object(MustacheObject)
    indirect case keyed(any MustacheKeyed)
    /// Anything without named fields (strings, numbers, lists…): only `.` can see it.
    indirect case other(Any)

    init(_ value: Any) {
        // Exact types first: comparing type metadata is cheap, while a protocol cast that fails
        // (a `String` is no `MustacheFields`) searches the conformance tables. `as? [String: Any]`
        // would also accept, by copying, any other String-keyed dictionary; those are looked into
        // in place instead.
        let valueType = type(of: value)
        if valueType == String.self || valueType == Bool.self || valueType == Int.self {
            self = .other(value)
        } else if let dictionary = exactly([String: Any].self, value) {
            self = .dictionary(dictionary)
        } else if let strings = exactly([String: String].self, value) {
            self = .strings(strings)
        } else if let object = exactly(MustacheObject.self, value) {
            self = .object(object)
        } else if let fields = value as? any MustacheFields {
            self = .object(MustacheObject(fields))
        } else if let keyed = value as? any MustacheKeyed {
            self = .keyed(keyed)
        } else if let optional = value as? any OptionalValue, let wrapped = optional.wrappedValue {
            self.init(wrapped)
        } else {
            self = .other(value)
        }
    }

    var value: Any {
        switch self {
        case .dictionary(let dictionary): dictionary
        case .strings(let strings): strings
        case .object(let object): object.fields
        case .keyed(let keyed): keyed
        case .other(let value): value
        }
    }

    /// The value for `name`, or nil if this frame has no such name.
    /// A name that is present with a null value is found (and renders as nothing).
    @inline(__always)
    func lookup(_ name: String) -> Any? {
        switch self {
        case .dictionary(let dictionary): dictionary[name]
        case .strings(let strings): strings[name]
        case .object(let object): object.fields.mustacheField(name)
        case .keyed(let keyed): keyed.mustacheValue(forKey: name)
        case .other: nil
        }
    }
}

/// What a section tag does with its value.
enum SectionValue {
    case falsy
    case list(any MustacheList)
    case lambda(MustacheLambda)
    /// A truthy non-list value, pushed on the context stack for the section body.
    case context(ContextFrame)

    /// Falsy: missing, null, `false`, and (for iteration) empty lists. Everything else,
    /// including `0` and `""`, is truthy, as in the spec's reference implementation.
    /// `value` is consumed: a section's value is a temporary, which is then moved rather than copied.
    init(_ value: consuming Any?) {
        guard let value = consume value else {
            self = .falsy
            return
        }
        // The common kinds by exact type first (see `ContextFrame.init`), then by protocol. Types
        // are compared before any cast: most section values are strings.
        let valueType = type(of: value)
        if valueType == String.self || valueType == Int.self {
            self = .context(.other(value))
        } else if valueType == Bool.self, let bool = exactly(Bool.self, value) {
            self = bool ? .context(.other(value)) : .falsy
        } else if valueType == [String: Any].self || valueType == [String: String].self {
            self = .context(ContextFrame(value))
        } else if let object = exactly(MustacheObject.self, value) {
            self = .context(.object(object))
        } else if let fields = value as? any MustacheFields {
            self = .context(.object(MustacheObject(fields)))
        } else if let list = value as? any MustacheList {
            self = .list(list)
        } else if let lambda = value as? MustacheLambda {
            self = .lambda(lambda)
        } else if value is NSNull {
            self = .falsy
        } else if let optional = value as? any OptionalValue {
            self = SectionValue(optional.wrappedValue)
        } else {
            self = .context(ContextFrame(value))
        }
    }
}
