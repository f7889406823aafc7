import UTF8Bytes

/// A Markdown file's front-matter record and its body: what a saying, souvenir, notice or page is
/// decoded from.
///
/// The grammar is deliberately small and strict (docs/reference/content.md): `key: value` lines, `[a, b]` lists,
/// `"…"` strings with `\"` and `\\` escapes, `'…'` strings (`''` for a quote), blank lines and
/// `#` comments. Anything else is an error with its line, so a typo never turns into content; so is
/// a plain value a YAML reader would not take as text (`YAMLConstruct`), and a YAML block list.
public struct FrontMatterDocument: Sendable {
    public var record: RawRecord
    /// The text after the closing `---`, with `\r\n` made `\n` and forbidden code points removed.
    public var body: String
    /// The line the body starts on, for Markdown diagnostics.
    public var bodyLine: Int

    public var bodySource: MarkdownSource { .body(from: SourceLocation(path: record.path, line: bodyLine)) }
}

/// What is wrong with a line of front matter, and how to fix it.
struct FrontMatterSyntaxError: Error {
    let message: String
    /// The line opens a YAML block, whose following lines belong to it and are not reported again.
    let opensYAMLBlock: Bool

    init(_ message: String, opensYAMLBlock: Bool = false) {
        (self.message, self.opensYAMLBlock) = (message, opensYAMLBlock)
    }
}

/// Reads the front matter of a Markdown content file from its UTF-8 bytes (see `FrontMatterBytes`).
public enum FrontMatterParser {
    /// The file's document, or nil when it has an error; every problem is logged with its line.
    public static func parse(_ file: SourceFile, log: inout DiagnosticLog) -> FrontMatterDocument? {
        guard file.isValidUTF8(log: &log) else { return nil }
        return file.withTextBytes { parse(FrontMatterBytes(buffer: $0), path: file.displayPath, log: &log) }
    }

    private static func parse(_ bytes: FrontMatterBytes, path: String, log: inout DiagnosticLog) -> FrontMatterDocument?
    {
        let (lines, bodyStart) = frontMatterLines(bytes)
        guard let first = lines.first, bytes.isDelimiter(first) else {
            log.error(
                SourceLocation(path: path, line: 1),
                "the file must start with a front-matter block: a line `---`, `key: value` lines, and a closing `---`")
            return nil
        }
        guard lines.count > 1, let last = lines.last, bytes.isDelimiter(last) else {
            log.error(
                SourceLocation(path: path, line: 1),
                "the front matter opened here is never closed: add a line `---` after the last `key: value` line")
            return nil
        }
        let closing = lines.count - 1

        var fields: [(key: String, field: RawField)] = []
        var isValid = true
        var yamlBlockReported = false
        for index in 1..<closing {
            let lineNumber = index + 1
            // The lines of a YAML block already reported (a block scalar's text, a block list's items)
            // are not reported again.
            if yamlBlockReported && bytes.continuesYAMLBlock(lines[index]) { continue }
            yamlBlockReported = false
            do throws(FrontMatterSyntaxError) {
                guard let field = try field(lines[index], in: bytes) else { continue }
                if let earlier = fields.first(where: { $0.key == field.key }) {
                    log.error(
                        SourceLocation(path: path, line: lineNumber),
                        "`\(field.key)` is set twice (first on line \(earlier.field.line)): keep one")
                    isValid = false
                } else {
                    fields.append((field.key, RawField(value: field.value, line: lineNumber)))
                }
            } catch {
                log.error(SourceLocation(path: path, line: lineNumber), error.message)
                isValid = false
                yamlBlockReported = error.opensYAMLBlock
            }
        }
        guard isValid else { return nil }
        let bodyLine = closing + 2
        let body = TextCleaning.clean(bodyStart.map { Self.body(bytes, from: $0) } ?? "")
        if let line = body.firstLine {
            log.warning(
                SourceLocation(path: path, line: bodyLine + line - 1),
                "the text holds invisible control characters, which were removed")
        }
        return FrontMatterDocument(
            record: RawRecord(path: path, line: 1, fields: fields), body: body.text, bodyLine: bodyLine)
    }

    /// The field a line sets, or nil for a blank line or a comment. Leading blanks followed by a
    /// combining mark are no blank character, but such a line is no comment either, so bytes tell
    /// these apart.
    private static func field(_ line: Range<Int>, in bytes: FrontMatterBytes) throws(FrontMatterSyntaxError) -> (
        key: String, value: RawValue
    )? {
        guard let contentStart = line.first(where: { !FrontMatterBytes.isBlank(bytes[$0]) }) else { return nil }
        if bytes.startsWithCharacter("#", contentStart..<line.upperBound) { return nil }
        if bytes.isBlockListItem(contentStart..<line.upperBound) {
            throw FrontMatterSyntaxError(
                """
                `\(bytes.string(bytes.trimmingBlanks(line)).prefix(40))` is an item of a YAML block list, which \
                front matter does not have: write the list on its key's line, as `tags: [a, b]`
                """,
                opensYAMLBlock: true)
        }
        if bytes.startsWithBlank(line) {
            throw FrontMatterSyntaxError(
                "indented lines are not supported: write each field as `key: value` at the start of the line")
        }
        guard let colon = bytes.firstCharacter(":", in: line) else {
            throw FrontMatterSyntaxError(
                "expected `key: value`, found `\(bytes.string(bytes.trimmingBlanks(line)).prefix(40))`")
        }
        let key = bytes.string(line.lowerBound..<colon)
        guard isValidKey(bytes, line.lowerBound..<colon) else {
            throw FrontMatterSyntaxError(
                "`\(key.prefix(40))` is not a valid key: use letters, digits, `_` and `-`, starting with a letter")
        }
        let rest = colon + 1..<line.upperBound
        if !rest.isEmpty && !bytes.startsWithBlank(rest) {
            throw FrontMatterSyntaxError("put a space after `\(key):`")
        }
        do throws(FrontMatterSyntaxError) {
            return (key, try value(bytes.trimmingBlanks(rest), in: bytes))
        } catch {
            throw FrontMatterSyntaxError("`\(key)`: \(error.message)", opensYAMLBlock: error.opensYAMLBlock)
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

    /// The text from `start` to the end, with `\r\n` made `\n`: taken as it is when it has no `\r`.
    private static func body(_ bytes: FrontMatterBytes, from start: Int) -> String {
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
    }
}
