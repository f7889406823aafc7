import Foundation
import Testing
@testable import ModakCore

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func error(_ text: String) -> JSONSyntaxError? { error(Array(text.utf8)) }

    static let scalarCases: [(text: String, expected: JSONNode.Value)] = [
        ("null", .null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number("0")),
        ("-0", .number("-0")),
        ("42", .number("42")),
        ("-1.5e+3", .number("-1.5e+3")),
        ("2.50E-2", .number("2.50E-2")),
        ("50000000", .number("50000000")),
        (#""""#, .string("")),
        (#""모닥불 🔥""#, .string("모닥불 🔥")),
        ("  \n\t 7 \r\n ", .number("7")),
    ]

    @Test("scalars", arguments: scalarCases)
    func scalars(_ example: (text: String, expected: JSONNode.Value)) throws {
        #expect(try parse(example.text).value == example.expected)
    }

    @Test func escapes() throws {
        let node = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9\uAC00 \uD83D\uDD25""#)
        #expect(node.value == .string("q\" b\\ s/ \u{08}\u{0C}\n\r\t Aé가 🔥"))
    }

    @Test func escapedSurrogatePairOfAnAstralCharacter() throws {
        #expect(try parse(#""\ud83d\ude00""#).value == .string("😀"))
        #expect(try parse(#""\uDBFF\uDFFF""#).value == .string("\u{10FFFF}"))
    }

    @Test func nestingAndLines() throws {
        let text = """
        {
          "id": "a",
          "tags": [
            "x",
            "y"
          ],
          "nested": {"deep": [1, {"k": null}]},
          "empty": {}, "none": []
        }
        """
        let root = try parse(text)
        #expect(root.line == 1)
        guard case .object(let members) = root.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["id", "tags", "nested", "empty", "none"])
        #expect(members.map(\.value.line) == [2, 3, 7, 8, 8])
        guard case .array(let tags) = members[1].value.value else {
            Issue.record("tags is not an array")
            return
        }
        #expect(tags.map(\.value) == [.string("x"), .string("y")])
        #expect(tags.map(\.line) == [4, 5])
        #expect(members[3].value.value == .object([]))
        #expect(members[4].value.value == .array([]))
        guard case .object(let nested) = members[2].value.value, case .array(let deep) = nested[0].value.value else {
            Issue.record("nested shape")
            return
        }
        #expect(deep.count == 2)
        #expect(deep[1].value == .object([JSONMember(key: "k", value: JSONNode(value: .null, line: 7))]))
    }

    @Test func duplicateMembersAreKeptInOrder() throws {
        let root = try parse(#"{"a": 1, "a": 2}"#)
        #expect(root.value == .object([
            JSONMember(key: "a", value: JSONNode(value: .number("1"), line: 1)),
            JSONMember(key: "a", value: JSONNode(value: .number("2"), line: 1)),
        ]))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).value == .array([JSONNode(value: .number("1"), line: 1)]))
    }

    @Test func rawUTF8InStrings() throws {
        #expect(try parse("\"한글 – ünïcödé\"").value == .string("한글 – ünïcödé"))
    }

    // MARK: errors

    static let errorCases: [(text: String, line: Int, message: String)] = [
        ("{\n  \"a\": 1,\n}", 3, "expected a key in double quotes, found `}`"),
        ("[\n  1,\n  2,\n]", 4, "unexpected `]` where a JSON value was expected"),
        ("{\n  id: 1\n}", 2, "expected a key in double quotes, found `id: 1"),
        ("{\n  'id': 1\n}", 2, "expected a key in double quotes"),
        ("{\n  \"a\": \"abc", 2, "the string is never closed: add `\"`"),
        ("{\n  \"a\": \"abc\n\"}", 2, "the string is never closed before the end of the line"),
        ("[\n  1,\n  2\n", 4, "the array is never closed: add `]`"),
        ("[1, 2", 1, "the array is never closed"),
        ("{\n  \"a\": 1\n", 3, "the object is never closed: add `}`"),
        ("{\n\n  \"a\": \"\\x\"}", 3, "unknown escape `\\x` in a string"),
        ("\n\"\\'\"", 2, "unknown escape `\\'`"),
        ("\"\\uD800\"", 1, "half of a surrogate pair"),
        ("\"\\uDC00\"", 1, "half of a surrogate pair"),
        ("\"\\uD800\\u0041\"", 1, "half of a surrogate pair"),
        ("\"\\u12G4\"", 1, "four hex digits"),
        ("\"\\u12\"", 1, "four hex digits"),
        ("\"abc\\", 1, "the string ends inside an escape"),
        ("\"a\tb\"", 1, "control characters must be escaped"),
        ("{\"a\" 1}", 1, "expected `:` after the key \"a\""),
        ("[1 2]", 1, "expected `,` or `]` after a value, found `2]`"),
        ("{\"a\": 1 \"b\": 2}", 1, "expected `,` or `}` after a value"),
        ("\n\n{} x", 3, "unexpected `x` after the JSON value"),
        ("[1]\n]", 2, "after the JSON value"),
        ("", 1, "the JSON ends where a value was expected"),
        ("  \n ", 2, "the JSON ends where a value was expected"),
        ("{\"a\":\n}", 2, "unexpected `}` where a JSON value was expected"),
        ("tru", 1, "did you mean `true`?"),
        ("[nul]", 1, "did you mean `null`?"),
        ("[\n  hello\n]", 2, "unexpected `hello"),
        ("01", 1, "numbers cannot start with 0"),
        ("-", 1, "a number needs digits"),
        ("1.", 1, "a number needs digits after `.`"),
        ("1e+", 1, "a number needs digits in its exponent"),
        ("+1", 1, "where a JSON value was expected"),
        (".5", 1, "where a JSON value was expected"),
    ]

    @Test("syntax errors carry their line", arguments: errorCases)
    func syntaxError(_ example: (text: String, line: Int, message: String)) throws {
        let failure = try #require(error(example.text), "accepted \(example.text.debugDescription)")
        #expect(failure.line == example.line)
        #expect(failure.message.contains(example.message), "\(failure.message)")
    }

    @Test func invalidUTF8InAString() throws {
        let bytes = Array("[\n\"ok\",\n\"".utf8) + [0xFF] + Array("\"\n]".utf8)
        let failure = try #require(error(bytes))
        #expect(failure.line == 3)
        #expect(failure.message.contains("not valid UTF-8"))
    }

    @Test func truncatedUTF8SequenceInAString() throws {
        let bytes = Array("\"가".utf8).dropLast() + Array("\"".utf8)
        let failure = try #require(error(Array(bytes)))
        #expect(failure.message.contains("not valid UTF-8"))
    }

    @Test func depthLimit() throws {
        let limit = JSONParser.maximumDepth
        #expect(limit == 64)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONParser.parse(Array(deepest.utf8)) }

        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let failure = try #require(error(tooDeep))
        #expect(failure.message.contains("nested more than 64 levels"))

        // Hostile input must fail cleanly rather than exhaust the stack.
        let hostile = String(repeating: "{\"a\":\n", count: 100_000)
        let hostileFailure = try #require(error(hostile))
        #expect(hostileFailure.line == 65)
        #expect(hostileFailure.message.contains("nested more than"))
    }
}
