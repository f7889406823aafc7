/// The pair of strings that open and close a tag; `{{` and `}}` unless a set-delimiter tag changed them.
struct Delimiters: Sendable, Equatable {
    let open: [UInt8]
    let close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// One piece of a template source: a run of text or a tag, located by UTF-8 offsets.
struct Token {
    enum Kind {
        case text
        case variable // {{name}}
        case unescaped // {{{name}}} or {{&name}}
        case section // {{#name}}
        case inverted // {{^name}}
        case close // {{/name}}
        case comment // {{! … }}
        case partial // {{>name}} / {{>*name}}
        case parent // {{<name}} / {{<*name}}
        case block // {{$name}}
        case setDelimiters // {{=<% %>=}}
    }

    let kind: Kind
    /// For text, the range still to be output; standalone-line removal narrows it.
    /// For tags, the range from the opening delimiter to the end of the closing one.
    var start, end: Int
    /// The tag's trimmed name (without the `*` of a dynamic name); empty for text and comments.
    let name: String
    let isDynamic: Bool
    /// Delimiters in force after this token.
    let delimiters: Delimiters

    /// The key a closing tag must repeat: `*name` for dynamic references.
    var closingKey: String { isDynamic ? "*" + name : name }

    var opensContainer: Bool {
        kind == .section || kind == .inverted || kind == .parent || kind == .block
    }

    /// Tags that may stand alone on a line, which then disappears from the output.
    var canBeStandalone: Bool {
        switch kind {
        case .text, .variable, .unescaped: false
        default: true
        }
    }
}

/// Splits a template source into tokens, following set-delimiter tags as it goes.
struct Scanner {
    let source: [UInt8]
    let lines: LineTable

    func tokenize(delimiters initial: Delimiters) throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var delimiters = initial
        var position = 0
        let count = source.count

        while position < count {
            guard let tagStart = find(delimiters.open, from: position) else {
                tokens.append(
                    Token(kind: .text, start: position, end: count, name: "", isDynamic: false, delimiters: delimiters))
                break
            }
            if tagStart > position {
                tokens.append(
                    Token(
                        kind: .text, start: position, end: tagStart, name: "", isDynamic: false, delimiters: delimiters)
                )
            }
            let token = try scanTag(at: tagStart, delimiters: delimiters)
            delimiters = token.delimiters
            tokens.append(token)
            position = token.end
        }
        return tokens
    }

    // MARK: - Tags

    private func scanTag(at tagStart: Int, delimiters: Delimiters) throws(MustacheError) -> Token {
        var position = tagStart + delimiters.open.count
        while position < source.count, source[position].isWhitespace { position += 1 }
        let sigil: UInt8? = position < source.count ? source[position] : nil

        /// Finds `terminator` (e.g. `}` + closing delimiter) and returns the content before it and the tag end.
        func content(from contentStart: Int, until terminator: [UInt8]) throws(MustacheError) -> (String, Int) {
            guard let contentEnd = find(terminator, from: contentStart) else {
                let expected = String(decoding: terminator, as: UTF8.self)
                throw .unclosedTag(expected: expected, at: location(tagStart))
            }
            return (trimmed(contentStart..<contentEnd), contentEnd + terminator.count)
        }

        func token(
            _ kind: Token.Kind, _ name: String, end: Int, dynamic: Bool = false, delimiters next: Delimiters? = nil
        ) -> Token {
            Token(kind: kind, start: tagStart, end: end, name: name, isDynamic: dynamic, delimiters: next ?? delimiters)
        }

        switch sigil {
        case UInt8(ascii: "{"):
            let (name, end) = try content(from: position + 1, until: [UInt8(ascii: "}")] + delimiters.close)
            return token(.unescaped, try validated(name, at: tagStart), end: end)
        case UInt8(ascii: "="):
            let (body, end) = try content(from: position + 1, until: [UInt8(ascii: "=")] + delimiters.close)
            return token(.setDelimiters, "", end: end, delimiters: try parseDelimiters(body, at: tagStart))
        case UInt8(ascii: "!"):
            let (_, end) = try content(from: position + 1, until: delimiters.close)
            return token(.comment, "", end: end)
        default:
            break
        }

        let kind: Token.Kind
        switch sigil {
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        default: kind = .variable
        }
        let (body, end) = try content(from: kind == .variable ? position : position + 1, until: delimiters.close)

        // Dynamic names: `{{>*name}}`, `{{<*name}}`, and `{{/*name}}` closing the latter.
        if kind == .partial || kind == .parent || kind == .close, body.hasPrefix("*") {
            let name = String(body.dropFirst()).trimmingWhitespace()
            return token(kind, try validated(name, at: tagStart, dotted: true), end: end, dynamic: true)
        }
        // Template and block names are plain names; closing tags only have to match their opening tag.
        let dotted = kind == .variable || kind == .unescaped || kind == .section || kind == .inverted
        return token(kind, try validated(body, at: tagStart, dotted: dotted), end: end)
    }

    private func validated(_ name: String, at offset: Int, dotted: Bool = true) throws(MustacheError) -> String {
        if name.isEmpty {
            throw .emptyTag(at: location(offset))
        }
        if name.utf8.contains(where: \.isWhitespace) {
            throw .whitespaceInName(name, at: location(offset))
        }
        if dotted, name != ".", name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        {
            throw .emptyNamePart(name, at: location(offset))
        }
        return name
    }

    private func parseDelimiters(_ body: String, at offset: Int) throws(MustacheError) -> Delimiters {
        let parts = body.utf8.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2 else {
            throw .malformedSetDelimiters(at: location(offset))
        }
        for part in parts where part.contains(UInt8(ascii: "=")) {
            throw .equalsInDelimiter(String(decoding: part, as: UTF8.self), at: location(offset))
        }
        return Delimiters(open: Array(parts[0]), close: Array(parts[1]))
    }

    // MARK: - Bytes

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, source[lower].isWhitespace { lower += 1 }
        while upper > lower, source[upper - 1].isWhitespace { upper -= 1 }
        return String(decoding: source[lower..<upper], as: UTF8.self)
    }

    /// The offset of the first occurrence of `needle` at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        let last = source.count - needle.count
        var index = start
        while index <= last {
            if source[index] == first {
                var matched = 1
                while matched < needle.count, source[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func location(_ offset: Int) -> TemplateLocation {
        lines.location(of: offset)
    }
}

/// Maps UTF-8 offsets to 1-based line and column numbers (columns count Unicode scalars).
struct LineTable {
    let file: String
    private let source: [UInt8]
    private let starts: [Int]

    init(source: [UInt8], file: String) {
        self.file = file
        self.source = source
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.starts = starts
    }

    func location(of offset: Int) -> TemplateLocation {
        // The last line start at or before `offset`.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let column = source[starts[low]..<offset].reduce(1) { count, byte in
            byte & 0b1100_0000 == 0b1000_0000 ? count : count + 1 // skip UTF-8 continuation bytes
        }
        return TemplateLocation(file: file, line: low + 1, column: column)
    }
}

extension UInt8 {
    var isWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\n")
            || self == UInt8(ascii: "\r")
    }

    /// Whitespace that may surround a standalone tag on its line.
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}

extension String {
    func trimmingWhitespace() -> String {
        let bytes = Array(utf8)
        var lower = 0, upper = bytes.count
        while lower < upper, bytes[lower].isWhitespace { lower += 1 }
        while upper > lower, bytes[upper - 1].isWhitespace { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
