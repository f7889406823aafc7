/// Turns a template source into a node tree, in three passes over the tokens:
///
/// 1. **Pairing** matches opening and closing tags and reports nesting errors.
/// 2. **Standalone lines**: a tag alone on its line (bar blanks) removes that whole line from the
///    output, and remembers the line's indentation (for partials, parents and blocks).
/// 3. **Building** produces the nodes, marking line starts so that partials and blocks can be
///    indented at render time, and removing a block's own indentation from its content.
struct Compiler {
    /// Deeper nesting than this in one template is reported as an error rather than risking the stack.
    static let maximumNesting = 256

    private let source: [UInt8]
    private let lines: LineTable
    private var tokens: [Token]
    /// For each opening tag the index of its closing tag, and vice versa; -1 for other tokens.
    private var partner: [Int]
    /// For each token the index of the innermost opening tag around it; -1 at top level.
    private var container: [Int]
    private var layout: [TagLayout]

    private struct TagLayout {
        var standalone = false
        /// Partials and parents: the blanks before a standalone tag.
        /// Blocks: the indentation of the block's content (see `contentIndentation`).
        var indentation: [UInt8] = []
    }

    static func compile(_ source: String, file: String, delimiters: Delimiters = .standard) throws(MustacheError) -> [Node] {
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

    private mutating func pairTags() throws(MustacheError) {
        var open: [Int] = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.opensContainer {
                container[index] = open.last ?? -1
                open.append(index)
                if open.count > Compiler.maximumNesting {
                    throw error(at: index, "sections nested too deeply (more than \(Compiler.maximumNesting) levels)")
                }
            } else if token.kind == .close {
                guard let opening = open.popLast() else {
                    throw error(at: index, "unexpected closing tag \(tagText(index)): no section is open")
                }
                guard tokens[opening].closingKey == token.closingKey else {
                    let at = lines.location(of: tokens[opening].start)
                    throw error(at: index, "closing tag \(tagText(index)) does not match \(tagText(opening)) at line \(at.line), column \(at.column)")
                }
                partner[opening] = index
                partner[index] = opening
                container[index] = open.last ?? -1
            } else {
                container[index] = open.last ?? -1
            }
        }
        if let unclosed = open.last {
            throw error(at: unclosed, "unclosed \(noun(unclosed)) \(tagText(unclosed)): no matching closing tag")
        }
    }

    private func noun(_ index: Int) -> String {
        switch tokens[index].kind {
        case .inverted: "inverted section"
        case .parent: "parent"
        case .block: "block"
        default: "section"
        }
    }

    // MARK: - Pass 2: standalone lines

    /// Whether the token is a `{{$block}}` giving an override directly inside a `{{<parent}}`.
    private func isOverride(_ index: Int) -> Bool {
        tokens[index].kind == .block && container[index] >= 0 && tokens[container[index]].kind == .parent
    }

    private mutating func findStandaloneLines() {
        for index in tokens.indices where tokens[index].canBeStandalone {
            let token = tokens[index]
            if token.kind == .close, tokens[partner[index]].kind == .parent {
                continue // decided together with its opening tag
            }
            if isOverride(index) {
                // Text around an override is ignored, so only the side facing the content matters:
                // `{{<parent}}{{$block}}⏎` starts the content on the next line.
                let lineEnd = blankSuffixEnd(after: token.end)
                if let lineEnd {
                    layout[index].standalone = true
                    trimText(after: index, to: lineEnd)
                }
                layout[index].indentation = contentIndentation(tag: token, lineEnd: lineEnd)
                continue
            }
            if token.kind == .close, isOverride(partner[index]) {
                if let lineStart = blankPrefixStart(before: token.start) {
                    layout[index].standalone = true
                    trimText(before: index, to: lineStart)
                }
                continue
            }
            // A parent is standalone when its opening tag starts a line and its closing tag ends one,
            // so `{{<parent}}{{/parent}}` alone on a line acts like a standalone partial.
            let closing = token.kind == .parent ? partner[index] : index
            let lineStart = blankPrefixStart(before: token.start)
            let lineEnd = blankSuffixEnd(after: tokens[closing].end)
            if let lineStart, let lineEnd {
                layout[index].standalone = true
                layout[closing].standalone = true
                layout[index].indentation = Array(source[lineStart..<token.start])
                trimText(before: index, to: lineStart)
                trimText(after: closing, to: lineEnd)
            }
            if token.kind == .block {
                layout[index].indentation = contentIndentation(tag: token, lineEnd: layout[index].standalone ? lineEnd : nil)
            }
        }
    }

