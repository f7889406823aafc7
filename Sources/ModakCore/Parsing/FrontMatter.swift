import Foundation
import UTF8Bytes

/// A Markdown file split into its front-matter record and its body.
///
/// The grammar is deliberately small and strict (docs/reference/content.md): `key: value` lines, `[a, b]` lists,
/// `"…"` strings with `\"` and `\\` escapes, `'…'` strings (`''` for a quote), blank lines and
/// `#` comments. Anything else is an error with its line, so a typo never turns into content; so is
/// a plain value a YAML reader would not take as text (`YAMLConstruct`), and a YAML block list.
public struct FrontMatterDocument: Sendable {
    public var record: RawRecord
    public var body: String
    /// The line the body starts on, for Markdown diagnostics.
    public var bodyLine: Int
}

/// Reads front matter by UTF-8 offsets: its structure (`---`, `:`, blanks, quotes, `#`) is ASCII, and
/// an ASCII byte never occurs inside a longer sequence. The grammar is defined over characters,
/// though, and the two readings differ only where a combining mark (or another extender) follows an
/// ASCII byte and joins it into one character: that is asked of the standard library at exactly
/// those places (`standsAlone`). Walking `Substring` indices instead cost about five times as much.
public enum FrontMatterParser {
    public static func parse(_ text: String, path: String) -> (document: FrontMatterDocument?, diagnostics: [Diagnostic]) {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            parse(FrontMatterBytes(buffer: bytes), path: path)
        }!
    }

    private static func parse(_ bytes: FrontMatterBytes, path: String) -> (document: FrontMatterDocument?, diagnostics: [Diagnostic]) {
        let (lines, bodyStart) = frontMatterLines(bytes)
        guard let first = lines.first, bytes.isDelimiter(first) else {
            return (nil, [Diagnostic(path: path, line: 1, "the file must start with a front-matter block: a line `---`, `key: value` lines, and a closing `---`")])
        }
        guard lines.count > 1, let last = lines.last, bytes.isDelimiter(last) else {
            return (nil, [Diagnostic(path: path, line: 1, "the front matter opened here is never closed: add a line `---` after the last `key: value` line")])
        }
        let closing = lines.count - 1

        var diagnostics: [Diagnostic] = []
        var fields: [(key: String, field: RawField)] = []
        var yamlBlockReported = false
        for index in 1..<closing {
            let lineNumber = index + 1
            // The lines of a YAML block already reported (a block scalar's text, a block list's items) are not reported again.
            if yamlBlockReported && bytes.continuesYAMLBlock(lines[index]) { continue }
            yamlBlockReported = false
            switch parseLine(lines[index], in: bytes) {
            case .skip:
                continue
            case .failure(let message, let opensYAMLBlock):
                diagnostics.append(Diagnostic(path: path, line: lineNumber, message))
                yamlBlockReported = opensYAMLBlock
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
            let rest = UnsafeBufferPointer(rebasing: bytes.buffer[start...])
            guard rest.contains(UInt8(ascii: "\r")) else { return String(copyingValidUTF8: rest) }
            var body: [UInt8] = []
            body.reserveCapacity(rest.count)
            var previous: UInt8?
            for byte in rest {
                if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") { body.removeLast() }
                body.append(byte)
                previous = byte
            }
            return String(decoding: body, as: UTF8.self)
        } ?? ""
        let document = FrontMatterDocument(record: RawRecord(path: path, line: 1, fields: fields), body: body, bodyLine: closing + 2)
        return (diagnostics.isEmpty ? document : nil, diagnostics)
    }

    private enum LineResult {
        case skip
        case field(String, RawValue)
        /// `opensYAMLBlock`: the line starts a YAML block, whose following lines belong to it.
        case failure(String, opensYAMLBlock: Bool = false)
    }

    private static func parseLine(_ line: Range<Int>, in bytes: FrontMatterBytes) -> LineResult {
        // Blank lines and comments. Leading blanks followed by a combining mark are no blank
        // character, but such a line is no comment either, so bytes tell this apart.
        guard let contentStart = line.first(where: { !FrontMatterBytes.isBlank(bytes[$0]) }) else { return .skip }
        if bytes[contentStart] == UInt8(ascii: "#") && bytes.standsAlone(contentStart, end: line.upperBound) { return .skip }
        if bytes.isBlockListItem(contentStart..<line.upperBound) {
            return .failure("`\(bytes.string(bytes.trimmingBlanks(line)).prefix(40))` is an item of a YAML block list, which front matter does not have: write the list on its key's line, as `tags: [a, b]`", opensYAMLBlock: true)
        }
        if FrontMatterBytes.isBlank(bytes[line.lowerBound]) && bytes.standsAlone(line.lowerBound, end: line.upperBound) {
            return .failure("indented lines are not supported: write each field as `key: value` at the start of the line")
        }
        guard let colon = bytes.firstCharacter(":", in: line) else {
            return .failure("expected `key: value`, found `\(bytes.string(bytes.trimmingBlanks(line)).prefix(40))`")
        }
        let key = bytes.string(line.lowerBound..<colon)
        guard isValidKey(bytes, line.lowerBound..<colon) else {
            return .failure("`\(key.prefix(40))` is not a valid key: use letters, digits, `_` and `-`, starting with a letter")
        }
        let rest = colon + 1..<line.upperBound
        if !rest.isEmpty && !(FrontMatterBytes.isBlank(bytes[rest.lowerBound]) && bytes.standsAlone(rest.lowerBound, end: rest.upperBound)) {
            return .failure("put a space after `\(key):`")
        }
        switch parseValue(bytes.trimmingBlanks(rest), in: bytes) {
        case .success(let value): return .field(key, value)
        case .failure(let message, let opensYAMLBlock): return .failure("`\(key)`: \(message)", opensYAMLBlock: opensYAMLBlock)
        }
    }

    /// A letter, then letters, digits, `_` and `-`, all ASCII (a byte of a longer sequence is none).
    private static func isValidKey(_ bytes: FrontMatterBytes, _ key: Range<Int>) -> Bool {
        guard let first = key.first, Unicode.Scalar(bytes[first]).isASCIILetter else { return false }
        return key.allSatisfy { offset in
            let scalar = Unicode.Scalar(bytes[offset])
            return scalar.isASCIILetter || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
        }
    }

    enum ValueResult {
        case success(RawValue)
        case failure(String, opensYAMLBlock: Bool = false)
    }

    private static func parseValue(_ value: Range<Int>, in bytes: FrontMatterBytes) -> ValueResult {
        guard let start = value.first else { return .success(.string("")) }
        let opening = bytes[start]
        if opening == UInt8(ascii: "[") && bytes.standsAlone(start, end: value.upperBound) {
            return parseList(bytes.substring(value))
        }
        if (opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "'")) && bytes.standsAlone(start, end: value.upperBound) {
            let (outcome, end) = quotedString(UnsafeBufferPointer(rebasing: bytes.buffer[value]), from: 0)
            switch outcome {
            case .failure(let message): return .failure(message)
            case .success(let string):
                let after = bytes.trimmingBlanks(value.lowerBound + end..<value.upperBound)
                if after.isEmpty || bytes.startsWithCharacter("#", after) { return .success(.string(string)) }
                return .failure("unexpected `\(bytes.string(after).prefix(20))` after the closing quote")
            }
        }
        let text = bytes.buffer[value].contains(UInt8(ascii: "#")) ? String(stripComment(bytes.substring(value))) : bytes.string(value)
        if let construct = YAMLConstruct(plainValue: Substring(text)) {
            return .failure(construct.message(for: Substring(text)), opensYAMLBlock: construct == .blockScalar)
        }
        return .success(.string(text))
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

    /// Reads the quoted string whose opening quote is at `start`: its value and the offset after
    /// its closing quote. Quotes and backslashes are ASCII, so they are found by bytes, and the
    /// text between escapes is copied in runs.
    private static func quotedString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (QuotedResult, end: Int) {
        let quote = bytes[start]
        let backslash = UInt8(ascii: "\\")
        let escapes = quote == UInt8(ascii: "\"")
        // Nearly every string escapes nothing: then it is the bytes up to the closing quote.
        if let closing = bytes.firstOffset(of: quote, in: start + 1..<bytes.count),
           escapes ? bytes.firstOffset(of: backslash, in: start + 1..<closing) == nil : closing + 1 == bytes.count || bytes[closing + 1] != quote {
            return (.success(String(copyingValidUTF8: UnsafeBufferPointer(rebasing: bytes[start + 1..<closing]))), closing + 1)
        }
        var result: [UInt8] = []
        var runStart = start + 1
        var index = runStart
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == quote || (escapes && byte == backslash) else {
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

    /// Reads a quoted string starting at `cursor`, leaving `cursor` after the closing quote.
    private static func parseQuoted(_ text: Substring, at cursor: inout Substring.Index) -> QuotedResult {
        let utf8 = text.utf8
        let start = utf8.distance(from: utf8.startIndex, to: cursor)
        var text = text
        let (outcome, end) = text.withUTF8 { quotedString($0, from: start) }
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
                // A block scalar has no meaning inside `[…]`: there `|` and `>` are text.
                if let construct = YAMLConstruct(plainValue: item), construct != .blockScalar {
                    return .failure(construct.message(for: item))
                }
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
    private static func frontMatterLines(_ bytes: FrontMatterBytes) -> (lines: [Range<Int>], bodyStart: Int?) {
        let buffer = bytes.buffer
        var lines: [Range<Int>] = []
        var lineStart = 0
        while let lineFeed = buffer.firstOffset(of: UInt8(ascii: "\n"), in: lineStart..<buffer.count) {
            let lineEnd = lineFeed > lineStart && buffer[lineFeed - 1] == UInt8(ascii: "\r") ? lineFeed - 1 : lineFeed
            let line = lineStart..<lineEnd
            lines.append(line)
            lineStart = lineFeed + 1
            if lines.count == 1 ? !bytes.isDelimiter(line) : bytes.isDelimiter(line) {
                return (lines, lines.count == 1 ? nil : lineStart)
            }
        }
        lines.append(lineStart..<buffer.count)
        return (lines, nil)
    }
}

/// What a YAML reader makes of a plain value that starts with one of its signs, where front matter
/// has only text and `[a, b]` lists: such a value is an error rather than text that surprises, and
/// `FrontMatterWriter` quotes it. Signs in the middle of a value (`Love {is} all`) are text.
enum YAMLConstruct {
    case flowMapping, anchor, alias, tag, blockScalar

    /// The construct `value` (a plain value, comment removed) starts with: `{`; `&`, `*` or `!`
    /// followed by a name (not a blank); or a block scalar's header alone (`|`, `>`, `|-`, `>+2`…).
    init?(plainValue value: Substring) {
        // Every sign is ASCII: the first byte rules out nearly every value at once.
        guard let byte = value.utf8.first, Self.signs.contains(byte), let sign = value.first else { return nil }
        let rest = value.dropFirst()
        let isNamed = rest.first.map { $0 != " " && $0 != "\t" } ?? false
        switch sign {
        case "{": self = .flowMapping
        case "&" where isNamed: self = .anchor
        case "*" where isNamed: self = .alias
        case "!" where isNamed: self = .tag
        case "|", ">":
            guard rest.count <= 2, rest.allSatisfy({ "+-123456789".contains($0) }) else { return nil }
            self = .blockScalar
        default: return nil
        }
    }

    private static let signs: [UInt8] = Array("{&*!|>".utf8)

    /// What is wrong with `value` and how to fix it.
    func message(for value: Substring) -> String {
        let shown = "`\(value.prefix(40))`"
        switch self {
        case .flowMapping:
            return "\(shown) is a YAML flow mapping, which front matter does not have (it has text and `[a, b]` lists): put it in double quotes if it is text"
        case .anchor:
            return "\(shown) starts with a YAML anchor (`&name`), which front matter does not have: remove the anchor, or put the value in double quotes if it is text"
        case .alias:
            return "\(shown) starts with a YAML alias (`*name`), which front matter does not have: write the value itself, in double quotes if it starts with `*`"
        case .tag:
            return "\(shown) starts with a YAML tag (`!name`), which front matter does not have: remove the tag, or put the value in double quotes if it is text"
        case .blockScalar:
            return "\(shown) starts a YAML block scalar, which front matter does not have: a value is one line, after its key (longer text belongs in the body, after the closing `---`)"
        }
    }
}

/// A text's UTF-8 bytes, read by offset, with what the front-matter grammar asks of them.
private struct FrontMatterBytes {
    let buffer: UnsafeBufferPointer<UInt8>

    subscript(offset: Int) -> UInt8 { buffer[offset] }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    func string(_ range: Range<Int>) -> String {
        String(copyingValidUTF8: UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The same bytes as a `Substring`, for the rare values read character by character.
    func substring(_ range: Range<Int>) -> Substring {
        Substring(string(range))
    }

    /// Whether the ASCII byte at `offset` is a character of its own in a text ending at `end`. An
    /// ASCII byte joins only the scalar right after it (a combining mark, say), so those two decide.
    func standsAlone(_ offset: Int, end: Int) -> Bool {
        let next = offset + 1
        guard next < end, buffer[next] >= 0x80 else { return true }
        let lead = buffer[next]
        let scalarLength = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return string(offset..<min(end, next + scalarLength)).count == 2
    }

    /// Whether `range` starts with the character `character` (ASCII) alone.
    func startsWithCharacter(_ character: Unicode.Scalar, _ range: Range<Int>) -> Bool {
        guard let first = range.first else { return false }
        return buffer[first] == UInt8(ascii: character) && standsAlone(first, end: range.upperBound)
    }

    /// The offset of the first character `character` (ASCII) in `range`.
    func firstCharacter(_ character: Unicode.Scalar, in range: Range<Int>) -> Int? {
        let byte = UInt8(ascii: character)
        var offset = range.lowerBound
        // Over ASCII, each byte is a character (a line holds no line feed to join a carriage return).
        while offset < range.upperBound && buffer[offset] < 0x80 {
            if buffer[offset] == byte && standsAlone(offset, end: range.upperBound) { return offset }
            offset += 1
        }
        guard offset < range.upperBound else { return nil }
        // Past non-ASCII text, characters are found by the standard library.
        let text = substring(range)
        return text.firstIndex(of: Character(character)).map { range.lowerBound + text.utf8.distance(from: text.startIndex, to: $0) }
    }

    /// `range` without the spaces and tabs around it: the same as going by characters, except that
    /// a blank joined to a combining mark after it is no blank character and stays.
    func trimmingBlanks(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound && Self.isBlank(buffer[start]) { start += 1 }
        if start > range.lowerBound && !standsAlone(start - 1, end: range.upperBound) { start -= 1 }
        return start..<trailingBlanksTrimmed(start..<range.upperBound)
    }

    /// The end of `range` without its trailing spaces and tabs: a trailing blank is always a
    /// character of its own, since marks join the character before them.
    func trailingBlanksTrimmed(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && Self.isBlank(buffer[end - 1]) { end -= 1 }
        return end
    }

    /// Whether `range` starts with `-` alone, followed by a blank or nothing: a YAML block list's item.
    func isBlockListItem(_ range: Range<Int>) -> Bool {
        guard let dash = range.first, buffer[dash] == UInt8(ascii: "-"), standsAlone(dash, end: range.upperBound) else { return false }
        return dash + 1 == range.upperBound || Self.isBlank(buffer[dash + 1])
    }

    /// Whether the line can belong to a YAML block opened above it: blank, indented, or a block list's item.
    func continuesYAMLBlock(_ line: Range<Int>) -> Bool {
        line.isEmpty || Self.isBlank(buffer[line.lowerBound]) || isBlockListItem(line)
    }

    /// Whether the line is `---`, perhaps with trailing blanks.
    func isDelimiter(_ line: Range<Int>) -> Bool {
        let end = trailingBlanksTrimmed(line)
        return end - line.lowerBound == 3 && buffer[line.lowerBound..<end].allSatisfy { $0 == UInt8(ascii: "-") }
    }
}

extension Substring {
    /// Without the spaces and tabs around it (see `FrontMatterBytes.trimmingBlanks`).
    var trimmingSpaces: Substring {
        var text = self
        let trimmed = text.withUTF8 { FrontMatterBytes(buffer: $0).trimmingBlanks(0..<$0.count) }
        let bytes = utf8
        return self[bytes.index(bytes.startIndex, offsetBy: trimmed.lowerBound)..<bytes.index(bytes.startIndex, offsetBy: trimmed.upperBound)]
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
