/// A Markdown file split into its front-matter record and its body.
///
/// The grammar is deliberately small and strict (SPEC.md): `key: value` lines, `[a, b]` lists,
/// `"…"` strings with `\"` and `\\` escapes, `'…'` strings (`''` for a quote), blank lines and
/// `#` comments. Anything else is an error with its line, so a typo never turns into content.
public struct FrontMatterDocument: Sendable {
    public var record: RawRecord
    public var body: String
    /// The line the body starts on, for Markdown diagnostics.
    public var bodyLine: Int
}

public enum FrontMatterParser {
    public static func parse(_ text: String, path: String) -> (document: FrontMatterDocument?, diagnostics: [Diagnostic]) {
        var text = text
        text.makeContiguousUTF8()
        let (lines, bodyStart) = frontMatterLines(text)
        guard let first = lines.first, first.trimmingTrailingSpaces == "---" else {
            return (nil, [Diagnostic(path: path, line: 1, "the file must start with a front-matter block: a line `---`, `key: value` lines, and a closing `---`")])
        }
        guard lines.count > 1, let last = lines.last, last.trimmingTrailingSpaces == "---" else {
            return (nil, [Diagnostic(path: path, line: 1, "the front matter opened here is never closed: add a line `---` after the last `key: value` line")])
        }
        let closing = lines.count - 1

        var diagnostics: [Diagnostic] = []
        var fields: [(key: String, field: RawField)] = []
        for index in 1..<closing {
            let lineNumber = index + 1
            switch parseLine(lines[index]) {
            case .skip:
                continue
            case .failure(let message):
                diagnostics.append(Diagnostic(path: path, line: lineNumber, message))
            case .field(let key, let value):
                if let earlier = fields.first(where: { $0.key == key }) {
                    diagnostics.append(Diagnostic(path: path, line: lineNumber, "`\(key)` is set twice (first on line \(earlier.field.line)): keep one"))
                } else {
                    fields.append((key, RawField(value: value, line: lineNumber)))
                }
            }
        }
        // The body is the rest of the text, with `\r\n` made `\n`: taken as it is when it has no `\r`.
        let body = bodyStart.map { start in
            let rest = text.utf8[start...]
            guard rest.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "\r")) }) ?? true else { return String(text[start...]) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(rest.count)
            var previous: UInt8?
            for byte in rest {
                if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") { bytes.removeLast() }
                bytes.append(byte)
                previous = byte
            }
            return String(decoding: bytes, as: UTF8.self)
        } ?? ""
        let document = FrontMatterDocument(record: RawRecord(path: path, line: 1, fields: fields), body: body, bodyLine: closing + 2)
        return (diagnostics.isEmpty ? document : nil, diagnostics)
    }

    private enum LineResult {
        case skip
        case field(String, RawValue)
        case failure(String)
    }

    private static func parseLine(_ line: Substring) -> LineResult {
        let bytes = line.utf8
        // Blank lines and comments. Leading blanks followed by a combining mark are no blank
        // character, but such a line is no comment either, so bytes tell this apart.
        guard let contentStart = bytes.firstIndex(where: { !Substring.isBlank($0) }) else { return .skip }
        if bytes[contentStart] == UInt8(ascii: "#") && line.hasCharacter("#", at: contentStart) { return .skip }
        if line.hasCharacter(" ", at: bytes.startIndex) || line.hasCharacter("\t", at: bytes.startIndex) {
            return .failure("indented lines are not supported: write each field as `key: value` at the start of the line")
        }
        guard let colon = line.firstCharacterIndex(of: ":") else {
            return .failure("expected `key: value`, found `\(line.trimmingSpaces.prefix(40))`")
        }
        let key = String(line[..<colon])
        guard isValidKey(key) else {
            return .failure("`\(key.prefix(40))` is not a valid key: use letters, digits, `_` and `-`, starting with a letter")
        }
        let rest = line[bytes.index(after: colon)...]
        if !rest.isEmpty && !rest.hasCharacter(" ", at: rest.startIndex) && !rest.hasCharacter("\t", at: rest.startIndex) {
            return .failure("put a space after `\(key):`")
        }
        switch parseValue(rest.trimmingSpaces) {
        case .success(let value): return .field(key, value)
        case .failure(let message): return .failure("`\(key)`: \(message)")
        }
    }

    private static func isValidKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.isASCIILetter else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    enum ValueResult {
        case success(RawValue)
        case failure(String)
    }

    static func parseValue(_ text: Substring) -> ValueResult {
        if text.hasCharacter("[", at: text.startIndex) {
            return parseList(text)
        }
        if text.hasCharacter("\"", at: text.startIndex) || text.hasCharacter("'", at: text.startIndex) {
            var cursor = text.startIndex
            switch parseQuoted(text, at: &cursor) {
            case .failure(let message): return .failure(message)
            case .success(let string):
                let after = text[cursor...].trimmingSpaces
                if after.isEmpty || after.hasPrefix("#") { return .success(.string(string)) }
                return .failure("unexpected `\(after.prefix(20))` after the closing quote")
            }
        }
        return .success(.string(String(text.containsUTF8Byte(where: { $0 == UInt8(ascii: "#") }) ? stripComment(text) : text)))
    }

    /// A plain value ends where ` #` starts a comment, as in YAML.
    private static func stripComment(_ text: Substring) -> Substring {
        var previous: Character = " "
        for index in text.indices {
            if text[index] == "#" && (previous == " " || previous == "\t") {
                return text[..<index].trimmingSpaces
            }
            previous = text[index]
        }
        return text
    }

    private enum QuotedResult {
        case success(String)
        case failure(String)
    }

    /// Reads a quoted string starting at `cursor`, leaving `cursor` after the closing quote.
    ///
    /// Works on UTF-8 bytes: quotes and backslashes are ASCII, so they are never part of a longer
    /// sequence, and the text between them is copied in runs rather than character by character.
    private static func parseQuoted(_ text: Substring, at cursor: inout Substring.Index) -> QuotedResult {
        let utf8 = text.utf8
        let start = utf8.distance(from: utf8.startIndex, to: cursor)
        var text = text
        let (outcome, end) = text.withUTF8 { bytes -> (QuotedResult, Int) in
            let quote = bytes[start]
            let backslash = UInt8(ascii: "\\")
            // The text between escapes is copied in runs.
            var result: [UInt8] = []
            var runStart = start + 1
            var index = runStart
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == quote || (byte == backslash && quote == UInt8(ascii: "\"")) else {
                    index += 1
                    continue
                }
                result += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                if byte == quote {
                    if quote == UInt8(ascii: "'") && index + 1 < bytes.count && bytes[index + 1] == quote {
                        result.append(quote)
                        index += 2
                        runStart = index
                        continue
                    }
                    return (.success(String(decoding: result, as: UTF8.self)), index + 1)
                }
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                guard escaped == quote || escaped == backslash else {
                    let shown = String(decoding: bytes[(index + 1)...], as: UTF8.self).prefix(1)
                    return (.failure("unknown escape `\\\(shown)` in a quoted string: only `\\\"` and `\\\\` are allowed"), index)
                }
                result.append(escaped)
                index += 2
                runStart = index
            }
            return (.failure("the string is never closed: add the closing \(Character(Unicode.Scalar(quote)))"), index)
        }
        if case .success = outcome { cursor = utf8.index(utf8.startIndex, offsetBy: end) }
        return outcome
    }

    private static func parseList(_ text: Substring) -> ValueResult {
        var items: [String] = []
        var index = text.index(after: text.startIndex)
        var expectItem = true
        func skipSpaces() {
            while index < text.endIndex && (text[index] == " " || text[index] == "\t") { index = text.index(after: index) }
        }
        while true {
            skipSpaces()
            guard index < text.endIndex else { return .failure("the list is never closed: add `]`") }
            let character = text[index]
            if character == "]" {
                if expectItem && !items.isEmpty { return .failure("a list item is missing before `]`") }
                index = text.index(after: index)
                break
            }
            if !expectItem {
                guard character == "," else { return .failure("expected `,` or `]` in the list, found `\(character)`") }
                index = text.index(after: index)
                expectItem = true
                continue
            }
            if character == "\"" || character == "'" {
                switch parseQuoted(text, at: &index) {
                case .failure(let message): return .failure(message)
                case .success(let item): items.append(item)
                }
            } else {
                let start = index
                while index < text.endIndex && text[index] != "," && text[index] != "]" {
                    if text[index] == "[" { return .failure("lists cannot be nested") }
                    index = text.index(after: index)
                }
                let item = text[start..<index].trimmingSpaces
                if item.isEmpty { return .failure("a list item is empty") }
                items.append(String(item))
            }
            expectItem = false
        }
        let after = text[index...].trimmingSpaces
        if !after.isEmpty && !after.hasPrefix("#") {
            return .failure("unexpected `\(after.prefix(20))` after the list")
        }
        return .success(.list(items))
    }

    /// The lines of the front matter, split on `\n` and `\r\n` so that Windows files read the same:
    /// from the first line to the closing `---` (or to the end when there is none, or when the first
    /// line opens nothing), and where the body starts, after the closing line's line feed (nil when
    /// nothing follows it). The body is not split: it is taken whole.
    ///
    /// Scans UTF-8 bytes in place: a line feed is never part of a longer sequence, and a carriage
    /// return right before it ends the line.
    static func frontMatterLines(_ text: String) -> (lines: [Substring], bodyStart: String.Index?) {
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        func isDelimiter(_ line: Substring) -> Bool { line.trimmingTrailingSpaces == "---" }
        return utf8.withContiguousStorageIfAvailable { bytes -> ([Substring], String.Index?) in
            var lines: [Substring] = []
            var lineStart = 0
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                let lineEnd = offset > lineStart && bytes[offset - 1] == UInt8(ascii: "\r") ? offset - 1 : offset
                let line = text[index(lineStart)..<index(lineEnd)]
                lines.append(line)
                lineStart = offset + 1
                if lines.count == 1 ? !isDelimiter(line) : isDelimiter(line) {
                    return (lines, lines.count == 1 ? nil : index(lineStart))
                }
            }
            lines.append(text[index(lineStart)...])
            return (lines, nil)
        }!
    }
}

