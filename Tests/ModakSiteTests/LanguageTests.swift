import Foundation
import ModakInput
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// `language` is a BCP 47 tag matched to the UI strings; numbers and prices follow the language.
@Suite struct LanguageTests {
    private func site(language: String, extra: [String: String] = [:]) throws -> WrittenSite {
        let siteJSON = """
            {"title": "Lanterns", "baseURL": "https://lanterns.example/", "cards": false,
             "language": "\(language)"}
            """
        return try WrittenSite(
            ["content/site.json": siteJSON, "content/sayings/lamp.md": WrittenSite.saying].merging(extra) { $1 })
    }

    @Test(arguments: [("ko-KR", "ko"), ("KO", "ko"), ("ko", "ko"), ("ko-Kore-KR", "ko"), ("en-GB", "en"), ("EN", "en")])
    func aTagGetsTheInterfaceOfItsLanguage(tag: String, interface: String) throws {
        let site = try site(language: tag)
        #expect(site.result.succeeded && site.warnings == [], "\(site.result.diagnostics)")
        let html = try #require(try site.elements("index.html", "html").first)
        #expect(html.attributes["lang"] == tag, "the tag as written")
        #expect(html.attributes["data-interface-language"] == interface)
        let home = try site.page("index.html")
        #expect(home.contains(interface == "ko" ? ">검색</a>" : ">Search</a>"))
        #expect(home.contains(interface == "ko" ? "2026년 11월 20일" : "November 20, 2026"))
        #expect(try site.page("feed.xml").contains("<language>\(tag)</language>"))
    }

    @Test func aLanguageWithoutUIStringsFallsBackToEnglishWithAWarning() throws {
        let site = try site(language: "fr")
        #expect(site.result.succeeded)
        #expect(
            site.warnings == [
                """
                \(site.folder.path)/content/site.json:2: warning: Modak has no UI strings for the language `fr`, \
                so the interface is in English (`lang` stays `fr`): use `ko` or `en`, or add templates/i18n/fr.json
                """
            ])
        #expect(try site.elements("index.html", "html").first?.attributes["lang"] == "fr")
        #expect(try site.page("index.html").contains(">Search</a>"))
        // Strings of the site's own make the language known.
        let translated = try self.site(
            language: "fr-CA", extra: ["templates/i18n/fr.json": #"{"search": "Recherche"}"#])
        #expect(translated.warnings == [])
        #expect(
            try translated.page("index.html").contains(">Recherche</a>")
                && translated.page("index.html").contains(">Home</a>"))
    }

    @Test func theLookupDropsSubtagsFromTheEnd() throws {
        let templates = try TemplateLoader.load(folders: [Fixtures.templates])
        #expect(templates.interfaceLanguage(for: "ko-KR") == "ko")
        #expect(templates.interfaceLanguage(for: "en-Latn-US") == "en")
        #expect(templates.interfaceLanguage(for: "kok") == nil, "`kok` (Konkani) is no `ko`")
        #expect(templates.interfaceLanguage(for: "fr") == nil)
    }

    static let gifts = """
        [{"id": "lamp", "name": "Lamp", "price": 35000, "image": "images/lamp.svg", "tags": ["home"]},
         {"id": "tea", "name": "Tea", "price": 1234567, "image": "images/tea.svg", "tags": ["home"]}]
        """

    @Test(arguments: [("ko-KR", "35,000원", "1,234,567원"), ("en", "₩35,000", "₩1,234,567")])
    func pricesAreWrittenForTheLanguage(tag: String, lamp: String, tea: String) throws {
        let site = try site(
            language: tag, extra: ["content/gifts/gifts.json": Self.gifts, "content/gifts/questions.json": "[]"])
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        #expect(try site.page("gifts/index.html").contains(#"<span class="gift-price">\#(lamp)</span>"#))
        #expect(try site.page("gifts/tea/index.html").contains(#"<p class="gift-price">\#(tea)</p>"#))
        // The quiz shows the data file's prices and writes its budget limit with the page's pattern.
        let quiz = try #require(try site.elements("gifts/quiz/index.html", "section") { $0["id"] == "quiz" }.first)
        let pattern = try #require(quiz.attributes["data-price"])
        #expect(PriceFormat(pattern: pattern).text(35000) == lamp)
        let dataPath = try #require(quiz.attributes["data-src"]).replacingOccurrences(of: "../", with: "")
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(site.page(dataPath).utf8)) as? [String: Any])
        #expect((data["gifts"] as? [[String: Any]])?.compactMap { $0["priceText"] as? String } == [lamp, tea])
    }

    @Test func countsAreGroupedByThousands() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(12_345) == "12,345")
        #expect(NumberText.grouped(-1_000) == "-1,000")
    }
}
