/// Pass 2: standalone lines. A tag alone on its line (bar blanks) takes the whole line out of the
/// output; partials, parents and blocks remember its indentation.
extension Compiler {
    /// Whether the token is a `{{$block}}` giving an override directly inside a `{{<parent}}`.
    private func isOverride(_ index: Int) -> Bool {
        tokens[index].kind == .block && container[index] >= 0 && tokens[container[index]].kind == .parent
    }

    mutating func findStandaloneLines() {
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
                layout[index].indentation = contentIndentation(
                    tag: token, lineEnd: layout[index].standalone ? lineEnd : nil)
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
            if byte == UInt8(ascii: "\r"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "\n") {
                return index + 2
            }
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
}
