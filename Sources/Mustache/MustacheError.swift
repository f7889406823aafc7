/// Where in a template an error is: the template's name (for templates loaded from folders, the
/// file's path), and the 1-based line and column of the opening delimiter of the tag at fault.
/// Columns count Unicode scalars. An error about a whole file or folder has 0 for both.
public struct TemplateLocation: Sendable, Equatable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) { (self.file, self.line, self.column) = (file, line, column) }
}

/// An error a template author can act on: a syntax error found while compiling, a template that
/// cannot be loaded, or a problem found while rendering (a missing partial in strict mode, runaway
/// recursion). Each case carries its location; `description` is what users read.
public enum MustacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A tag that opens a container, as messages name it.
    public enum Container: String, Sendable {
        case section, invertedSection = "inverted section", parent, block
    }

    /// What renders in place of a tag: a template (partial, parent), a block's content, a lambda's output.
    public enum Expansion: String, Sendable {
        case partial, parent, block, lambda
    }

    // Compiling: tags
    /// The end of the template came before the tag's closing delimiter, `expected`.
    case unclosedTag(expected: String, at: TemplateLocation)
    case emptyTag(at: TemplateLocation)
    case whitespaceInName(String, at: TemplateLocation)
    /// A dotted name with an empty part (`a..b`, `.a`).
    case emptyNamePart(String, at: TemplateLocation)
    /// A set-delimiter tag without exactly two delimiters.
    case malformedSetDelimiters(at: TemplateLocation)
    case equalsInDelimiter(String, at: TemplateLocation)

    // Compiling: sections, parents and blocks
    /// More than `Compiler.maximumNesting` containers open at once.
    case sectionsNestedTooDeeply(at: TemplateLocation)
    case unexpectedClosingTag(String, at: TemplateLocation)
    /// A closing tag that does not close the innermost open container, `opening`.
    case mismatchedClosingTag(String, opening: String, openedAt: TemplateLocation, at: TemplateLocation)
    case unclosed(Container, tag: String, at: TemplateLocation)

    // Loading
    case folderNotFound(path: String)
    case unreadableTemplate(path: String, reason: String)
    /// A library asked to render a template it does not have.
    case unknownTemplate(name: String)

    // Rendering
    /// A partial or parent naming a template the library does not have (strict libraries only).
    case missingTemplate(Expansion, name: String, at: TemplateLocation)
    /// A dynamic partial or parent (`{{>*path}}`) whose name does not resolve to a string (strict libraries only).
    case dynamicNameNotAString(Expansion, path: String, at: TemplateLocation)
    /// More than `Renderer.maximumDepth` expansions inside each other.
    case nestedTooDeeply(Expansion, name: String, at: TemplateLocation)
    /// More than `Renderer.maximumSteps` section iterations and expansions in one render.
    case tooManySteps(at: TemplateLocation)
    /// A lambda returned a template that does not compile (`error`, located in the lambda's output).
    indirect case invalidLambdaOutput(lambda: String, MustacheError, at: TemplateLocation)

    public var location: TemplateLocation {
        switch self {
        case .unclosedTag(_, let at), .emptyTag(let at), .whitespaceInName(_, let at), .emptyNamePart(_, let at),
            .malformedSetDelimiters(let at), .equalsInDelimiter(_, let at), .sectionsNestedTooDeeply(let at),
            .unexpectedClosingTag(_, let at), .mismatchedClosingTag(_, _, _, let at), .unclosed(_, _, let at),
            .missingTemplate(_, _, let at), .dynamicNameNotAString(_, _, let at), .nestedTooDeeply(_, _, let at),
            .tooManySteps(let at), .invalidLambdaOutput(_, _, let at):
            at
        case .folderNotFound(let file), .unreadableTemplate(let file, _), .unknownTemplate(let file):
            TemplateLocation(file: file, line: 0, column: 0)
        }
    }

    /// What is wrong, without the location.
    public var message: String {
        switch self {
        case .unclosedTag(let expected, _): "unclosed tag: expected '\(expected)' before the end of the template"
        case .emptyTag: "empty tag: expected a name"
        case .whitespaceInName(let name, _): "invalid name '\(name)': names cannot contain whitespace"
        case .emptyNamePart(let name, _): "invalid name '\(name)': empty part in dotted name"
        case .malformedSetDelimiters:
            "invalid set-delimiter tag: expected two delimiters separated by whitespace, as in {{=<% %>=}}"
        case .equalsInDelimiter(let delimiter, _): "invalid delimiter '\(delimiter)': delimiters cannot contain '='"
        case .sectionsNestedTooDeeply: "sections nested too deeply (more than \(Compiler.maximumNesting) levels)"
        case .unexpectedClosingTag(let tag, _): "unexpected closing tag \(tag): no section is open"
        case .mismatchedClosingTag(let tag, let opening, let openedAt, _):
            "closing tag \(tag) does not match \(opening) at line \(openedAt.line), column \(openedAt.column)"
        case .unclosed(let container, let tag, _): "unclosed \(container.rawValue) \(tag): no matching closing tag"
        case .folderNotFound: "template folder not found"
        case .unreadableTemplate(_, let reason): "cannot read template: \(reason)"
        case .unknownTemplate: "template not found"
        case .missingTemplate(let expansion, let name, _): "\(expansion.rawValue) '\(name)' not found"
        case .dynamicNameNotAString(let expansion, let path, _):
            "dynamic \(expansion.rawValue) name '\(path)' does not resolve to a string"
        case .nestedTooDeeply(let expansion, let name, _):
            """
            \(expansion.rawValue) '\(name)' nested more than \(Renderer.maximumDepth) levels deep (infinite \
            recursion?)
            """
        case .tooManySteps:
            """
            more than \(Renderer.maximumSteps) section iterations and partial expansions in one render: sections \
            over lists nested in each other, or partials used several times each, multiply the work
            """
        case .invalidLambdaOutput(let lambda, let error, _): "lambda '\(lambda)' returned an invalid template: \(error)"
        }
    }

    /// `file:line:column: message` (or `file: message` when there is no position).
    public var description: String {
        let location = location
        let name = location.file.isEmpty ? "<template>" : location.file
        return location.line > 0 ? "\(name):\(location.line):\(location.column): \(message)" : "\(name): \(message)"
    }
}
