import Foundation
import FoundationXML
@testable import ModakOutput
import ModakInput
import ModakXML
import Testing
import ModakCore
@testable import ModakSite

/// The render context of a fixture's content on `date`, for testing one step without writing files.
func renderContext(_ fixture: String, date: String = "2026-11-30", edit: (inout ContentSet) -> Void = { _ in }) throws
    -> RenderContext
{
    let (loaded, log) = ContentLoader.load(try DirectoryReader.contentFiles(in: Fixtures.content(fixture)))
    var content = try #require(loaded, "\(log.sorted)")
    edit(&content)
    let day = try #require(CivilDay(iso: date))
    let templates = try TemplateLoader.load(folders: [Fixtures.templates])
    return RenderContext(
        content: content, today: BuildDay(day: day, timeZone: content.site.timeZone), templates: templates)
}

extension [OutputFile] {
    func text(_ path: String) -> String? {
        first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }
}

/// Parses XML strictly (no recovery), so a test fails on anything a feed reader would reject.
func parsedXML(_ text: String) throws -> XMLDocument {
    try XMLDocument(data: Data(text.utf8), options: [])
}

@Suite struct FeedHTMLTests {
    let page = "https://example.org/blog/sayings/a/"
    let site = "https://example.org/blog/"

    private func portable(_ html: String) -> String { FeedHTML.portable(html, pageURL: page, siteURL: site) }

