import Foundation
import Testing
@testable import ModakCore

@Suite("site.json")
struct SiteConfigTests {
    private func load(_ json: String) -> (site: SiteConfig?, log: DiagnosticLog) {
        let (content, log) = ContentLoader.load([sourceFile("site.json", json)])
        return (content?.site, log)
    }

    @Test func defaults() throws {
        let (site, log) = load(#"{"title": "모닥이", "baseURL": "https://example.org/"}"#)
        #expect(log.items.isEmpty)
        let config = try #require(site)
        #expect(config.title == "모닥이")
        #expect(config.baseURL == "https://example.org/")
        #expect(config.description == "")
        #expect(config.language == "ko")
        #expect(config.timeZone.identifier == "Asia/Seoul")
        #expect(config.theme == "bonfire")
        #expect(config.author == nil)
        #expect(config.newDays == 2)
        #expect(config.feedLimit == 50)
        #expect(config.cards == true, "`cards: false` opts out of the cards, so they are on by default")
        #expect(config.unsafeHTML == false)
        #expect(config.precompress == false, "twins are for servers configured to send them")
    }

    @Test func everyField() throws {
        let json = """
            { "title": "Modak", "description": "Sayings by the fire", "baseURL": "https://example.org/modak",
              "language": "en", "timezone": "America/New_York", "theme": "dark",
              "author": { "name": "Kim", "email": "kim@example.org" }, "newDays": 0, "feedLimit": 10,
              "cards": false, "unsafeHTML": true, "precompress": true }
            """
        let (site, log) = load(json)
        #expect(log.items.isEmpty, "\(log.items)")
        let config = try #require(site)
        #expect(config.description == "Sayings by the fire")
        #expect(config.baseURL == "https://example.org/modak/")
        #expect(config.language == "en")
        #expect(config.timeZone.identifier == "America/New_York")
        #expect(config.theme == "dark")
        #expect(config.author == SiteConfig.Author(name: "Kim", email: "kim@example.org"))
        #expect(config.newDays == 0)
        #expect(config.feedLimit == 10)
        #expect(config.cards == false)
        #expect(config.unsafeHTML == true)
        #expect(config.precompress == true)
    }

    @Test func authorAsAString() throws {
        let (site, log) = load(
            #"{"title": "T", "baseURL": "http://localhost:8080/", "author": "Kim", "timezone": "UTC"}"#)
        #expect(log.items.isEmpty)
        #expect(site?.author == SiteConfig.Author(name: "Kim"))
        #expect(site?.timeZone.secondsFromGMT() == 0)
    }

    @Test func missingSiteJSON() {
        let (content, log) = ContentLoader.load([sourceFile("sayings/a.md", sayingMarkdown())])
        #expect(content == nil)
        #expect(log.errors.count == 1)
        #expect(log.errors.first?.path == "content/site.json", "named like the other files of the folder")
        #expect(log.errors.first?.message.contains("no site.json") == true)
    }

    static let errorCases: [(json: String, expected: String)] = [
        ("{\n\"baseURL\": \"https://e.org/\"\n}", "content/site.json:1: the site.json has no `title`: add `title`"),
        ("{\n\"title\": \"T\"\n}", "content/site.json:1: the site.json has no `baseURL`: add `baseURL`"),
        (
            "{\"title\": \"T\",\n\"baseURL\": \"example.org\"}",
            "content/site.json:2: `baseURL` must be an absolute http(s) URL such as `https://example.org/`"
        ),
        (
            "{\"title\": \"T\",\n\"baseURL\": \"/blog/\"}",
            "content/site.json:2: `baseURL` must be an absolute http(s) URL such as `https://example.org/`"
        ),
        (
            "{\"title\": \"T\",\n\"baseURL\": \"ftp://example.org/\"}",
            "content/site.json:2: `baseURL` must be an absolute http(s) URL such as `https://example.org/`"
        ),
        (
            "{\"title\": \"T\",\n\"baseURL\": \"https://\"}",
            "content/site.json:2: `baseURL` must be an absolute http(s) URL such as `https://example.org/`"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"timezone\": \"Mars/Olympus\"}",
            """
            content/site.json:2: `timezone` `Mars/Olympus` is not a known time zone: use an IANA name such as \
            `Asia/Seoul` or `UTC`
            """
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"timezone\": \"\"}",
            """
            content/site.json:2: `timezone` `` is not a known time zone: use an IANA name such as `Asia/Seoul` or \
            `UTC`
            """
        ),
        (
            "{\"title\": [\"T\"], \"baseURL\": \"https://e.org/\"}",
            "content/site.json:1: `title` must be a string, not a list"
        ),
        (
            "{\"title\": null, \"baseURL\": \"https://e.org/\"}",
            "content/site.json:1: `title` must be a string, not null"
        ),
        ("{\"title\": \"T\", \"baseURL\": true}", "content/site.json:1: `baseURL` must be a string, not a boolean"),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"newDays\": \"two\"}",
            "content/site.json:2: `newDays` must be a whole number, not `two`"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"newDays\": 1.5}",
            "content/site.json:2: `newDays` must be a whole number, not `1.5`"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"newDays\": -1}",
            "content/site.json:2: `newDays` is -1, outside 0…3650"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"feedLimit\": 0}",
            "content/site.json:2: `feedLimit` is 0, outside 1…100000"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"feedLimit\": [50]}",
            "content/site.json:2: `feedLimit` must be a whole number, not a list of non-strings"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"cards\": \"yes\"}",
            "content/site.json:2: `cards` must be true or false"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"cards\": 1}",
            "content/site.json:2: `cards` must be true or false"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"precompress\": \"br\"}",
            "content/site.json:2: `precompress` must be true or false"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"theme\": \"night\"}",
            "content/site.json:2: `theme` `night` is not a theme: use one of `bonfire`, `light`, `dark`, `system`"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"theme\": {}}",
            "content/site.json:2: `theme` must be a string, not an object"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"author\": 5}",
            "content/site.json:2: `author` must be an object like {\"name\": \"…\", \"email\": \"…\"}"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"author\": {\"email\": \"a@b.c\"}}",
            "content/site.json:2: the author has no `name`: add `name`"
        ),
        (
            """
            {\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"author\": {\"name\": \"K\",\n\"email\": \"not \
            an email\"}}
            """,
            "content/site.json:3: `email` `not an email` is not an e-mail address"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"tilte\": \"x\"}",
            "content/site.json:2: unknown key `tilte` in a site.json: did you mean `title`?"
        ),
        (
            "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"timeZone\": \"UTC\"}",
            "content/site.json:2: unknown key `timeZone` in a site.json: did you mean `timezone`?"
        ),
        ("[\n{\"title\": \"T\"}]", "content/site.json:1: site.json must hold one JSON object, not an array"),
        (
            "{\"title\": \"T\",\n\"baseURL\": \"https://e.org/\",\n}",
            """
            content/site.json:2: invalid JSON: a comma after the last member of the object: remove the comma \
            before `}`
            """
        )
    ]

    @Test("errors", arguments: errorCases)
    func error(_ example: (json: String, expected: String)) {
        let (site, log) = load(example.json)
        #expect(site == nil)
        #expect(log.errorLines == [example.expected])
    }

    @Test func everySiteErrorIsReported() {
        let json =
            """
            {\n\"title\": 1.5e3,\n\"baseURL\": \"nope\",\n\"timezone\": \"Nowhere/City\",\n\"newDays\": \
            \"x\",\n\"cards\": \"maybe\",\n\"colour\": \"red\"\n}
            """
        let (site, log) = load(json)
        #expect(site == nil)
        #expect(log.sorted.filter { $0.severity == .error }.map(\.line) == [3, 4, 5, 6, 7])
    }

    @Test func invalidUTF8SiteJSON() {
        let bytes = Array("{\n\"title\": \"".utf8) + [0xC3, 0x28] + Array("\",\n\"baseURL\": \"https://e.org/\"}".utf8)
        let (content, log) = ContentLoader.load([sourceFile("site.json", bytes: bytes)])
        #expect(content == nil)
        #expect(log.errorLines == ["content/site.json:2: the file is not valid UTF-8: save it as UTF-8"])
    }

    @Test func brokenSiteJSONStillReportsContentErrors() {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(id: "bad id")], site: #"{"title": "T"}"#)
        #expect(content == nil)
        #expect(log.errors.count == 2)
        #expect(log.errorLines.contains { $0.hasPrefix("content/sayings/a.md:2: `id` `bad id`") })
    }
}
