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

    /// The templates this one names in partial and parent tags (`{{>card}}`, `{{<layout}}`), and
    /// whether it also names some through the context (`{{>*name}}`), which only rendering resolves.
    public var referencedTemplates: (names: Set<String>, includesDynamic: Bool) {
        var names = Set<String>()
        var includesDynamic = false
        func note(_ reference: TemplateReference) {
            switch reference {
            case .name(let name): names.insert(name)
            case .dynamic: includesDynamic = true
            }
        }
        func visit(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .section(let section): visit(section.body)
                case .partial(let partial): note(partial.reference)
                case .parent(let parent):
                    note(parent.reference)
                    for content in parent.overrides.values { visit(content.nodes) }
                case .block(let block): visit(block.defaultContent.nodes)
                case .text, .lineStart, .variable: break
                }
            }
        }
        visit(nodes)
        return (names, includesDynamic)
    }

    /// Renders the template against `context`, resolving partials and parents through `library`.
    ///
    /// The context may be nil, `NSNull`, `Bool`, numbers, `String`/`Substring`, arrays, `[String: Any]`
    /// (or any String-keyed dictionary), `MustacheFields` conformers, `MustacheLambda`, and
    /// optionals of these, nested freely.
    public func render(_ context: Any?, library: MustacheLibrary? = nil) throws -> String {
        let renderer = try rendered(context, library: library)
        return renderer.string
    }

    /// Renders like `render(_:library:)`, as UTF-8 bytes (what a file is written from) without
    /// making a `String` first.
    public func renderUTF8(_ context: Any?, library: MustacheLibrary? = nil) throws -> [UInt8] {
        let renderer = try rendered(context, library: library)
        return renderer.bytes
    }

    private func rendered(_ context: Any?, library: MustacheLibrary?) throws(MustacheError) -> Renderer {
        var renderer = Renderer(context: context, library: library, capacity: max(4096, sourceSize * 2))
        try renderer.render(nodes, indent: [])
        return renderer
    }
}
