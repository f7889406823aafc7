import Foundation
import ModakXML
import Testing
import TestSupport
import ModakCheck
import ModakCore
@testable import ModakSite

/// A site under a sub-path (`https://name.github.io/lanterns/`, the GitHub Pages case): what its
/// Markdown means by `/feed.xml` is the site's feed, in pages and in feeds alike.
@Suite struct SubPathTests {
    static let base = "https://name.github.io/lanterns/"
    static let links = "[feed](/feed.xml) ![lamp](/img/x.svg) [home](/)"
    static let files = [
        "content/sayings/lamp.md": WrittenSite.saying + links + "\n",
        "content/notices/2026-11-01-lit.md": "---\ntitle: Lit\ndate: 2026-11-01\n---\n" + links + "\n",
        "content/pages/about.md": "---\ntitle: About\n---\n" + links + "\n",
        "content/static/img/x.svg": #"<svg xmlns="http://www.w3.org/2000/svg"/>"#
    ]

    /// Each page's `<a>` and `<img>` URLs resolved as a browser on the page would.
    private func resolvedReferences(_ site: WrittenSite, page: String) throws -> [String] {
        let pageURL = try #require(URL(string: Self.base + page.replacingOccurrences(of: "index.html", with: "")))
        return HTMLDocument(html: try site.page(page)).elements.compactMap {
            $0.attributes["href"] ?? $0.attributes["src"]
        }
        .compactMap { URL(string: $0, relativeTo: pageURL)?.absoluteString }
    }

    @Test func markdownRootLinksStayInsideTheSiteOnEveryPage() throws {
        let site = try WrittenSite(Self.files)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        for page in ["sayings/lamp/index.html", "notices/2026-11-01-lit/index.html", "about/index.html", "index.html"] {
            let resolved = try resolvedReferences(site, page: page)
            #expect(
                resolved.allSatisfy { $0.hasPrefix(Self.base) || !$0.hasPrefix("https://name.github.io/") },
                "\(page): \(resolved)")
            if page != "index.html" {
                #expect(
                    resolved.contains(Self.base + "feed.xml") && resolved.contains(Self.base + "img/x.svg"),
                    "\(page): \(resolved)")
            }
        }
        #expect(
            try site.page("sayings/lamp/index.html").contains(
                #"<a href="../../feed.xml">feed</a> <img src="../../img/x.svg" alt="lamp"> <a href="../../">home</a>"#))
        let (findings, _) = try SiteChecker(outputDirectory: site.folder.path + "/public", baseURL: Self.base).check()
        #expect(findings.map(\.description) == [])
    }

    @Test func feedsMakeRootLinksAbsoluteUnderTheBase() throws {
        let site = try WrittenSite(Self.files)
        for feed in ["feed.xml", "atom.xml", "feed.json"] {
            let text = try site.page(feed)
            #expect(text.contains(Self.base + "feed.xml"), "\(feed)")
            #expect(text.contains(Self.base + "img/x.svg"), "\(feed)")
            #expect(
                !text.contains("https://name.github.io/feed.xml") && !text.contains("https://name.github.io/img/"),
                "\(feed) leaves the base path")
        }
    }

    @Test func rawHTMLRootLinksAreRewrittenToo() throws {
        var files = Self.files
        files["content/site.json"] = WrittenSite.siteJSON.replacingOccurrences(of: "}", with: #", "unsafeHTML": true}"#)
        files["content/sayings/lamp.md"] =
            WrittenSite.saying
            + #"<p><a href="/feed.xml">raw</a> <img src='/img/x.svg' srcset="/img/x.svg 2x" alt=""></p>"# + "\n"
        let site = try WrittenSite(files)
        let html = try site.page("sayings/lamp/index.html")
        #expect(html.contains(#"href="../../feed.xml""#))
        #expect(html.contains(#"src="../../img/x.svg""#) && html.contains(#"srcset="../../img/x.svg 2x""#))
        #expect(try site.page("feed.xml").contains(Self.base + "img/x.svg 2x"))
    }

    /// Every absolute URL any output file holds on the site's host lies under its path.
    @Test func everyURLOnTheHostLiesUnderTheBasePath() throws {
        let site = try WrittenSite(Self.files)
        for (path, text) in try site.outputs {
            var rest = Substring(text)
            while let found = rest.range(of: "https://name.github.io/") {
                #expect(
                    rest[found.upperBound...].hasPrefix("lanterns/"), "\(path): \(rest[found.lowerBound...].prefix(60))"
                )
                rest = rest[found.upperBound...]
            }
        }
        // 404.html is served at any depth: its links carry the base path.
        #expect(
            try site.elements("404.html", "link") { $0["rel"] == "stylesheet" }.first?.attributes["href"]?.hasPrefix(
                "/lanterns/assets/css/modak.css?v=") == true)
        #expect(
            try site.elements("404.html", "a") { $0["href"] == "/lanterns/about/" }.count == 1, "the footer's free page"
        )
        #expect(try site.page("robots.txt").contains("Sitemap: \(Self.base)sitemap.xml"))
    }

    @Test func markdownWithoutRootLinksIsLeftAsLibcmarkWroteIt() {
        let markdown = MarkdownRenderer()
        #expect(
            markdown.html("Some *text* and [a](../x/).", at: "sayings/a/")
                == "<p>Some <em>text</em> and <a href=\"../x/\">a</a>.</p>\n")
        #expect(
            markdown.html("`href=\"/x\"` in code", at: "sayings/a/")
                == "<p><code>href=&quot;/x&quot;</code> in code</p>\n")
        #expect(
            markdown.html("[other host](//cdn.example/x) [mail](mailto:a@b.example)", at: "sayings/a/").contains(
                #"href="//cdn.example/x""#))
        #expect(markdown.html("[feed](/feed.xml)", at: "") == "<p><a href=\"./feed.xml\">feed</a></p>\n")
    }

    @Test func checkSaysWhatToWriteForARootLinkLeavingTheSitePath() throws {
        let folder = try TemporaryFolder()
        try folder.write("index.html", "<p>home</p>")
        try folder.write("feed.xml", "<rss/>")
        try folder.write(
            "sayings/a/index.html", "<p>\n<a href=\"/feed.xml\">feed</a> <a href=\"../../feed.xml\">fine</a></p>")
        let (findings, _) = try SiteChecker(outputDirectory: folder.path, baseURL: Self.base).check()
        #expect(findings.map { "\($0.line): \($0.subject)" } == ["2: /feed.xml"])
        #expect(
            findings.first?.detail
                == """
                it leaves the site's path /lanterns/ for https://name.github.io/feed.xml: write `../../feed.xml` \
                or `/lanterns/feed.xml`
                """
        )
    }
}
