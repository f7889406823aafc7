import Foundation
import Testing
@testable import ModakCore

@Suite("Front matter")
struct FrontMatterTests {
    private func parse(_ text: String) -> (document: FrontMatterDocument?, diagnostics: [Diagnostic]) {
        parseFrontMatter(text, path: "content/sayings/a.md")
    }

    /// One `key: value` line inside a block; returns the value of `key`.
    private func value(of line: String, key: String) -> RawValue? {
        let (document, diagnostics) = parse("---\n\(line)\n---\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return document?.record[key]?.value
    }

    static let valueCases: [(line: String, key: String, expected: RawValue)] = [
        ("kor: 모닥불 앞에 있으면", "kor", .string("모닥불 앞에 있으면")),
        ("eng: Like getting warm  ", "eng", .string("Like getting warm")),
        ("eng:\tTabbed", "eng", .string("Tabbed")),
        ("eng:", "eng", .string("")),
        ("eng: a: b", "eng", .string("a: b")),
        ("time: 2026-11-28 09:30", "time", .string("2026-11-28 09:30")),
        ("link: https://example.org/#top", "link", .string("https://example.org/#top")),
        ("eng: value # a comment", "eng", .string("value")),
        ("eng: C# is not a comment", "eng", .string("C# is not a comment")),
        ("tags: [warmth, courage]", "tags", .list(["warmth", "courage"])),
        ("tags: []", "tags", .list([])),
        ("tags: [ a , b ]", "tags", .list(["a", "b"])),
        ("tags: [one item with spaces]", "tags", .list(["one item with spaces"])),
        (#"tags: ["a, b", 'it''s', "q\"q"]"#, "tags", .list(["a, b", "it's", "q\"q"])),
        ("tags: [a, b] # comment", "tags", .list(["a", "b"])),
        (#"kor: "그가 \"안녕\" 했다""#, "kor", .string("그가 \"안녕\" 했다")),
        (#"eng: "back\\slash""#, "eng", .string("back\\slash")),
        (#"eng: "a # inside quotes""#, "eng", .string("a # inside quotes")),
        (#"eng: "x"   # comment after a string"#, "eng", .string("x")),
        (#"eng: """#, "eng", .string("")),
        ("eng: 'It''s warm'", "eng", .string("It's warm")),
        (#"eng: 'no \n escapes "here"'"#, "eng", .string(#"no \n escapes "here""#)),
        ("eng: ''''", "eng", .string("'")),
        ("snake_key-2: v", "snake_key-2", .string("v")),
        // YAML's signs are text in the middle of a value, after a blank, or in quotes
        ("eng: Love {is} all", "eng", .string("Love {is} all")),
        ("eng: a & b * c ! d | e > f", "eng", .string("a & b * c ! d | e > f")),
        ("eng: & more", "eng", .string("& more")),
        ("eng: * star", "eng", .string("* star")),
        ("eng: ! wow", "eng", .string("! wow")),
        ("eng: >_<", "eng", .string(">_<")),
        ("eng: > quoted", "eng", .string("> quoted")),
        ("eng: |x|", "eng", .string("|x|")),
        ("eng: }", "eng", .string("}")),
        ("link: https://example.org/{id}", "link", .string("https://example.org/{id}")),
        (#"kor: "{a: 1}""#, "kor", .string("{a: 1}")),
        ("who: '*author'", "who", .string("*author")),
        (#"eng: "&a" # comment"#, "eng", .string("&a")),
        (#"tags: ["{x}", '*y', a|b, a {b}, |, >]"#, "tags", .list(["{x}", "*y", "a|b", "a {b}", "|", ">"]))
    ]

    @Test("value grammar", arguments: valueCases)
    func values(_ example: (line: String, key: String, expected: RawValue)) {
        #expect(value(of: example.line, key: example.key) == example.expected)
    }

    @Test func blankLinesAndCommentsAreSkippedButCounted() {
        let text = "---\n# a comment\n\nid: a\n   \n  # indented comment\nwho: Modak\n---\nBody\n"
        let (document, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty)
        let record = try! #require(document).record
        #expect(record.fields.map(\.key) == ["id", "who"])
        #expect(record["id"]?.line == 4)
        #expect(record["who"]?.line == 7)
        #expect(document?.bodyLine == 9)
        #expect(document?.body == "Body\n")
    }

    @Test func bodyIsEverythingAfterTheClosingLine() {
        let (document, _) = parse("---\nid: a\n---  \nFirst\n---\nnot front matter: here\n")
        #expect(document?.body == "First\n---\nnot front matter: here\n")
        #expect(document?.bodyLine == 4)
        #expect(document?.record.line == 1)
    }

    @Test func emptyBlockIsValid() {
        let (document, diagnostics) = parse("---\n---\n")
        #expect(diagnostics.isEmpty)
        #expect(document?.record.fields.isEmpty == true)
        #expect(document?.body == "")
    }

    @Test func crlfFilesReadLikeLF() {
        let text = "---\r\nid: a\r\nkor: \"따옴표\"\r\ntags: [x, y]\r\n---\r\nLine one\r\nLine two\r\n"
        let (document, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty)
        #expect(document?.record["id"]?.value == .string("a"))
        #expect(document?.record["kor"]?.value == .string("따옴표"))
        #expect(document?.record["tags"]?.value == .list(["x", "y"]))
        #expect(document?.body == "Line one\nLine two\n")
        #expect(document?.bodyLine == 6)
    }

    @Test func crlfErrorsKeepTheirLine() {
        let (_, diagnostics) = parse("---\r\nid: a\r\n\r\nkor:x\r\n---\r\n")
        #expect(diagnostics.map(\.line) == [4])
    }

    @Test func byteOrderMarkIsDropped() {
        let file = SourceFile(
            relativePath: "sayings/a.md", bytes: [0xEF, 0xBB, 0xBF] + Array("---\nid: a\n---\nBody\n".utf8))
        var log = DiagnosticLog()
        let document = FrontMatterParser.parse(file, log: &log)
        #expect(log.items.isEmpty)
        #expect(document?.record["id"]?.value == .string("a"))
        #expect(document?.body == "Body\n")
    }

    /// The grammar goes by characters: an ASCII sign joined by a combining mark after it, or by a
    /// prepended mark before it, is another character, not that sign (the parser reads bytes and
    /// must agree).
    static let joinedSignCases: [(line: String, expected: RawValue)] = [
        ("eng: \"\u{301}x\"", .string("\"\u{301}x\"")), // no opening quote
        ("eng: a #\u{301}b", .string("a #\u{301}b")), // no comment
        ("eng:  \u{301}v", .string(" \u{301}v")), // the blank before the mark stays
        ("eng: [\u{301}]", .string("[\u{301}]")), // no list
        ("eng: 한 #글", .string("한")), // a comment after Hangul
        ("eng: a\u{301}: b", .string("a\u{301}: b")),
        ("eng: {\u{301}a}", .string("{\u{301}a}")), // no flow mapping
        ("eng: *\u{301}a", .string("*\u{301}a")), // no alias
        // A prepended mark (U+0600) joins the character after it.
        ("eng: a \u{600}#b", .string("a \u{600}#b")), // no comment: the `#` is joined
        ("eng: a\u{600} #b", .string("a\u{600} #b")), // no comment: the blank is joined
        ("eng: [a\u{600}, b]", .list(["a\u{600}, b"])), // no comma
        ("eng: [a, b\u{600}]]", .list(["a", "b\u{600}]"])), // no closing bracket
        ("eng: x\u{600} ", .string("x\u{600}")) // a trailing blank is trimmed all the same
    ]

    @Test("signs joined by the scalar next to them", arguments: joinedSignCases)
    func joinedSigns(_ example: (line: String, expected: RawValue)) {
        #expect(value(of: example.line, key: "eng") == example.expected)
    }

    @Test func joinedSignsInStructureAreErrors() {
        let (_, joinedColon) = parse("---\nkor:\u{301} x\n---\n")
        #expect(joinedColon.first?.message.hasPrefix("expected `key: value`") == true)
        let (_, afterColon) = parse("---\nkor:x\u{301}\n---\n")
        #expect(afterColon.map(\.message) == ["put a space after `kor:`"])
        let (_, joinedComment) = parse("---\n#\u{301} not a comment\n---\n")
        #expect(joinedComment.first?.message.hasPrefix("expected `key: value`") == true)
        let (_, joinedIndent) = parse("---\n \u{301}k: v\n---\n")
        #expect(
            joinedIndent.first?.message.hasSuffix(
                "is not a valid key: use letters, digits, `_` and `-`, starting with a letter") == true)
        let (_, joinedToPrepended) = parse("---\nkor\u{600}: x\n---\n")
        #expect(joinedToPrepended.map(\.message) == ["expected `key: value`, found `kor\u{600}: x`"])
        let (_, afterQuote) = parse("---\nkor: \"x\" #\u{301}\n---\n")
        #expect(afterQuote.first?.message.contains("after the closing quote") == true)
    }

    // MARK: errors

    static let lineErrors: [(line: String, message: String)] = [
        ("  kor: indented", "indented lines are not supported"),
        ("\tkor: tab-indented", "indented lines are not supported"),
        ("kor:no space", "put a space after `kor:`"),
        ("just some text", "expected `key: value`, found `just some text`"),
        ("1kor: x", "`1kor` is not a valid key"),
        ("k o: x", "`k o` is not a valid key"),
        ("한국어: x", "is not a valid key"),
        (": x", "is not a valid key"),
        (#"kor: "unclosed"#, "the string is never closed: add the closing \""),
        ("kor: 'unclosed", "the string is never closed: add the closing '"),
        (#"kor: "ends with a backslash\"#, "the string is never closed"),
        (#"kor: "a\nb""#, #"unknown escape `\n`"#),
        (#"kor: "tab\t""#, #"unknown escape `\t`"#),
        ("tags: [a, b", "the list is never closed: add `]`"),
        ("tags: [", "the list is never closed"),
        ("tags: [a, [b]]", "lists cannot be nested"),
        ("tags: [a,]", "a list item is missing before `]`"),
        ("tags: [a,,b]", "a list item is empty"),
        (#"tags: ["a" b]"#, "expected `,` or `]` in the list, found `b`"),
        (#"tags: ["a]"#, "the string is never closed"),
        ("tags: [a] trailing", "unexpected `trailing` after the list"),
        (#"kor: "done" junk"#, "unexpected `junk` after the closing quote"),
        ("kor: 'done'junk", "unexpected `junk` after the closing quote"),
        // plain values a YAML reader would not take as text
        (
            "kor: {a: 1}",
            """
            `kor`: `{a: 1}` is a YAML flow mapping, which front matter does not have (it has text and `[a, b]` \
            lists): put it in double quotes if it is text
            """
        ),
        ("who: {name: x}", "`who`: `{name: x}` is a YAML flow mapping"),
        ("tags: {a}", "`tags`: `{a}` is a YAML flow mapping"),
        ("eng: {is} all", "`eng`: `{is} all` is a YAML flow mapping"),
        ("eng: {", "`eng`: `{` is a YAML flow mapping"),
        ("kor: {a: 1} # note", "`kor`: `{a: 1}` is a YAML flow mapping"),
        (
            "kor: &a 모닥불",
            """
            `kor`: `&a 모닥불` starts with a YAML anchor (`&name`), which front matter does not have: remove the \
            anchor, or put the value in double quotes if it is text
            """
        ),
        (
            "who: *author",
            """
            `who`: `*author` starts with a YAML alias (`*name`), which front matter does not have: write the value \
            itself, in double quotes if it starts with `*`
            """
        ),
        ("eng: *Very* warm", "`eng`: `*Very* warm` starts with a YAML alias"),
        (
            "time: !!timestamp 2026-11-01",
            """
            `time`: `!!timestamp 2026-11-01` starts with a YAML tag (`!name`), which front matter does not have: \
            remove the tag, or put the value in double quotes if it is text
            """
        ),
        ("eng: !important", "`eng`: `!important` starts with a YAML tag"),
        (
            "eng: |",
            """
            `eng`: `|` starts a YAML block scalar, which front matter does not have: a value is one line, after \
            its key (longer text belongs in the body, after the closing `---`)
            """
        ),
        ("eng: >", "`eng`: `>` starts a YAML block scalar"),
        ("eng: >-", "`eng`: `>-` starts a YAML block scalar"),
        ("eng: |+2 # keep", "`eng`: `|+2` starts a YAML block scalar"),
        ("tags: [a, {b: 1}]", "`tags`: `{b: 1}` is a YAML flow mapping"),
        ("tags: [{a, b}]", "`tags`: `{a` is a YAML flow mapping"),
        ("tags: [*x]", "`tags`: `*x` starts with a YAML alias"),
        ("tags: [&x y]", "`tags`: `&x y` starts with a YAML anchor"),
        (
            "- item",
            """
            `- item` is an item of a YAML block list, which front matter does not have: write the list on its \
            key's line, as `tags: [a, b]`
            """
        ),
        ("  - item", "`- item` is an item of a YAML block list"),
        ("-", "`-` is an item of a YAML block list")
    ]

    @Test("a bad line is reported on its own line", arguments: lineErrors)
    func lineError(_ example: (line: String, message: String)) {
        // The bad line is line 4: after `---`, a valid line and a blank line.
        let (document, diagnostics) = parse("---\nid: a\n\n\(example.line)\nwho: b\n---\nbody\n")
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 4)
        #expect(diagnostics.first?.path == "content/sayings/a.md")
        #expect(diagnostics.first?.message.contains(example.message) == true, "\(diagnostics.first?.message ?? "")")
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func aYAMLBlockScalarIsOneErrorAndItsTextIsNotReportedAgain() {
        let text = "---\nid: a\neng: |\n  first line\n\n  second line\nwho: b\n  indented\nkor:x\n---\n"
        let (document, diagnostics) = parse(text)
        #expect(document == nil)
        #expect(diagnostics.map(\.line) == [3, 8, 9])
        #expect(diagnostics.first?.message.hasPrefix("`eng`: `|` starts a YAML block scalar") == true)
        #expect(
            diagnostics.dropFirst().first?.message.hasPrefix("indented lines are not supported") == true,
            "a block ends at the first line that is not indented")
    }

    @Test(
        "a YAML block list is one error",
        arguments: ["  - warmth\n  - courage\n", "- warmth\n- courage\n", "  - warmth\n\n  -\n"])
    func aYAMLBlockListIsOneError(_ items: String) {
        let (document, diagnostics) = parse("---\nid: a\ntags:\n\(items)who: b\n---\n")
        #expect(document == nil)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.line == 4)
        #expect(
            diagnostics.first?.message.hasSuffix(
                """
                is an item of a YAML block list, which front matter does not have: write the list on its key's \
                line, as `tags: [a, b]`
                """
            ) == true)
    }

    @Test(
        "no opening ---",
        arguments: ["id: a\n---\n", "\n---\nid: a\n---\n", " ---\nid: a\n---\n", "", "Just Markdown\n"])
    func missingOpening(_ text: String) {
        let (document, diagnostics) = parse(text)
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 1)
        #expect(diagnostics.first?.message.contains("must start with a front-matter block") == true)
    }

    @Test func unclosedBlockPointsAtTheOpeningLine() {
        let (document, diagnostics) = parse("---\nid: a\nwho: b\n\nbody text\n")
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 1)
        #expect(diagnostics.first?.message.contains("never closed") == true)
    }

    @Test func duplicateKeyNamesBothLines() {
        let (document, diagnostics) = parse("---\nid: a\nwho: b\n# note\nid: c\n---\n")
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 5)
        #expect(diagnostics.first?.message == "`id` is set twice (first on line 2): keep one")
    }

    @Test func everyBadLineIsReported() {
        let text = "---\nid: a\n  indented: x\nkor:x\nbad key: y\neng: \"open\nid: again\n---\n"
        let (document, diagnostics) = parse(text)
        #expect(document == nil)
        #expect(diagnostics.map(\.line) == [3, 4, 5, 6, 7])
        #expect(diagnostics.map(\.description).allSatisfy { $0.hasPrefix("content/sayings/a.md:") })
    }
}
