import Foundation
import Testing
@testable import ModakCore

@Suite("site.json menu")
struct MenuTests {
    private func load(_ menu: String) -> (site: SiteConfig?, log: DiagnosticLog) {
        let (content, log) = ContentLoader.load([
            sourceFile("site.json", "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"menu\": \(menu)}")
        ])
        return (content?.site, log)
    }

    @Test func entriesKeepTheirTitlesAndPathsFromTheSiteRoot() throws {
        let (site, log) = load(
            """
            [{\"title\": \"About\", \"url\": \"about/\"},\n {\"title\": \"Feed\", \"url\": \"/feed.xml\"},\n \
            {\"title\": \"Code\", \"url\": \"https://code.example/x?a=1#b\"},\n {\"title\": \"Home\", \"url\": \
            \"\"}]
            """
        )
        #expect(log.items.isEmpty, "\(log.items)")
        let menu = try #require(site?.menu)
        #expect(menu.map(\.title) == ["About", "Feed", "Code", "Home"])
        #expect(menu.map(\.url) == ["about/", "feed.xml", "https://code.example/x?a=1#b", ""])
        #expect(menu.map(\.isExternal) == [false, false, true, false])
        #expect(menu.map(\.source.line) == [2, 3, 4, 5])
    }

    static let errorCases: [(menu: String, expected: [String])] = [
        (
            "{\"title\": \"A\"}",
            ["content/site.json:2: `menu` must be a list of links like [{\"title\": \"About\", \"url\": \"about/\"}]"]
        ),
        (
            "[\"about/\"]",
            [
                """
                content/site.json:2: each `menu` entry must be an object like {\"title\": \"About\", \"url\": \
                \"about/\"}, not a string
                """
            ]
        ),
        ("[{\"url\": \"about/\"}]", ["content/site.json:2: the menu entry has no `title`: add `title`"]),
        ("[{\"title\": \"A\"}]", ["content/site.json:2: the menu entry has no `url`: add `url`"]),
        (
            "[{\"title\": \"  \", \"url\": \"a/\"}]",
            ["content/site.json:2: the menu entry's `title` is empty: write the link's text"]
        ),
        (
            "[{\"title\": \"A\", \"link\": \"a/\"}]",
            [
                "content/site.json:2: unknown key `link` in a menu entry; known keys: `title`, `url`",
                "content/site.json:2: the menu entry has no `url`: add `url`"
            ]
        ),
        (
            "[{\"title\": \"A\",\n\"url\": \"javascript:alert(1)\"}]",
            [
                """
                content/site.json:3: `url` `javascript:alert(1)` is not a link a menu may hold: use an http(s) URL \
                or a path inside the site such as `about/`
                """
            ]
        ),
        (
            "[{\"title\": \"A\", \"url\": \"JavaScript:x\"}]",
            [
                """
                content/site.json:2: `url` `JavaScript:x` is not a link a menu may hold: use an http(s) URL or a \
                path inside the site such as `about/`
                """
            ]
        ),
        (
            "[{\"title\": \"A\", \"url\": \"data:text/html,x\"}]",
            [
                """
                content/site.json:2: `url` `data:text/html,x` is not a link a menu may hold: use an http(s) URL or \
                a path inside the site such as `about/`
                """
            ]
        ),
        (
            "[{\"title\": \"A\", \"url\": \"//evil.example/\"}]",
            ["content/site.json:2: `url` `//evil.example/` has no scheme: write it in full, as `https://evil.example/`"]
        ),
        (
            "[{\"title\": \"A\", \"url\": \"../../etc/\"}]",
            [
                """
                content/site.json:2: `url` `../../etc/` leads outside the site: write the path from the site's \
                root, such as `about/`
                """
            ]
        ),
        (
            "[{\"title\": \"A\", \"url\": \"about us/\"}]",
            [
                """
                content/site.json:2: `url` `about us/` holds spaces or other characters a URL cannot: \
                percent-encode them
                """
            ]
        ),
        ("[{\"title\": \"A\", \"url\": true}]", ["content/site.json:2: `url` must be a string, not a boolean"])
    ]