extension Substring {
    /// Without the spaces and tabs around it. Over UTF-8 bytes, which gives the same as going by
    /// `Character` except where a combining mark follows the leading blanks (then the last blank
    /// and the mark are one character, which is no blank): that case goes by `Character`.
    var trimmingSpaces: Substring {
        let bytes = utf8
        var start = bytes.startIndex
        while start < bytes.endIndex, Self.isBlank(bytes[start]) { start = bytes.index(after: start) }
        if start != bytes.startIndex, start < bytes.endIndex, bytes[start] >= 0x80 {
            var result = self
            while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
            return result.trimmingTrailingSpaces
        }
        return self[start...].trimmingTrailingSpaces
    }

    /// Without the spaces and tabs at its end. Over UTF-8 bytes: a trailing blank is always a
    /// character of its own, since marks join the character before them.
    var trimmingTrailingSpaces: Substring {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, Self.isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return self[..<end]
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether the character starting at `index` (a character boundary) is the ASCII `character`
    /// alone. Decided by bytes when the next byte is ASCII too, which never joins it.
    func hasCharacter(_ character: Unicode.Scalar, at index: Index) -> Bool {
        let bytes = utf8
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
        let next = bytes.index(after: index)
        if next == bytes.endIndex || bytes[next] < 0x80 { return true }
        return self[index...].first == Character(character)
    }

    /// `firstIndex(of: character)` for an ASCII `character`, found by bytes when everything before
    /// it and the byte after it are ASCII, so that it cannot be part of a longer character.
    func firstCharacterIndex(of character: Unicode.Scalar) -> Index? {
        let bytes = utf8
        let byte = UInt8(ascii: character)
        guard let found = bytes.firstIndex(where: { $0 == byte || $0 >= 0x80 }) else { return nil }
        if bytes[found] == byte {
            let next = bytes.index(after: found)
            if next == bytes.endIndex || bytes[next] < 0x80 { return found }
        }
        return firstIndex(of: Character(character))
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
