import Testing
@testable import ModakCore

@Suite("authors.json")
struct AuthorsTests {
    private let senecaSaying = ["sayings/s1.md": sayingMarkdown(who: "Seneca")]

    private func load(_ authors: String) -> (content: ContentSet?, log: DiagnosticLog) {
        loadSite(senecaSaying.merging(["authors.json": authors]) { $1 })
    }

    @Test func namesInEachLanguageAndAliases() throws {
        let (content, log) = load(#"{"Seneca": {"ko": "세네카", "en": "Seneca the Younger", "aliases": ["세네카 2세", "Lucius"]}}"#)
        #expect(log.items.isEmpty, "\(log.items)")
        let entry = try #require(content?.authors["Seneca"])
        #expect(entry == AuthorNames(who: "Seneca", ko: "세네카", en: "Seneca the Younger", aliases: ["세네카 2세", "Lucius"],
                                     source: SourceLocation(path: "content/authors.json", line: 1)))
        #expect(entry.otherNames == ["세네카", "Seneca the Younger", "세네카 2세", "Lucius"])
    }

    @Test("the name the site shows, by its language", arguments: [
        ("ko", "세네카"), ("ko-KR", "세네카"), ("en", "Seneca the Younger"), ("EN-us", "Seneca the Younger"), ("fr", "Seneca"),
    ])
    func authorNameByLanguage(_ example: (language: String, name: String)) {
        let site = SiteConfig(title: "t", baseURL: "https://example.org/", language: example.language)
        let authors = ["Seneca": AuthorNames(who: "Seneca", ko: "세네카", en: "Seneca the Younger", source: SourceLocation(path: "a", line: 1))]
        let content = ContentSet(site: site, authors: authors)
        #expect(content.authorName("Seneca") == example.name)
        #expect(content.authorName("Laozi") == "Laozi")
    }

    @Test func aNameMissingInTheLanguageFallsBackToTheNameAsWritten() {
        let content = ContentSet(site: SiteConfig(title: "t", baseURL: "https://example.org/", language: "en"),
                                 authors: ["Seneca": AuthorNames(who: "Seneca", ko: "세네카", source: SourceLocation(path: "a", line: 1))])
        #expect(content.authorName("Seneca") == "Seneca")
    }

    @Test("errors", arguments: [
        ("{\n\"Seneca\": {\"ko\": \"세네카\",\n \"kr\": \"x\"}}", "content/authors.json:3: unknown key `kr` in a listed author: did you mean `ko`?"),
        ("{\n\"Seneca\": {\"ko\": 1.5e3,\n \"en\": true}}", "content/authors.json:3: `en` must be a string, not a boolean"),
        ("{\n\"Seneca\": {\"aliases\": \"세네카\"}}", "content/authors.json:2: `aliases` must be a list like `[a, b]`, not a string"),
        ("{\n\"Seneca\": {\"aliases\": [1]}}", "content/authors.json:2: `aliases` must be a list like `[a, b]`, not a list of non-strings"),
        ("{\n\"Seneca\": {\"ko\": \" \"}}", "content/authors.json:2: `ko` of `Seneca` is empty: write the name or remove `ko`"),
        ("{\n\"Seneca\": {\"aliases\": [\"\"]}}", "content/authors.json:2: `aliases` of `Seneca` holds an empty name: remove it"),
        ("{\n\"Seneca\": \"세네카\"}", "content/authors.json:2: the entry for `Seneca` must be an object like {\"ko\": \"…\", \"en\": \"…\", \"aliases\": [\"…\"]}, not a string"),
        ("{\"Seneca\": {},\n\"Seneca\": {}}", "content/authors.json:2: the author `Seneca` is listed twice (first on line 1): keep one"),
        ("{\n\"\": {}}", "content/authors.json:2: an author's name is empty: write `who` as the sayings write it"),
        ("[\n{\"Seneca\": {}}]", "content/authors.json:1: authors.json must hold one JSON object like {\"Seneca\": {\"ko\": \"…\", \"en\": \"…\", \"aliases\": [\"…\"]}}, not an array"),
        ("{\n\"Seneca\": {\"ko\": \"세네카\",}}", "content/authors.json:2: invalid JSON:"),
    ])
    func errors(_ example: (json: String, message: String)) {
        let (content, log) = load(example.json)
        #expect(content == nil)
        #expect(log.errorLines.count == 1 && log.errorLines[0].hasPrefix(example.message), "\(log.errorLines)")
    }

    @Test func anEntryThatNamesNoAuthorIsAWarningThatSuggests() {
        let (content, log) = load("{\n\"Seneca\": {\"ko\": \"세네카\"},\n\"Senaca\": {\"ko\": \"세네카\"},\n\"Plato\": {\"ko\": \"플라톤\"}\n}")
        #expect(content != nil)
        #expect(log.warningLines == [
            "content/authors.json:3: warning: no saying has `who: Senaca`, so this entry names nobody: did you mean `Seneca`?",
            "content/authors.json:4: warning: no saying has `who: Plato`, so this entry names nobody: write the name as the sayings' `who` writes it, or remove the entry",
        ])
    }

    @Test func keysAreMatchedAfterNFCLikeWho() throws {
        let decomposed = "Rene\u{301}"
        let (content, log) = loadSite(["sayings/s1.md": sayingMarkdown(who: "René"), "authors.json": "{\"\(decomposed)\": {\"ko\": \"르네\"}}"])
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(try #require(content).authors["René"]?.ko == "르네")
    }

    @Test func withoutTheFileThereAreNoEntries() throws {
        let (content, log) = loadSite(senecaSaying)
        #expect(log.items.isEmpty)
        #expect(try #require(content).authors.isEmpty)
    }
}
