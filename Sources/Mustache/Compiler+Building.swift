/// Pass 3: building the nodes from the paired tokens, their standalone lines trimmed.
extension Compiler {
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
            if first != UInt8(ascii: "\n"),
                !(first == UInt8(ascii: "\r") && bytes.count > 1 && bytes[1] == UInt8(ascii: "\n"))
            {
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

    func build() -> [Node] {
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
                    builder.append(
                        .variable(
                            VariableNode(
                                path: Path(token.name), escaped: token.kind == .variable, location: location(index))))
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
                builder.append(
                    .partial(
                        PartialNode(reference: reference(token), indentation: indentation, location: location(index))))

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
                builder.stack.append(
                    Container(kind: .block(opening: index), dedent: own.starts(with: outer) ? own : outer))
                builder.atLineStart = true // content starts a line of its own; see BlockContent

            case .close:
                if case .ignored = builder.top.kind {
                    builder.stack.removeLast()
                    continue
                }
                if standalone {
                    builder.atLineStart = true
                } else if !builder.top.ignoresContent {
                    builder.markLineStart()
                }
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
            let text = String(decoding: source[token.end..<tokens[closingTag].start], as: UTF8.self)
            builder.append(
                .section(
                    SectionNode(
                        path: Path(token.name), inverted: token.kind == .inverted, body: closed.nodes,
                        lambdaSource: (text, token.delimiters), location: location(opening))))

        case .block(let opening):
            let name = tokens[opening].name
            let content = BlockContent(nodes: closed.nodes)
            if builder.top.ignoresContent {
                if builder.top.overrides[name] == nil { builder.top.overrides[name] = content }
            } else {
                let indentation = removingCommonPrefix(layout[opening].indentation, builder.top.dedent)
                builder.append(
                    .block(
                        BlockNode(
                            name: name, defaultContent: content, indentation: indentation,
                            standalone: layout[opening].standalone, location: location(opening))))
            }

        case .parent(let opening):
            let standalone = layout[opening].standalone
            let indentation = standalone ? removingCommonPrefix(layout[opening].indentation, builder.top.dedent) : nil
            builder.append(
                .parent(
                    ParentNode(
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
}