    @Test func relativeLinksResolveAgainstThePageAsABrowserWould() {
        let html =
            ##"""
            <p><a href="../b/">b</a> <a href="/favorites/">f</a> <a href="#n">n</a> <a href="?p=2">q</a> <img \##
            src="pic.png" alt=""></p>
            """##
        let result = portable(html)
        #expect(result.contains(#"href="https://example.org/blog/sayings/b/""#))
        // Root-relative means the site's root (docs/reference/content.md), which lies below the host's here.
        #expect(result.contains(#"href="https://example.org/blog/favorites/""#))
        #expect(result.contains(##"href="https://example.org/blog/sayings/a/#n""##))
        #expect(result.contains(#"href="https://example.org/blog/sayings/a/?p=2""#))
        #expect(result.contains(#"src="https://example.org/blog/sayings/a/pic.png""#))
    }

    @Test func absoluteAndOtherSchemesAreKept() {
        let html =
            #"""
            <a href="https://x.example/y?a=1&amp;b=2">x</a><a href="mailto:a@b.example">m</a><a \#
            href="//cdn.example/z">z</a>
            """#
        let result = portable(html)
        #expect(result.contains(#"href="https://x.example/y?a=1&amp;b=2""#))
        #expect(result.contains(#"href="mailto:a@b.example""#))
        #expect(result.contains(#"href="https://cdn.example/z""#))
    }

    @Test func nonASCIIPathsArePercentEncoded() {
        let result = portable(#"<a href="../한글/">k</a>"#)
        #expect(result.contains(#"href="https://example.org/blog/sayings/%ED%95%9C%EA%B8%80/""#))
    }

    @Test func sourceSetsResolveEachCandidate() {
        let result = portable(#"<img src="a.png" srcset="a.png 1x, /b.png 2x" alt="">"#)
        #expect(
            result.contains(#"srcset="https://example.org/blog/sayings/a/a.png 1x, https://example.org/blog/b.png 2x""#)
        )
    }

    @Test func scriptsFramesAndHandlersAreRemoved() {
        let html =
            #"""
            <p onclick="steal()">Hi<script>alert(1)</script><iframe src="x"></iframe><b \#
            onmouseover="x()">bold</b></p>
            """#
        let result = portable(html)
        #expect(result == "<p>Hi<b>bold</b></p>")
    }

    @Test func longTitlesAreCutAtAWordBoundary() {
        let title = FeedText.headline(String(repeating: "word ", count: 50), limit: 30)
        #expect(title == "word word word word word word…")
        #expect(FeedText.headline("  two\n lines ") == "two lines")
        let unbroken = FeedText.headline(String(repeating: "가", count: 200), limit: 10)
        #expect(unbroken == String(repeating: "가", count: 10) + "…")
    }
}

@Suite struct FeedTests {
    @Test func rssHasTheNewestItemsWithFullContentAndAbsoluteLinks() throws {
        let context = try renderContext("feeds")
        let files = try FeedsStep().files(context)
        let rss = try #require(files.text(SitePaths.rss))
        let document = try parsedXML(rss)
        let items = try document.nodes(forXPath: "/rss/channel/item")
        #expect(items.count == 3, "feedLimit is 3")
        let links = try document.nodes(forXPath: "/rss/channel/item/link").compactMap(\.stringValue)
        #expect(links == ["evil", "long", "plain"].map { "https://feeds.example/blog/sayings/\($0)/" })
        let content = try #require(
            try document.nodes(forXPath: "/rss/channel/item[1]/*[local-name()='encoded']").first?.stringValue)
        #expect(content.contains("Commentary with"), "the commentary is in the feed, not just a summary")
        #expect(content.contains(#"href="https://feeds.example/blog/sayings/other/""#))
        #expect(!content.contains("<script"), "text that looks like a tag stays escaped inside the HTML")
        let description = try document.nodes(forXPath: "/rss/channel/item[1]/description").first?.stringValue
        #expect(
            description?.contains("&lt;script&gt;alert(1)") == true,
            "readers render descriptions as HTML: text stays escaped in it")
        #expect(description?.contains("Commentary") == false, "the description is a preview")
        #expect(!rss.contains("SCHEDULED-FEED-MARKER"))
        #expect(!rss.contains("\u{1}") && !rss.contains("\u{B}"), "characters XML forbids are dropped")
        let lastBuild = try document.nodes(forXPath: "/rss/channel/lastBuildDate").first?.stringValue
        #expect(lastBuild == "Sun, 29 Nov 2026 22:30:00 -0500", "the newest item's date, in the site's offset")
    }

    @Test func atomEntriesHaveIdsDatesAndEscapedHTMLContent() throws {
        let files = try FeedsStep().files(try renderContext("feeds"))
        let atom = try #require(files.text(SitePaths.atom))
        let document = try parsedXML(atom)
        #expect(try document.nodes(forXPath: "/*[local-name()='feed']/*[local-name()='entry']").count == 3)
        let updated = try document.nodes(forXPath: "/*[local-name()='feed']/*[local-name()='updated']").first?
            .stringValue
        #expect(updated == "2026-11-29T22:30:00-05:00")
        #expect(
            atom.contains(#"<link rel="self" type="application/atom+xml" href="https://feeds.example/blog/atom.xml"/>"#)
        )
        #expect(atom.contains(#"<content type="html">"#))
        #expect(atom.contains("<category term=\"&lt;tag&gt;\"/>"))
    }

    @Test func jsonFeedIsValidJSONFeedOnePointOne() throws {
        let files = try FeedsStep().files(try renderContext("feeds"))
        let text = try #require(files.text(SitePaths.jsonFeed))
        let feed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["feed_url"] as? String == "https://feeds.example/blog/feed.json")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items[0]["date_published"] as? String == "2026-11-29T22:30:00-05:00")
        #expect(
            (items[0]["content_html"] as? String)?.contains("https://feeds.example/blog/sayings/evil/pic.png") == true)
        #expect((items[0]["tags"] as? [String]) == ["<tag>", "a&b"])
        #expect((items[2]["authors"] as? [[String: String]]) == [["name": "Anonymous"]])
    }

    /// The JSON Feed is written by hand; its bytes are those `JSONSerialization` writes for the
    /// same object, pretty-printed with sorted keys (what earlier builds published).
    @Test("JSON Feed bytes are JSONSerialization's", arguments: [true, false])
    func jsonFeedBytesAreJSONSerializations(withItems: Bool) throws {
        let dates = DateText(timeZone: TimeZone(identifier: "Asia/Seoul")!, language: "ko")
        let tricky = "\"quotes\" \\ back/slash <b>&amp;</b>\n\ttab \u{1F525} 한글 \u{7F} \u{2028}"
        let items =
            withItems
            ? [
                FeedItem(
                    url: "https://x.example/sayings/a/", title: tricky, summary: "line\nline",
                    summaryHTML: "", contentHTML: "<p lang=\"ko\">\(tricky)</p>\n",
                    date: Date(timeIntervalSince1970: 1_700_000_000),
                    author: "Kim \"K\"", tags: ["<tag>", "a&b", "태그"]),
                FeedItem(
                    url: "https://x.example/sayings/b/", title: "b", summary: "",
                    summaryHTML: "", contentHTML: "", date: Date(timeIntervalSince1970: 1_600_000_000), author: nil,
                    tags: [])
            ] : []
        let channel = FeedChannel(
            title: "Site \u{1}/", description: tricky, homeURL: "https://x.example/", language: "ko",
            author: withItems ? SiteConfig.Author(name: "Owner", email: nil) : nil, items: items)
        let written = JSONFeed.json(channel, selfURL: "https://x.example/feed.json", dates: dates)

        let clean = XMLText.sanitized
        var object: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1", "title": clean(channel.title),
            "description": clean(channel.description),
            "home_page_url": channel.homeURL, "feed_url": "https://x.example/feed.json", "language": channel.language,
            "items": channel.items.map { item -> [String: Any] in
                var entry: [String: Any] = [
                    "id": item.url, "url": item.url, "title": clean(item.title), "summary": clean(item.summary),
                    "content_html": clean(item.contentHTML), "date_published": dates.rfc3339(item.date)
                ]
                if let author = item.author { entry["authors"] = [["name": clean(author)]] }
                if !item.tags.isEmpty { entry["tags"] = item.tags.map(clean) }
                return entry
            }
        ]
        if let author = channel.author { object["authors"] = [["name": clean(author.name)]] }
        let expected = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(written == String(decoding: expected, as: UTF8.self) + "\n")
    }

    @Test func feedsDependOnContentNotOnTheBuildDay() throws {
        // Days apart, with the same published sayings, not a byte changes.
        let basicA = try FeedsStep().files(try renderContext("basic", date: "2026-12-05"))
        let basicB = try FeedsStep().files(try renderContext("basic", date: "2026-12-09"))
        #expect(basicA == basicB)
    }

    @Test func anEmptyFeedHasAFixedDateAndStaysValid() throws {
        let context = try renderContext("basic", date: "2026-10-01")
        #expect(context.published.isEmpty)
        let files = try FeedsStep().files(context)
        let rss = try #require(files.text(SitePaths.rss))
        _ = try parsedXML(rss)
        #expect(rss.contains("<lastBuildDate>Thu, 01 Jan 1970 09:00:00 +0900</lastBuildDate>"))
        _ = try parsedXML(try #require(files.text(SitePaths.atom)))
    }
}

@Suite struct SitemapTests {
    @Test func listsPublicPagesWithLastModifiedDates() throws {
        let context = try renderContext("feeds")
        let files = try SitemapStep().files(context)
        let sitemap = try #require(files.text(SitePaths.sitemap))
        let document = try parsedXML(sitemap)
        let locations = try document.nodes(forXPath: "//*[local-name()='loc']").compactMap(\.stringValue)
        #expect(locations.first == "https://feeds.example/blog/")
        #expect(
            locations.contains("https://feeds.example/blog/sayings/oldest/"),
            "every published saying, not just the feed's")
        #expect(locations.contains("https://feeds.example/blog/about/"))
        #expect(locations.contains("https://feeds.example/blog/notices/2026-11-20-hello/"))
        #expect(
            !locations.contains {
                $0.contains("scheduled") || $0.contains("souvenirs") || $0.contains("favorites")
                    || $0.contains("search")
            })
        let dates = try document.nodes(forXPath: "//*[local-name()='lastmod']").compactMap(\.stringValue)
        #expect(dates.count == locations.count)
        #expect(
            sitemap.contains(
                "<loc>https://feeds.example/blog/sayings/long/</loc>\n    <lastmod>2026-11-28T08:00:00-05:00</lastmod>")
        )
    }

    @Test func listsTheGiftPagesOfASiteWithGifts() throws {
        let context = try renderContext("feeds") { content in
            content.gifts = [
                Gift(
                    id: "mug", name: "Mug", price: 9000, image: "images/mug.svg", tags: ["kitchen"],
                    source: SourceLocation(path: "gifts/gifts.json", line: 2))
            ]
        }
        let locations = SitemapStep.entries(context).map(\.path)
        #expect(locations.contains(SitePaths.gifts) && locations.contains(SitePaths.giftQuiz))
        #expect(locations.contains(SitePaths.gift("mug")))
        #expect(locations.contains { $0.hasPrefix("gifts/tags/") })
    }

    @Test func largeSitesGetASitemapIndex() throws {
        let context = try renderContext("feeds") { content in
            let template = content.sayings[0]
            content.sayings = (0..<(SitemapStep.urlsPerFile + 10)).map { number in
                var saying = template
                saying.id = "s\(number)"
                saying.time = template.time.addingTimeInterval(-Double(number) * 60)
                return saying
            }
        }
        let files = try SitemapStep().files(context)
        let index = try parsedXML(try #require(files.text(SitePaths.sitemap)))
        let parts = try index.nodes(forXPath: "//*[local-name()='sitemap']/*[local-name()='loc']").compactMap(
            \.stringValue)
        #expect(parts == ["https://feeds.example/blog/sitemap-1.xml", "https://feeds.example/blog/sitemap-2.xml"])
        let counts = try ["sitemap-1.xml", "sitemap-2.xml"].map {
            try parsedXML(try #require(files.text($0))).nodes(forXPath: "//*[local-name()='url']").count
        }
        #expect(counts[0] == SitemapStep.urlsPerFile)
        #expect(counts.reduce(0, +) == SitemapStep.entries(context).count)
    }

    @Test func robotsNamesTheSitemap() throws {
        let files = try SitemapStep().files(try renderContext("feeds"))
        #expect(
            files.text(SitePaths.robots)
                == "User-agent: *\nAllow: /\n\nSitemap: https://feeds.example/blog/sitemap.xml\n")
    }
}
