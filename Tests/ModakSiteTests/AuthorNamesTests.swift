import Foundation
import ModakCore
@testable import ModakSite
import Testing

/// authors.json: the name in the site's language wherever the author is shown, every name in search.
@Suite("Author names")
struct AuthorNamesTests {
    static let authors = #"{"Seneca": {"ko": "세네카", "en": "Seneca the Younger", "aliases": ["Lucius"]}}"#
    static let saying = """
        ---
        id: short-life
        eng: Life is long if you know how to use it.
        who: Seneca
        time: 2026-11-20 09:00
        ---

        """

    static func site(language: String, authors: String? = Self.authors, cards: Bool = false) throws -> WrittenSite {
        var files = [
            "content/site.json":
                #"{"title": "Lanterns", "baseURL": "https://example.org/", "language": "\#(language)", "#
                + #""cards": \#(cards)}"#,
            "content/sayings/short-life.md": saying
        ]
        files["content/authors.json"] = authors
        let site = try WrittenSite(files)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        return site
    }

    /// The texts of the author links (`class="who"`) on a page.
    static func bylines(_ html: String) -> [String] {
        html.matches(of: /class="who" href="[^"]*"[^>]*>([^<]*)</).map { String($0.output.1) }
    }

    @Test(
        "the byline, the author's page and the index of authors",
        arguments: [
            ("ko", "세네카"), ("en", "Seneca the Younger"), ("fr", "Seneca")
        ])
    func namesInTheSiteLanguage(_ example: (language: String, name: String)) throws {
        let site = try Self.site(language: example.language)
        #expect(Self.bylines(try site.page("sayings/short-life/index.html")) == [example.name])
        #expect(Self.bylines(try site.page("index.html")).allSatisfy { $0 == example.name })
        #expect(!Self.bylines(try site.page("index.html")).isEmpty)
        // The slug stays the one of the name as written, so URLs do not change.
        let authorPage = try site.page("authors/seneca/index.html")
        #expect(authorPage.contains("<h1 id=\"page-heading\">") && authorPage.contains(example.name))
        #expect(Self.bylines(authorPage) == [example.name])
        #expect(try site.page("authors/index.html").contains(">\(example.name) <span class=\"term-count\">"))
        // What the browser shows from the data files, and what the feeds say.
        #expect(try site.page("data/sayings/0.json").contains("\"\(example.name)\",\"seneca\""))
        #expect(try site.page("feed.xml").contains("<dc:creator>\(example.name)</dc:creator>"))
    }

    /// The `content` of the `<meta>` whose property or name is `key`.
    static func meta(_ key: String, in html: String) -> String? {
        html.firstMatch(of: try! Regex(#"<meta (?:property|name)="\#(key)" content="([^"]*)">"#))
            .flatMap { $0.output[1].substring.map(String.init) }
    }

    @Test(
        "a shared card's description names the author as the byline does",
        arguments: [
            ("ko", "세네카"), ("en", "Seneca the Younger")
        ])
    func cardDescriptionNamesTheAuthorInTheSiteLanguage(_ example: (language: String, name: String)) throws {
        let site = try Self.site(language: example.language, cards: true)
        let alt = "Life is long if you know how to use it. — \(example.name)"
        for path in ["sayings/short-life/index.html", "index.html"] {
            let page = try site.page(path)
            #expect(Self.meta("og:image:alt", in: page) == alt, "\(path)")
            #expect(Self.meta("twitter:image:alt", in: page) == alt, "\(path)")
        }
    }

    @Test func withoutAuthorsJSONTheNameIsAsWritten() throws {
        let site = try Self.site(language: "ko", authors: nil)
        #expect(Self.bylines(try site.page("sayings/short-life/index.html")) == ["Seneca"])
    }

    /// Every token of the search shards.
    static func searchTokens(_ site: WrittenSite) throws -> Set<String> {
        var tokens = Set<String>()
        for (path, text) in try site.outputs where path.hasPrefix(SitePaths.searchShards) {
            let shard = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            tokens.formUnion(shard.keys)
        }
        return tokens
    }

    @Test func searchIndexesEveryNameOfTheAuthor() throws {
        let tokens = try Self.searchTokens(try Self.site(language: "en"))
        for name in ["seneca", "세네카", "younger", "lucius"] { #expect(tokens.contains(name), "\(name) is not indexed") }
        let without = try Self.searchTokens(try Self.site(language: "en", authors: nil))
        #expect(!without.contains("세네카") && !without.contains("lucius"))
    }
}
