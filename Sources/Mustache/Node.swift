import Synchronization

/// The compiled form of a template: a tree of nodes, built once and rendered many times.
///
/// Payloads are immutable final classes so that copying a node is a single retain.
enum Node: Sendable {
    /// Literal template text, as UTF-8. May contain newlines; when the surrounding body is
    /// rendered with an indentation, every line that starts inside the text is indented.
    case text([UInt8])
    /// The start of a template line whose first output is not literal text (a tag, or text
    /// after a removed standalone line). Writes the current indentation, if any.
    case lineStart
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
    case parent(ParentNode)
    case block(BlockNode)
}

/// A pre-split name: `a.b.c` becomes `first` "a" and `rest` ["b", "c"];
/// the implicit iterator `.` has no `first`. A class, like the nodes holding it: passed to every
/// lookup, a struct of three strings and an array was retained field by field.
final class Path: Sendable {
    let first: String?
    let rest: [String]
    let text: String
    /// For a dotted name, a small number standing for its first part in every template of the
    /// process (see `DottedHeads`); -1 otherwise.
    let headNumber: Int

    init(_ text: String) {
        self.text = text
        if text == "." {
            first = nil
            rest = []
        } else {
            let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            first = components[0]
            rest = Array(components.dropFirst())
        }
        headNumber = rest.isEmpty ? -1 : DottedHeads.number(for: first!)
    }
}

/// Numbers the first parts of dotted names, so that the renderer can remember what `site` in
/// `{{site.title}}` resolved to in an array slot instead of hashing the name at every tag.
enum DottedHeads {
    private static let numbers = Mutex<[String: Int]>([:])

    static func number(for name: String) -> Int {
        numbers.withLock { numbers in
            if let number = numbers[name] { return number }
            numbers[name] = numbers.count
            return numbers.count - 1
        }
    }
}

final class VariableNode: Sendable {
    let path: Path
    let escaped: Bool
    let location: TemplateLocation

    init(path: Path, escaped: Bool, location: TemplateLocation) {
        (self.path, self.escaped, self.location) = (path, escaped, location)
    }
}

final class SectionNode: Sendable {
    let path: Path
    let inverted: Bool
    let body: [Node]
    /// What a lambda is given: the unprocessed source between the opening and closing tags, and
    /// the delimiters in force at the opening tag, which its output is compiled with.
    let lambdaSource: (text: String, delimiters: Delimiters)
    let location: TemplateLocation

    init(
        path: Path, inverted: Bool, body: [Node], lambdaSource: (text: String, delimiters: Delimiters),
        location: TemplateLocation
    ) {
        (self.path, self.inverted, self.body, self.lambdaSource, self.location) = (
            path, inverted, body, lambdaSource, location
        )
    }
}

/// How a partial or parent names its template: literally, or through a context value (`{{>*name}}`).
enum TemplateReference: Sendable {
    case name(String)
    case dynamic(Path)
}

final class PartialNode: Sendable {
    let reference: TemplateReference
    /// Whitespace before a standalone tag, prepended to every line of the partial; nil when
    /// the tag is not standalone (then the partial is inserted as is).
    let indentation: [UInt8]?
    let location: TemplateLocation

    init(reference: TemplateReference, indentation: [UInt8]?, location: TemplateLocation) {
        (self.reference, self.indentation, self.location) = (reference, indentation, location)
    }
}

/// `{{<parent}}…{{/parent}}`: renders the parent template with some of its blocks overridden.
final class ParentNode: Sendable {
    let reference: TemplateReference
    let overrides: [String: BlockContent]
    let indentation: [UInt8]?
    let location: TemplateLocation

    init(
        reference: TemplateReference, overrides: [String: BlockContent], indentation: [UInt8]?,
        location: TemplateLocation
    ) {
        (self.reference, self.overrides, self.indentation, self.location) = (
            reference, overrides, indentation, location
        )
    }
}

/// `{{$name}}default{{/name}}` where the block is rendered (not inside a parent tag).
final class BlockNode: Sendable {
    let name: String
    let defaultContent: BlockContent
    /// Indentation added to the lines of whatever content fills the block.
    let indentation: [UInt8]
    /// A standalone block also indents the first line of its content; otherwise the
    /// first line continues the line the tag sits on.
    let standalone: Bool
    let location: TemplateLocation

    init(name: String, defaultContent: BlockContent, indentation: [UInt8], standalone: Bool, location: TemplateLocation)
    {
        (self.name, self.defaultContent, self.indentation) = (name, defaultContent, indentation)
        (self.standalone, self.location) = (standalone, location)
    }
}

/// The content of a block: a default, or an override given inside a parent tag.
/// It is stored with its own indentation removed; the block it fills adds its own.
final class BlockContent: Sendable {
    let nodes: [Node]
    /// Whether the content begins with a line start (then a standalone block indents it).
    let startsWithLine: Bool

    init(nodes: [Node]) {
        if case .lineStart = nodes.first {
            self.nodes = Array(nodes.dropFirst())
            startsWithLine = true
        } else {
            self.nodes = nodes
            startsWithLine = false
        }
    }
}
