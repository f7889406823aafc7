import Testing
@testable import ModakCore

@Suite("authors.json")
struct AuthorsTests {
    private let senecaSaying = ["sayings/s1.md": sayingMarkdown(who: "Seneca")]
    private static let somewhere = SourceLocation(path: "a", line: 1)
    private static let entryShape = #"{"ko": "…", "en": "…", "aliases": ["…"]}"#

    private func load(_ authors: String) -> (content: ContentSet?, log: DiagnosticLog) {
        loadSite(senecaSaying.merging(["authors.json": authors]) { $1 })
    }

    @Test func namesInEachLanguageAndAliases() throws {
        let (content, log) = load(
            #"{"Seneca": {"ko": "세네카", "en": "Seneca the Younger", "aliases": ["세네카 2세", "Lucius"]}}"#)
        #expect(log.items.isEmpty, "\(log.items)")
        let entry = try #require(content?.authors["Seneca"])
        #expect(
            entry
                == AuthorNames(
                    who: "Seneca", ko: "세네카", en: "Seneca the Younger", aliases: ["세네카 2세", "Lucius"],
                    source: SourceLocation(path: "content/authors.json", line: 1)))
        #expect(entry.otherNames == ["세네카", "Seneca the Younger", "세네카 2세", "Lucius"])
    }

    @Test(
        "the name the site shows, by its language",
        arguments: [
            ("ko", "세네카"), ("ko-KR", "세네카"), ("en", "Seneca the Younger"), ("EN-us", "Seneca the Younger"),
            ("fr", "Seneca")
        ])
    func authorNameByLanguage(_ example: (language: String, name: String)) {
        let site = SiteConfig(title: "t", baseURL: "https://example.org/", language: example.language)
        let seneca = AuthorNames(who: "Seneca", ko: "세네카", en: "Seneca the Younger", source: Self.somewhere)
        let content = ContentSet(site: site, authors: ["Seneca": seneca])
        #expect(content.authorName("Seneca") == example.name)
        #expect(content.authorName("Laozi") == "Laozi")
    }

    @Test func aNameMissingInTheLanguageFallsBackToTheNameAsWritten() {
        let site = SiteConfig(title: "t", baseURL: "https://example.org/", language: "en")
        let content = ContentSet(
            site: site, authors: ["Seneca": AuthorNames(who: "Seneca", ko: "세네카", source: Self.somewhere)])
        #expect(content.authorName("Seneca") == "Seneca")
    }

    @Test(
        "errors",
        arguments: [
            (
                "{\n\"Seneca\": {\"ko\": \"세네카\",\n \"kr\": \"x\"}}",
                "3: unknown key `kr` in a listed author: did you mean `ko`?"
            ),
            ("{\n\"Seneca\": {\"ko\": 1.5e3,\n \"en\": true}}", "3: `en` must be a string, not a boolean"),
            ("{\n\"Seneca\": {\"aliases\": \"세네카\"}}", "2: `aliases` must be a list like `[a, b]`, not a string"),
            (
                "{\n\"Seneca\": {\"aliases\": [1]}}",
                "2: `aliases` must be a list like `[a, b]`, not a list of non-strings"
            ),
            ("{\n\"Seneca\": {\"ko\": \" \"}}", "2: `ko` of `Seneca` is empty: write the name or remove `ko`"),
            ("{\n\"Seneca\": {\"aliases\": [\"\"]}}", "2: `aliases` of `Seneca` holds an empty name: remove it"),
            ("{\n\"Seneca\": \"세네카\"}", "2: the entry for `Seneca` must be an object like \(entryShape), not a string"),
            ("{\"Seneca\": {},\n\"Seneca\": {}}", "2: the author `Seneca` is listed twice (first on line 1): keep one"),
            ("{\n\"\": {}}", "2: an author's name is empty: write `who` as the sayings write it"),
            (
                "[\n{\"Seneca\": {}}]",
                "1: authors.json must hold one JSON object like {\"Seneca\": \(entryShape)}, not an array"
            ),
            ("{\n\"Seneca\": {\"ko\": \"세네카\",}}", "2: invalid JSON:")
        ])
    func errors(_ example: (json: String, message: String)) {
        let (content, log) = load(example.json)
        #expect(content == nil)
        let expected = "content/authors.json:" + example.message
        #expect(log.errorLines.count == 1 && log.errorLines[0].hasPrefix(expected), "\(log.errorLines)")
    }

    @Test func anEntryThatNamesNoAuthorIsAWarningThatSuggests() {
        let (content, log) = load(
            #"""
            {
            "Seneca": {"ko": "세네카"},
            "Senaca": {"ko": "세네카"},
            "Plato": {"ko": "플라톤"}
            }
            """#)
        #expect(content != nil)
        func namesNobody(_ line: Int, _ who: String) -> String {
            "content/authors.json:\(line): warning: no saying has `who: \(who)`, so this entry names nobody: "
        }
        #expect(
            log.warningLines == [
                namesNobody(3, "Senaca") + "did you mean `Seneca`?",
                namesNobody(4, "Plato") + "write the name as the sayings' `who` writes it, or remove the entry"
            ])
    }

    @Test func keysAreMatchedAfterNFCLikeWho() throws {
        let decomposed = "Rene\u{301}"
        let (content, log) = loadSite([
            "sayings/s1.md": sayingMarkdown(who: "René"), "authors.json": "{\"\(decomposed)\": {\"ko\": \"르네\"}}"
        ])
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(try #require(content).authors["René"]?.ko == "르네")
    }

    @Test func withoutTheFileThereAreNoEntries() throws {
        let (content, log) = loadSite(senecaSaying)
        #expect(log.items.isEmpty)
        #expect(try #require(content).authors.isEmpty)
    }
}
