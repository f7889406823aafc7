/// Where and why a JSON file cannot be read, in words that say what to write instead.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var line: Int
    public var message: String
}

/// The errors in words: described from the bytes around the place where reading stopped; only
/// that failing path looks at them, never a valid file.
extension JSONParser.Reader {
    func error(_ message: String, line: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(line: line ?? self.line, message: message)
    }

    enum Expected { case value, key }

    func errorNeverClosed(_ container: Container, openedOn openingLine: Int) -> JSONSyntaxError {
        error(
            """
            the \(container.name) opened on line \(openingLine) is never closed: add `\(container.closer)` after \
            its last \(container.item)
            """
        )
    }

    /// After an item of `container`, where a `,` or the closing bracket should be.
    func errorAfterAnItem(of container: Container, openedOn openingLine: Int, itemEndedOn itemLine: Int)
        -> JSONSyntaxError
    {
        let byte = bytes[index]
        let other: Container = container == .array ? .object : .array
        if byte == other.closingByte {
            return error(
                """
                `\(other.closer)` closes an \(other.name), but the \(container.name) opened on line \(openingLine) \
                is still open: add `\(container.closer)` before it
                """
            )
        }
        if bytes[index - 1] == UInt8(ascii: "\""), !"\"{[:".utf8.contains(byte) {
            // Text right after a string's closing quote: that quote was meant inside the string.
            return error("a `\"` inside a string ends it early: write a quote inside a string as `\\\"`")
        }
        if startsAValue(byte) {
            return error(
                "a comma is missing after this \(container.item) of the \(container.name): add `,` before the next one",
                line: itemLine)
        }
        return error(
            """
            unexpected `\(currentToken())` after \(container.anItem) of the \(container.name): separate \
            \(container.item)s with `,` and end the \(container.name) with `\(container.closer)`
            """
        )
    }

    /// Where a value (or a key, in an object) should start but something else stands.
    func errorAtMisplacedToken(whereA expected: Expected) -> JSONSyntaxError {
        let byte = bytes[index]
        let token = currentToken()
        switch byte {
        case UInt8(ascii: "'"):
            let text = token.count > 1 && token.hasSuffix("'") ? token.dropFirst().dropLast() : "…"
            return error("\(token) is in single quotes: JSON needs double quotes, as \"\(text)\"")
        case UInt8(ascii: "/")
        where index + 1 < bytes.count
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
            return error(
                """
                JSON has no comments: remove this `\(bytes[index + 1] == UInt8(ascii: "/") ? "//" : "/* … */")` \
                comment
                """
            )
        case UInt8(ascii: ","):
            return error(
                """
                a comma where \(expected == .key ? "a key" : "a value") should be: remove it, or write the missing \
                \(expected == .key ? "member" : "value") before it
                """
            )
        case _ where startsAWord(byte):
            if expected == .key { return error("the key `\(token)` is not in double quotes: write \"\(token)\"") }
            if let word = KeySuggestion.nearest(to: token, among: ["true", "false", "null"]) {
                return error("`\(token)` is not a JSON value: did you mean `\(word)`? (text goes in double quotes)")
            }
            return error("`\(token)` is not a JSON value: put text in double quotes, as \"\(token)\"")
        default:
            if expected == .key { return error("expected a key in double quotes, found `\(token)`") }
            return error(
                """
                unexpected `\(token)` where a JSON value was expected: write text in double quotes, a number, \
                true, false, null, an object or an array
                """
            )
        }
    }

    /// After the one value a file holds.
    func errorAfterTheValue() -> JSONSyntaxError {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "["):
            return error(
                "a second JSON value follows the first: a file holds one value, so put them all in one array, `[…, …]`")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return error("this `\(currentToken())` closes nothing: remove it")
        default:
            return error("unexpected `\(currentToken())` after the JSON value: remove it")
        }
    }

    /// A letter of any script, or `_` or `$`: what starts a word such as an unquoted key.
    func startsAWord(_ byte: UInt8) -> Bool {
        byte >= 0x80 || Unicode.Scalar(byte).isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    func startsAValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "-")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || startsAWord(byte)
    }

    /// What stands at `index`, as a person would name it: a word (letters, digits and `_$.+-`), a
    /// single-quoted string on this line, or one character; at most 40 bytes, ending between characters.
    func currentToken() -> String {
        func isWordByte(_ byte: UInt8) -> Bool {
            startsAWord(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.".utf8.contains(byte)
        }
        let limit = min(bytes.count, index + 40)
        var end = index + 1
        if bytes[index] == UInt8(ascii: "'") {
            while end < limit && bytes[end] != UInt8(ascii: "'") && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < limit && bytes[end] == UInt8(ascii: "'") { end += 1 }
        } else if isWordByte(bytes[index]) {
            while end < limit && isWordByte(bytes[end]) { end += 1 }
        }
        while end < bytes.count && end > index + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}
