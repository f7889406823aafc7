import Foundation
import Testing
@testable import ModakCore

@Suite("Front matter writer")
struct FrontMatterWriterTests {
    /// Values chosen to trip a naive writer: quotes, backslashes, comment marks, list syntax,
    /// leading and trailing spaces, colons, Hangul in decomposed form, emoji, `---`, YAML's signs.
    static let awkward = [
        "plain text", "모닥불 앞에", "a: b", "C# and # comments", "\"quoted\"", "'single'", "back\\slash\\",
        "[not a list]", "  padded  ", "\ttab", "ends with \\", "---", "\u{1100}\u{1161}", "🔥 불", "", "#", "x]", "a, b",
        "{a: 1}", "{", "&anchor", "*alias*", "!tag", "|", ">-", "Love {is} all", "& more"
    ]

    @Test(arguments: awkward)
    func stringsReadBackUnchanged(_ value: String) throws {
        let text = try FrontMatterWriter.document([("title", .string(value))], body: "Body")
        let (document, diagnostics) = parseFrontMatter(text, path: "x.md")
        #expect(diagnostics.isEmpty, "\(diagnostics) for \(text)")
        let expected = value.precomposedStringWithCanonicalMapping
        let parsed = document?.record["title"]?.value
        // A plain value loses nothing; a quoted one keeps even its outer spaces.
        #expect(parsed == .string(expected), "\(text)")
    }

    @Test func listsReadBackUnchanged() throws {
        let items = Self.awkward.filter { !$0.isEmpty }
        let text = try FrontMatterWriter.document([("tags", .list(items))], body: "")
        let (document, diagnostics) = parseFrontMatter(text, path: "x.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document?.record["tags"]?.value == .list(items.map(\.precomposedStringWithCanonicalMapping)))
    }

    @Test func theBodyIsKeptAndEndsWithANewline() throws {
        let body = "first line\n---\nnot front matter: really\n\n"
        let text = try FrontMatterWriter.document([("deliver", .string("2027-01-01 09:00"))], body: body)
        #expect(text == "---\ndeliver: 2027-01-01 09:00\n---\n" + body)
        let (document, _) = parseFrontMatter(text, path: "x.md")
        #expect(document?.body == body)
        #expect(try FrontMatterWriter.document([], body: "no newline").hasSuffix("no newline\n"))
    }

    @Test func aWrittenSouvenirLoadsAsTheSameSouvenir() throws {
        let message = "Dear me,\n\nremember the \"bonfire\" # night.\n"
        let text = try FrontMatterWriter.document(
            [("deliver", .string("2027-01-01 09:00")), ("title", .string("To: me, # 1"))], body: message)
        let (content, log) = loadSite(["souvenirs/a.md": text])
        #expect(log.items.isEmpty, "\(log.items)")
        let souvenir = try #require(content?.souvenirs.first)
        #expect(souvenir.title == "To: me, # 1")
        #expect(souvenir.message == message)
        #expect(souvenir.deliver == instant("2027-01-01T00:00:00Z"))
    }

    @Test(arguments: ["two\nlines", "cr\rhere", "crlf\r\nhere", "sep\u{2028}arator"])
    func multilineValuesAreRefused(_ value: String) {
        #expect(throws: FrontMatterWriter.Unwritable(key: "title")) {
            try FrontMatterWriter.document([("title", .string(value))], body: "")
        }
        #expect(throws: FrontMatterWriter.Unwritable(key: "tags")) {
            try FrontMatterWriter.document([("tags", .list(["ok", value]))], body: "")
        }
    }
}