    /// The indentation of a block's content: that of its first line when the opening tag ends its
    /// line (`lineEnd` is the start of the next line), otherwise that of the tag's own line.
    private func contentIndentation(tag: Token, lineEnd: Int?) -> [UInt8] {
        var start = lineEnd ?? tag.start
        if lineEnd == nil {
            while start > 0, source[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        }
        var end = start
        while end < source.count, source[end].isBlank { end += 1 }
        return Array(source[start..<end])
    }

    /// The start of the line holding `offset`, if only blanks come before `offset` on that line.
    private func blankPrefixStart(before offset: Int) -> Int? {
        var index = offset
        while index > 0 {
            let byte = source[index - 1]
            if byte == UInt8(ascii: "\n") { return index }
            guard byte.isBlank else { return nil }
            index -= 1
        }
        return 0
    }

    /// The start of the next line (or the end of the source) if only blanks follow `offset` on its line.
    private func blankSuffixEnd(after offset: Int) -> Int? {
        var index = offset
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\n") { return index + 1 }
            if byte == UInt8(ascii: "\r"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "\n") { return index + 2 }
            guard byte.isBlank else { return nil }
            index += 1
        }
        return source.count
    }

    private mutating func trimText(before index: Int, to lineStart: Int) {
        guard index > 0, tokens[index - 1].kind == .text else { return }
        tokens[index - 1].end = max(tokens[index - 1].start, lineStart)
    }

    private mutating func trimText(after index: Int, to lineEnd: Int) {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .text else { return }
        tokens[index + 1].start = min(tokens[index + 1].end, lineEnd)
    }

    // MARK: - Pass 3: building

    private struct Container {
        enum Kind {
            case root
            case section(opening: Int)
            case block(opening: Int)
            case parent(opening: Int)
            /// Anything nested inside a parent other than its overrides: parsed, then dropped.
            case ignored
        }

        let kind: Kind
        /// Indentation removed from every line of this container's text (a block's own indentation).
        let dedent: [UInt8]
        var nodes: [Node] = []
        var overrides: [String: BlockContent] = [:]

        var ignoresContent: Bool {
            switch kind {
            case .parent, .ignored: true
            default: false
            }
        }
    }

    private struct Builder {
        var stack = [Container(kind: .root, dedent: [])]
        /// The next output starts a template line that has no `.lineStart` node yet.
        var atLineStart = true

        var top: Container {
            get { stack[stack.count - 1] }
            _modify { yield &stack[stack.count - 1] }
        }

        mutating func append(_ node: Node) {
            top.nodes.append(node)
        }

        mutating func markLineStart() {
            if atLineStart {
                top.nodes.append(.lineStart)
                atLineStart = false
            }
        }

        mutating func appendText(_ bytes: [UInt8]) {
            guard let first = bytes.first else { return }
            if first != UInt8(ascii: "\n"), !(first == UInt8(ascii: "\r") && bytes.count > 1 && bytes[1] == UInt8(ascii: "\n")) {
                markLineStart() // empty lines are never indented
            }
            if case .text(let previous) = top.nodes.last {
                top.nodes[top.nodes.count - 1] = .text(previous + bytes)
            } else {
                top.nodes.append(.text(bytes))
            }
            atLineStart = bytes.last == UInt8(ascii: "\n")
        }
    }

