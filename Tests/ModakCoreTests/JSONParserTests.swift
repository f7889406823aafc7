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
        ("  \n\t 7 \r\n ", .number("7"))
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
        #expect(
            root.value
                == .object([
                    JSONMember(key: "a", value: JSONNode(value: .number("1"), line: 1)),
                    JSONMember(key: "a", value: JSONNode(value: .number("2"), line: 1))
                ]))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(
            try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).value
                == .array([JSONNode(value: .number("1"), line: 1)]))
    }

    @Test func rawUTF8InStrings() throws {
        #expect(try parse("\"한글 – ünïcödé\"").value == .string("한글 – ünïcödé"))
    }

    // MARK: errors

    static let errorCases: [(text: String, line: Int, message: String)] = [
        // a comma after the last item: the comma's line
        ("[\n  1,\n  2,\n]", 3, "a comma after the last item of the array: remove the comma before `]`"),
        ("[1, 2,]", 1, "a comma after the last item of the array"),
        ("{\n  \"a\": 1,\n}", 2, "a comma after the last member of the object: remove the comma before `}`"),
        ("{\"a\": 1,\n\n}", 1, "a comma after the last member of the object"),
        // a missing closing quote
        ("{\n  \"a\": \"abc", 2, "the string is never closed: add the closing `\"`"),
        ("{\n  \"a\": \"abc\n\"}", 2, "the string is never closed before the end of the line: add the closing `\"`"),
        (
            "[\n  \"Say \"yes\" now\"\n]", 2,
            "a `\"` inside a string ends it early: write a quote inside a string as `\\\"`"
        ),
        ("{\"who\": \"Kim \"Rocky\" Lee\"}", 1, "a `\"` inside a string ends it early"),
        // a missing comma: the line of the item it belongs after
        ("[1 2]", 1, "a comma is missing after this item of the array: add `,` before the next one"),
        ("[\n  {\"a\": 1}\n  {\"b\": 2}\n]", 2, "a comma is missing after this item of the array"),
        (
            "{\n  \"a\": 1\n  \"b\": 2\n}", 2,
            "a comma is missing after this member of the object: add `,` before the next one"
        ),
        // a missing colon, a missing value
        ("{\"a\" 1}", 1, "a colon is missing after the key \"a\": write `\"a\": value`"),
        ("{\n  \"a\"\n  1}", 2, "a colon is missing after the key \"a\""),
        ("{\"a\":\n}", 1, "the key \"a\" has no value: write one after its `:`"),
        ("{\"a\": , \"b\": 1}", 1, "the key \"a\" has no value"),
        // unquoted and single-quoted keys and strings
        ("{\n  id: 1\n}", 2, "the key `id` is not in double quotes: write \"id\""),
        ("{\n  모닥: 1\n}", 2, "the key `모닥` is not in double quotes"),
        ("{\n  'id': 1\n}", 2, "'id' is in single quotes: JSON needs double quotes, as \"id\""),
        ("[\n  'a b'\n]", 2, "'a b' is in single quotes: JSON needs double quotes, as \"a b\""),
        ("['never closed\n]", 1, "'never closed is in single quotes: JSON needs double quotes, as \"…\""),
        ("[\n  hello\n]", 2, "`hello` is not a JSON value: put text in double quotes, as \"hello\""),
        ("[모닥불]", 1, "`모닥불` is not a JSON value"),
        ("tru", 1, "`tru` is not a JSON value: did you mean `true`? (text goes in double quotes)"),
        ("[nul]", 1, "did you mean `null`?"),
        ("[True]", 1, "did you mean `true`?"),
        ("{\"a\": falsy}", 1, "did you mean `false`?"),
        // comments
        ("[\n  // a note\n  1\n]", 2, "JSON has no comments: remove this `//` comment"),
        ("{\n  /* a note */ \"a\": 1}", 2, "JSON has no comments: remove this `/* … */` comment"),
        ("[1,\n /* x */ 2]", 2, "JSON has no comments"),
        // a missing `]` or `}`: the end of the file, naming the line that opened it
        ("[\n  1,\n  2\n", 4, "the array opened on line 1 is never closed: add `]` after its last item"),
        ("[1, 2", 1, "the array opened on line 1 is never closed"),
        ("[1,\n", 2, "the array opened on line 1 is never closed"),
        ("{\n  \"a\": 1\n", 3, "the object opened on line 1 is never closed: add `}` after its last member"),
        ("[\n  {\"a\": 1,\n", 3, "the object opened on line 2 is never closed"),
        ("{\"a\"", 1, "the object opened on line 1 is never closed"),
        ("{\"a\":", 1, "the object opened on line 1 is never closed"),
        (
            "{\n  \"a\": [1, 2\n}", 3,
            "`}` closes an object, but the array opened on line 2 is still open: add `]` before it"
        ),
        (
            "[\n  {\"a\": 1]\n", 2,
            "`]` closes an array, but the object opened on line 2 is still open: add `}` before it"
        ),
        // stray characters and commas
        ("[1; 2]", 1, "unexpected `;` after an item of the array: separate items with `,` and end the array with `]`"),
        (
            "{\"a\": 1 :}", 1,
            "unexpected `:` after a member of the object: separate members with `,` and end the object with `}`"
        ),
        ("[,1]", 1, "a comma where a value should be: remove it, or write the missing value before it"),
        ("[1,,2]", 1, "a comma where a value should be"),
        ("{\n\"Text\": {,}}", 2, "a comma where a key should be: remove it, or write the missing member before it"),
        ("{\"a\": 1, ]", 1, "expected a key in double quotes, found `]`"),
        ("\n\n{} x", 3, "unexpected `x` after the JSON value: remove it"),
        ("[1]\n]", 2, "this `]` closes nothing: remove it"),
        (
            "{}\n{}", 2,
            "a second JSON value follows the first: a file holds one value, so put them all in one array, `[…, …]`"
        ),
        ("{},\n{}", 1, "a second JSON value follows the first"),
        ("", 1, "the file holds no JSON value: it is empty or only blanks"),
        ("  \n ", 2, "the file holds no JSON value"),
        (
            "+1", 1,
            """
            unexpected `+1` where a JSON value was expected: write text in double quotes, a number, true, false, \
            null, an object or an array
            """
        ),
        (".5", 1, "unexpected `.5` where a JSON value was expected"),
        ("[\n  ]]", 2, "this `]` closes nothing"),
        // strings and numbers
        ("{\n\n  \"a\": \"\\x\"}", 3, "unknown escape `\\x` in a string"),
        ("\n\"\\'\"", 2, "unknown escape `\\'`"),
        ("\"\\uD800\"", 1, "half of a surrogate pair"),
        ("\"\\uDC00\"", 1, "half of a surrogate pair"),
        ("\"\\uD800\\u0041\"", 1, "half of a surrogate pair"),
        ("\"\\u12G4\"", 1, "four hex digits"),
        ("\"\\u12\"", 1, "four hex digits"),
        ("\"abc\\", 1, "the string ends inside an escape"),
        ("\"a\tb\"", 1, "control characters must be escaped"),
        ("01", 1, "numbers cannot start with 0"),
        ("-", 1, "a number needs digits"),
        ("1.", 1, "a number needs digits after `.`"),
        ("1e+", 1, "a number needs digits in its exponent")
    ]

    @Test("syntax errors say what is wrong, on the line of the problem", arguments: errorCases)
    func syntaxError(_ example: (text: String, line: Int, message: String)) throws {
        let failure = try #require(error(example.text), "accepted \(example.text.debugDescription)")
        #expect(failure.line == example.line, "\(failure.message)")
        #expect(failure.message.contains(example.message), "\(failure.message)")
        // Words, not the raw bytes that follow: no line break or other control character is quoted.
        #expect(
            !failure.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(failure.message.debugDescription)")
    }

    @Test func aQuotedWordStopsAtFortyBytesBetweenCharacters() throws {
        let failure = try #require(error("[" + String(repeating: "가", count: 30) + "]"))
        #expect(
            failure.message.hasPrefix("`" + String(repeating: "가", count: 13) + "` is not a JSON value"),
            "\(failure.message)")
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
