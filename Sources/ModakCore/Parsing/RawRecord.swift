/// A value as written in a content file, before it is given a meaning.
public enum RawValue: Sendable, Equatable {
    case string(String)
    case list([String])
    /// A JSON number, kept as written so whole numbers stay exact.
    case number(String)
    case bool(Bool)
    case null
    /// A JSON object or an array of non-strings: never valid in a content field.
    case nested(String)

    var kindName: String {
        switch self {
        case .string: "a string"
        case .list: "a list"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .nested(let kind): kind
        }
    }
}

public struct RawField: Sendable, Equatable {
    public var value: RawValue
    public var line: Int
}

/// The fields of one record (a front-matter block or a JSON object) with their lines, in file order.
public struct RawRecord: Sendable {
    public var path: String
    public var line: Int
    public var fields: [(key: String, field: RawField)]

    public init(path: String, line: Int, fields: [(key: String, field: RawField)]) {
        self.path = path
        self.line = line
        self.fields = fields
    }

    public var location: SourceLocation { SourceLocation(path: path, line: line) }

    public subscript(key: String) -> RawField? {
        fields.first { $0.key == key }?.field
    }
}