    private func build() -> [Node] {
        var builder = Builder()
        for index in tokens.indices {
            let token = tokens[index]
            let inParent = builder.top.ignoresContent
            let standalone = layout[index].standalone

            switch token.kind {
            case .text:
                if !inParent {
                    builder.appendText(dedented(token.start..<token.end, by: builder.top.dedent))
                }

            case .variable, .unescaped:
                if !inParent {
                    builder.markLineStart()
                    builder.append(.variable(VariableNode(path: Path(token.name), escaped: token.kind == .variable, location: location(index))))
                }

            case .comment, .setDelimiters:
                if standalone { builder.atLineStart = true }

            case .partial:
                guard !inParent else { continue }
                var indentation: [UInt8]?
                if standalone {
                    indentation = removingCommonPrefix(layout[index].indentation, builder.top.dedent)
                    builder.atLineStart = true
                } else {
                    builder.markLineStart()
                }
                builder.append(.partial(PartialNode(reference: reference(token), indentation: indentation, location: location(index))))

            case .section, .inverted, .parent:
                if inParent {
                    builder.stack.append(Container(kind: .ignored, dedent: []))
                    continue
                }
                if standalone { builder.atLineStart = true } else { builder.markLineStart() }
                let kind: Container.Kind = token.kind == .parent ? .parent(opening: index) : .section(opening: index)
                builder.stack.append(Container(kind: kind, dedent: builder.top.dedent))

            case .block:
                if case .ignored = builder.top.kind {
                    builder.stack.append(Container(kind: .ignored, dedent: []))
                    continue
                }
                if !inParent {
                    if standalone { builder.atLineStart = true } else { builder.markLineStart() }
                }
                let outer = builder.top.dedent
                let own = layout[index].indentation
                builder.stack.append(Container(kind: .block(opening: index), dedent: own.starts(with: outer) ? own : outer))
                builder.atLineStart = true // content starts a line of its own; see BlockContent

            case .close:
                if case .ignored = builder.top.kind {
                    builder.stack.removeLast()
                    continue
                }
                if standalone { builder.atLineStart = true } else if !builder.top.ignoresContent { builder.markLineStart() }
                let closed = builder.stack.removeLast()
                close(closed, closingTag: index, into: &builder)
            }
        }
        return builder.stack[0].nodes
    }

    private func close(_ closed: Container, closingTag: Int, into builder: inout Builder) {
        switch closed.kind {
        case .section(let opening):
            let token = tokens[opening]
            let rawBody = String(decoding: source[token.end..<tokens[closingTag].start], as: UTF8.self)
            builder.append(.section(SectionNode(
                path: Path(token.name), inverted: token.kind == .inverted, body: closed.nodes,
                rawBody: rawBody, delimiters: token.delimiters, location: location(opening))))

        case .block(let opening):
            let name = tokens[opening].name
            let content = BlockContent(nodes: closed.nodes)
            if builder.top.ignoresContent {
                if builder.top.overrides[name] == nil { builder.top.overrides[name] = content }
            } else {
                let indentation = removingCommonPrefix(layout[opening].indentation, builder.top.dedent)
                builder.append(.block(BlockNode(name: name, defaultContent: content, indentation: indentation, standalone: layout[opening].standalone, location: location(opening))))
            }

        case .parent(let opening):
            let standalone = layout[opening].standalone
            let indentation = standalone ? removingCommonPrefix(layout[opening].indentation, builder.top.dedent) : nil
            builder.append(.parent(ParentNode(
                reference: reference(tokens[opening]), overrides: closed.overrides,
                indentation: indentation, location: location(opening))))
            builder.atLineStart = standalone

        case .root, .ignored:
            break
        }
    }

    /// The text in `range`, with up to `dedent` removed from the start of each source line in it.
    private func dedented(_ range: Range<Int>, by dedent: [UInt8]) -> [UInt8] {
        guard !dedent.isEmpty else { return Array(source[range]) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            if index == 0 || source[index - 1] == UInt8(ascii: "\n") {
                var matched = 0
                while matched < dedent.count, index < range.upperBound, source[index] == dedent[matched] {
                    matched += 1
                    index += 1
                }
                if index == range.upperBound { break }
            }
            bytes.append(source[index])
            index += 1
        }
        return bytes
    }

    /// What remains of `indentation` once a block's `dedent` is taken off.
    private func removingCommonPrefix(_ indentation: [UInt8], _ dedent: [UInt8]) -> [UInt8] {
        var count = 0
        while count < indentation.count, count < dedent.count, indentation[count] == dedent[count] { count += 1 }
        return Array(indentation[count...])
    }

    private func reference(_ token: Token) -> TemplateReference {
        token.isDynamic ? .dynamic(Path(token.name)) : .name(token.name)
    }

    private func location(_ index: Int) -> SourceLocation {
        lines.location(of: tokens[index].start)
    }

    private func tagText(_ index: Int) -> String {
        String(decoding: source[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    private func error(at index: Int, _ message: String) -> MustacheError {
        location(index).error(message)
    }
}
