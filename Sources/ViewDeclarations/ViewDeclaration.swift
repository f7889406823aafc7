/// A view model as a `.views` file declares it: its stored properties and the fields templates
/// see, each named once. `ViewSource` generates the Swift type and its `listFields(to:)`.
///
/// The format, a declaration a line (indented four spaces inside a view):
///
///     import ModakCore                       a module the generated file imports
///     /// A gift as templates show it.       a doc comment, kept on what follows
///     struct GiftView: Sendable              a view: `struct` or `final class`, its conformances
///         let id: String                     stored, shown as `id`
///         var isCurrent: Bool = false        stored with a default, shown
///         let text: String => text.isEmpty ? nil : text
///                                            stored, shown as that expression
///         hidden let path: String            stored, not shown
///         show hasTags = !tags.isEmpty       shown, computed when looked up
///         show fields of facts               the fields of another view, as this one's
///         @inline(__always)                  attributes of the generated `listFields`
///
/// Fields are listed in the order they are declared; `//` lines are comments.
public struct ViewDeclaration: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case `struct`
        case finalClass = "final class"
    }

    public struct Stored: Equatable, Sendable {
        public var isVariable: Bool
        public var name: String
        public var type: String
        public var defaultValue: String?
        public var doc: [String]
        public var line: Int
    }

    /// One entry of `listFields`.
    public enum Field: Equatable, Sendable {
        /// The field `name`, shown as `expression`.
        case value(name: String, expression: String, line: Int)
        /// The fields of the view `expression` evaluates to.
        case fields(of: String, line: Int)
    }

    public var kind: Kind
    public var name: String
    public var conformances: [String]
    public var doc: [String]
    public var line: Int
    public var stored: [Stored] = []
    public var fields: [Field] = []
    public var listFieldsAttributes: [String] = []
    public var listFieldsDoc: [String] = []
}

/// A `.views` file: the modules it imports and its views.
public struct ViewFile: Equatable, Sendable {
    public var imports: [String] = []
    public var views: [ViewDeclaration] = []
}

/// A line of a `.views` file that is not a declaration, and how to write it.
public struct ViewDeclarationError: Error, Equatable, CustomStringConvertible, Sendable {
    public var path: String
    public var line: Int
    public var message: String

    /// The form compilers use, which SwiftPM and editors show at the line.
    public var description: String { "\(path):\(line): error: \(message)" }
}