    @Test("menu errors", arguments: errorCases)
    func error(_ example: (menu: String, expected: [String])) {
        let (site, log) = load(example.menu)
        #expect(site == nil)
        #expect(log.errorLines == example.expected)
    }

    @Test func anUnderscoredLanguageTagSuggestsTheDashedOne() {
        let (content, log) = ContentLoader.load([
            sourceFile("site.json", "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"language\": \"ko_KR\"}")
        ])
        #expect(content == nil)
        #expect(
            log.errorLines == [
                """
                content/site.json:2: `language` `ko_KR` is not a language tag: write `ko-KR` (BCP 47 joins its \
                parts with `-`)
                """
            ])
        let (site, _) = ContentLoader.load([
            sourceFile("site.json", "{\"title\": \"T\", \"baseURL\": \"https://e.org/\",\n\"language\": \"ko-KR\"}")
        ])
        #expect(site?.site.language == "ko-KR", "kept as written")
        #expect(site?.site.languageSource == SourceLocation(path: "content/site.json", line: 2))
    }

    @Test func aMissingSiteJSONInAnEmptyFolderIsNamedInIt() {
        #expect(ContentLoader.load([], folder: "content").log.errors.map(\.path) == ["content/site.json"])
        #expect(ContentLoader.load([], folder: "my/content/").log.errors.map(\.path) == ["my/content/site.json"])
    }
}

@Suite("drafts")
struct DraftLoadingTests {
    @Test func draftIsReadFromFrontMatterAndJSON() throws {
        let (content, log) = loadSite([
            "sayings/a.md": sayingMarkdown(id: "a", extra: ["draft: true"]),
            "sayings/b.md": sayingMarkdown(id: "b", extra: ["draft: false"]),
            "sayings/c.json":
                #"""
            [{"id": "c", "kor": "말", "who": "M", "time": "2026-11-01", "draft": true}, {"id": "d", "kor": \#
            "말", "who": "M", "time": "2026-11-01"}]
            """#,
            "notices/n.md": "---\ntitle: N\ndate: 2026-11-01\ndraft: true\n---\nx\n",
            "pages/p.md": "---\ntitle: P\ndraft: true\n---\nx\n"
        ])
        #expect(log.items.isEmpty, "\(log.items)")
        let site = try #require(content)
        #expect(site.sayings.sorted { $0.id < $1.id }.map(\.isDraft) == [true, false, true, false])
        #expect(site.notices.map(\.isDraft) == [true])
        #expect(site.pages.map(\.isDraft) == [true])
    }

    @Test func draftMustBeTrueOrFalse() {
        let (_, log) = loadSite(["sayings/a.md": sayingMarkdown(id: "a", extra: ["draft: yes"])])
        #expect(log.errorLines == ["content/sayings/a.md:7: `draft` must be true or false"])
    }

    @Test func noticesAreScheduledUntilTheirDateAndDraftsUntilIncluded() {
        let notice = { (slug: String, date: String, draft: Bool) in
            Notice(
                slug: slug, title: slug, date: seoulTime(date), body: "", source: SourceLocation(path: "x", line: 1),
                isDraft: draft)
        }
        let notices = [
            notice("old", "2026-11-01", false), notice("tonight", "2026-11-30 23:59", false),
            notice("tomorrow", "2026-12-01", false), notice("draft", "2026-11-02", true)
        ]
        let today = BuildDay(day: day("2026-11-30"), timeZone: seoul)
        #expect(TimeRules(today: today, newDays: 2).published(notices: notices).map(\.slug) == ["old", "tonight"])
        #expect(
            TimeRules(today: today, newDays: 2, includeDrafts: true).published(notices: notices).map(\.slug) == [
                "old", "tonight", "draft"
            ])
        let page = Page(slug: "p", title: "P", body: "", source: SourceLocation(path: "x", line: 1), isDraft: true)
        #expect(TimeRules(today: today, newDays: 2).published(pages: [page]).isEmpty)
        #expect(TimeRules(today: today, newDays: 2, includeDrafts: true).published(pages: [page]).count == 1)
    }
}
