/// A JSON value with the line it starts on, so content errors can point into the file.
///
/// Foundation's decoder reports neither lines nor every problem at once, hence this small parser.
public struct JSONNode: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var value: Value
    public var line: Int
}

public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONNode
}

public enum JSONParser {
    /// Deep enough for any content file, shallow enough that hostile input cannot exhaust the stack.
    static let maximumDepth = 64

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.index < bytes.count else {
            throw reader.error("the file holds no JSON value: it is empty or only blanks")
        }
        let node = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.errorAfterTheValue() }
        return node
    }

    /// Reads JSON byte by byte; what it throws is described in words in JSONSyntaxError.swift.
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < JSONParser.maximumDepth else {
                throw error("JSON nested more than \(JSONParser.maximumDepth) levels deep")
            }
            guard index < bytes.count else { throw error("the JSON ends where a value was expected") }
            let startLine = line
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(value: .object(try parseObject(depth: depth)), line: startLine)
            case UInt8(ascii: "["): return JSONNode(value: .array(try parseArray(depth: depth)), line: startLine)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), line: startLine)
            case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
            case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
            case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try parseNumber()), line: startLine)
            default: throw errorAtMisplacedToken(whereA: .value)
            }
        }

        mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count, word.withUTF8Buffer({ bytes[index..<index + count].elementsEqual($0) })
            else {
                throw errorAtMisplacedToken(whereA: .value)
            }
            index += count
        }

        mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
            let openingLine = line
            if try isEmptyAfterOpening(.object, openedOn: openingLine) { return [] }
            var members: [JSONMember] = []
            repeat {
                guard bytes[index] == UInt8(ascii: "\"") else { throw errorAtMisplacedToken(whereA: .key) }
                let key = try parseString()
                let keyLine = line
                skipWhitespace()
                guard index < bytes.count else { throw errorNeverClosed(.object, openedOn: openingLine) }
                guard bytes[index] == UInt8(ascii: ":") else {
                    throw error(
                        "a colon is missing after the key \"\(key.prefix(40))\": write `\"\(key.prefix(40))\": value`",
                        line: keyLine)
                }
                let colonLine = line
                index += 1
                skipWhitespace()
                guard index < bytes.count else { throw errorNeverClosed(.object, openedOn: openingLine) }
                if bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: ",") {
                    throw error("the key \"\(key.prefix(40))\" has no value: write one after its `:`", line: colonLine)
                }
                let value = try parseValue(depth: depth + 1)
                members.append(JSONMember(key: key, value: value))
            } while try !closesAfterItem(of: .object, openedOn: openingLine)
            return members
        }

        mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
            let openingLine = line
            if try isEmptyAfterOpening(.array, openedOn: openingLine) { return [] }
            var elements: [JSONNode] = []
            repeat {
                elements.append(try parseValue(depth: depth + 1))
            } while try !closesAfterItem(of: .array, openedOn: openingLine)
            return elements
        }

        /// Reads the opening bracket of `container` and the blanks after it, and the closing bracket
        /// too when it follows at once (true); otherwise the first item starts where it stops.
        mutating func isEmptyAfterOpening(_ container: Container, openedOn openingLine: Int) throws(JSONSyntaxError)
            -> Bool
        {
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw errorNeverClosed(container, openedOn: openingLine) }
            guard bytes[index] == container.closingByte else { return false }
            index += 1
            return true
        }

        /// After an item of `container`, reads the `,` and the blanks before the next item (false;
        /// it starts where this stops) or the closing bracket (true).
        mutating func closesAfterItem(of container: Container, openedOn openingLine: Int) throws(JSONSyntaxError)
            -> Bool
        {
            let itemEndLine = line
            skipWhitespace()
            guard index < bytes.count else { throw errorNeverClosed(container, openedOn: openingLine) }
            if bytes[index] == UInt8(ascii: ",") {
                let commaLine = line
                index += 1
                skipWhitespace()
                guard index < bytes.count else { throw errorNeverClosed(container, openedOn: openingLine) }
                if bytes[index] == container.closingByte {
                    throw error(
                        """
                        a comma after the last \(container.item) of the \(container.name): remove the comma before \
                        `\(container.closer)`
                        """,
                        line: commaLine)
                }
                return false
            }
            if bytes[index] == container.closingByte {
                index += 1
                return true
            }
            throw errorAfterAnItem(of: container, openedOn: openingLine, itemEndedOn: itemEndLine)
        }

        enum Container {
            case array, object

            var closingByte: UInt8 { self == .array ? UInt8(ascii: "]") : UInt8(ascii: "}") }
            var closer: Character { Character(Unicode.Scalar(closingByte)) }
            var name: String { self == .array ? "array" : "object" }
            var item: String { self == .array ? "item" : "member" }
            var anItem: String { self == .array ? "an item" : "a member" }
        }

        mutating func parseNumber() throws(JSONSyntaxError) -> String {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            guard digits() > 0 else { throw error("a number needs digits") }
            if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
                throw error("numbers cannot start with 0")
            }
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("a number needs digits after `.`") }
            }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
                index += 1
                if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                    index += 1
                }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func parseString() throws(JSONSyntaxError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flushRun() throws(JSONSyntaxError) {
                guard runStart < index else { return }
                guard let run = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                    throw error("the string is not valid UTF-8")
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    try flushRun()
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushRun()
                    index += 1
                    scalars.append(try parseEscape())
                    runStart = index
                case 0x00..<0x20:
                    throw error(
                        byte == UInt8(ascii: "\n")
                            ? """
                            the string is never closed before the end of the line: add the closing `\"` (a line \
                            break inside a string is written `\\n`)
                            """
                            : "control characters must be escaped in JSON strings")
                default:
                    index += 1
                }
            }
            throw error("the string is never closed: add the closing `\"`")
        }

        mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
            guard index < bytes.count else { throw error("the string ends inside an escape") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try parseHex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw error("a \\u escape holds half of a surrogate pair")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error("a \\u escape holds half of a surrogate pair")
                    }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(high) else {
                    throw error("a \\u escape holds half of a surrogate pair")
                }
                return scalar
            default:
                throw error("unknown escape `\\\(Character(Unicode.Scalar(byte)))` in a string")
            }
        }

        mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
            }
            index += 4
            return value
        }
    }
}
