import UTF8Bytes

/// The values of front matter: plain text (up to a comment), quoted strings and `[a, b]` lists.
/// Offsets are those of the whole file; a value is the range after its key's `: `, without the
/// blanks around it.
extension FrontMatterParser {
    static func value(_ value: Range<Int>, in bytes: FrontMatterBytes) throws(FrontMatterSyntaxError) -> RawValue {
        guard let start = value.first else { return .string("") }
        if bytes.startsWithCharacter("[", value) {
            return .list(try list(value, in: bytes))
        }
        if bytes.startsWithCharacter("\"", value) || bytes.startsWithCharacter("'", value) {
            let (string, end) = try quotedString(at: start, in: value, bytes)
            let after = bytes.trimmingBlanks(end..<value.upperBound)
            if after.isEmpty || bytes.startsWithCharacter("#", after) { return .string(string) }
            throw FrontMatterSyntaxError("unexpected `\(bytes.string(after).prefix(20))` after the closing quote")
        }
        let text = bytes.withoutComment(value)
        if let construct = YAMLConstruct(plainValue: text, in: bytes) {
            throw FrontMatterSyntaxError(
                construct.message(for: bytes.string(text)), opensYAMLBlock: construct == .blockScalar)
        }
        return .string(bytes.string(text))
    }

    /// The quoted string whose opening quote is at `start` in `range`, and the offset after its
    /// closing quote. Quotes and backslashes are ASCII, so they are found by bytes, and the text
    /// between escapes is copied in runs.
    private static func quotedString(at start: Int, in range: Range<Int>, _ bytes: FrontMatterBytes)
        throws(FrontMatterSyntaxError) -> (String, end: Int)
    {
        let buffer = bytes.buffer
        let end = range.upperBound
        let quote = buffer[start]
        let backslash = UInt8(ascii: "\\")
        let escapes = quote == UInt8(ascii: "\"")
        // Nearly every string escapes nothing: then it is the bytes up to the closing quote.
        if let closing = buffer.firstOffset(of: quote, in: start + 1..<end),
            escapes
                ? buffer.firstOffset(of: backslash, in: start + 1..<closing) == nil
                : closing + 1 == end || buffer[closing + 1] != quote
        {
            return (bytes.string(start + 1..<closing), closing + 1)
        }
        var result: [UInt8] = []
        var runStart = start + 1
        var index = runStart
        while index < end {
            let byte = buffer[index]
            guard byte == quote || (escapes && byte == backslash) else {
                index += 1
                continue
            }
            result += UnsafeBufferPointer(rebasing: buffer[runStart..<index])
            if byte == quote {
                if quote == UInt8(ascii: "'") && index + 1 < end && buffer[index + 1] == quote {
                    result.append(quote)
                    index += 2
                    runStart = index
                    continue
                }
                return (String(decoding: result, as: UTF8.self), index + 1)
            }
            guard index + 1 < end else { break }
            let escaped = buffer[index + 1]
            guard escaped == quote || escaped == backslash else {
                let shown = bytes.character(at: index + 1, in: range)
                throw FrontMatterSyntaxError(
                    "unknown escape `\\\(shown)` in a quoted string: only `\\\"` and `\\\\` are allowed")
            }
            result.append(escaped)
            index += 2
            runStart = index
        }
        throw FrontMatterSyntaxError("the string is never closed: add the closing \(Character(Unicode.Scalar(quote)))")
    }

    /// The items of the list `value`, which starts with `[`: quoted strings, or plain text up to
    /// the next `,` or `]`.
    private static func list(_ value: Range<Int>, in bytes: FrontMatterBytes) throws(FrontMatterSyntaxError) -> [String]
    {
        let end = value.upperBound
        var items: [String] = []
        var index = value.lowerBound + 1
        var expectItem = true
        while true {
            while index < end && bytes.startsWithBlank(index..<end) { index += 1 }
            guard index < end else { throw FrontMatterSyntaxError("the list is never closed: add `]`") }
            if bytes.isCharacter("]", at: index, in: value) {
                if expectItem && !items.isEmpty { throw FrontMatterSyntaxError("a list item is missing before `]`") }
                index += 1
                break
            }
            if !expectItem {
                guard bytes.isCharacter(",", at: index, in: value) else {
                    throw FrontMatterSyntaxError(
                        "expected `,` or `]` in the list, found `\(bytes.character(at: index, in: value))`")
                }
                index += 1
                expectItem = true
                continue
            }
            if bytes.isCharacter("\"", at: index, in: value) || bytes.isCharacter("'", at: index, in: value) {
                let (item, after) = try quotedString(at: index, in: value, bytes)
                items.append(item)
                index = after
            } else {
                let start = index
                while index < end && !bytes.isCharacter(",", at: index, in: value)
                    && !bytes.isCharacter("]", at: index, in: value)
                {
                    if bytes.isCharacter("[", at: index, in: value) {
                        throw FrontMatterSyntaxError("lists cannot be nested")
                    }
                    index += 1
                }
                let item = bytes.trimmingBlanks(start..<index)
                if item.isEmpty { throw FrontMatterSyntaxError("a list item is empty") }
                // A block scalar has no meaning inside `[…]`: there `|` and `>` are text.
                if let construct = YAMLConstruct(plainValue: item, in: bytes), construct != .blockScalar {
                    throw FrontMatterSyntaxError(construct.message(for: bytes.string(item)))
                }
                items.append(bytes.string(item))
            }
            expectItem = false
        }
        let after = bytes.trimmingBlanks(index..<end)
        if !after.isEmpty && !bytes.startsWithCharacter("#", after) {
            throw FrontMatterSyntaxError("unexpected `\(bytes.string(after).prefix(20))` after the list")
        }
        return items
    }
}
