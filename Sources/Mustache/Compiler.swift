/// Turns a template source into a node tree, in three passes over the tokens:
///
/// 1. **Pairing** (here) matches opening and closing tags and reports nesting errors.
/// 2. **Standalone lines** (`Compiler+StandaloneLines.swift`): a tag alone on its line (bar
///    blanks) removes that whole line from the output, and remembers the line's indentation (for
///    partials, parents and blocks).
/// 3. **Building** (`Compiler+Building.swift`) produces the nodes, marking line starts so that
///    partials and blocks can be indented at render time, and removing a block's own indentation
///    from its content.
struct Compiler {
    /// Deeper nesting than this in one template is reported as an error rather than risking the stack.
    static let maximumNesting = 256

    let source: [UInt8]
    let lines: LineTable
    var tokens: [Token]
    /// For each opening tag the index of its closing tag, and vice versa; -1 for other tokens.
    var partner: [Int]
    /// For each token the index of the innermost opening tag around it; -1 at top level.
    var container: [Int]
    var layout: [TagLayout]

    struct TagLayout {
        var standalone = false
        /// Partials and parents: the blanks before a standalone tag.
        /// Blocks: the indentation of the block's content (see `contentIndentation`).
        var indentation: [UInt8] = []
    }

    static func compile(_ source: String, file: String, delimiters: Delimiters = .standard) throws(MustacheError)
        -> [Node]
    {
        var compiler = try Compiler(source: Array(source.utf8), file: file, delimiters: delimiters)
        try compiler.pairTags()
        compiler.findStandaloneLines()
        return compiler.build()
    }

    private init(source: [UInt8], file: String, delimiters: Delimiters) throws(MustacheError) {
        self.source = source
        lines = LineTable(source: source, file: file)
        tokens = try Scanner(source: source, lines: lines).tokenize(delimiters: delimiters)
        partner = Array(repeating: -1, count: tokens.count)
        container = Array(repeating: -1, count: tokens.count)
        layout = Array(repeating: TagLayout(), count: tokens.count)
    }

    // MARK: - Pass 1: pairing

    mutating func pairTags() throws(MustacheError) {
        var open: [Int] = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.opensContainer {
                container[index] = open.last ?? -1
                open.append(index)
                if open.count > Compiler.maximumNesting {
                    throw .sectionsNestedTooDeeply(at: location(index))
                }
            } else if token.kind == .close {
                guard let opening = open.popLast() else {
                    throw .unexpectedClosingTag(tagText(index), at: location(index))
                }
                guard tokens[opening].closingKey == token.closingKey else {
                    throw .mismatchedClosingTag(
                        tagText(index), opening: tagText(opening), openedAt: location(opening), at: location(index))
                }
                partner[opening] = index
                partner[index] = opening
                container[index] = open.last ?? -1
            } else {
                container[index] = open.last ?? -1
            }
        }
        if let unclosed = open.last {
            throw .unclosed(containerKind(unclosed), tag: tagText(unclosed), at: location(unclosed))
        }
    }

    private func containerKind(_ index: Int) -> MustacheError.Container {
        switch tokens[index].kind {
        case .inverted: .invertedSection
        case .parent: .parent
        case .block: .block
        default: .section
        }
    }

    // MARK: - Support

    func reference(_ token: Token) -> TemplateReference {
        token.isDynamic ? .dynamic(Path(token.name)) : .name(token.name)
    }

    func location(_ index: Int) -> TemplateLocation {
        lines.location(of: tokens[index].start)
    }

    func tagText(_ index: Int) -> String {
        String(decoding: source[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }
}
