/// A template compiled once into a node tree, to be rendered many times.
public struct MustacheTemplate: Sendable {
    /// The name used in error messages (for templates loaded from folders, the file's path).
    public let name: String
    let nodes: [Node]
    private let sourceSize: Int

    /// Compiles `source`; throws `MustacheError` for syntax errors, located in `name`.
    public init(source: String, name: String = "") throws {
        self.name = name
        nodes = try Compiler.compile(source, file: name)
        sourceSize = source.utf8.count
    }

    /// Renders the template against `context`, resolving partials and parents through `library`.
    ///
    /// The context may be nil, `NSNull`, `Bool`, numbers, `String`/`Substring`, arrays, `[String: Any]`
    /// (or any String-keyed dictionary), `MustacheFields` conformers, `MustacheLambda`, and
    /// optionals of these, nested freely.
    public func render(_ context: Any?, library: MustacheLibrary? = nil) throws -> String {
        var renderer = Renderer(context: context, library: library, capacity: max(4096, sourceSize * 2))
        try renderer.render(nodes, indent: [])
        return renderer.string
    }
}
