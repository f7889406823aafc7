import Foundation
import ModakXML
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// `menu` in site.json, and free pages linked from every page so that none is an orphan.
@Suite struct NavigationTests {
    static let base = "https://name.github.io/lanterns/"
    static let siteJSON = """
        {"title": "Lanterns", "baseURL": "\(base)", "language": "en", "cards": false,
         "menu": [{"title": "About us", "url": "about/"}, {"title": "Feed", "url": "/feed.xml"},
                  {"title": "Code", "url": "https://code.example/lanterns"}]}
        """
    static let files = [
        "content/site.json": siteJSON,
        "content/sayings/lamp.md": WrittenSite.saying,
        "content/pages/about.md": "---\ntitle: About\n---\nAbout.\n",
        "content/pages/how-to-use.md": "---\ntitle: How to use\n---\nUse it.\n",
        "content/pages/colophon.md": "---\ntitle: Colophon\nslug: made-with\n---\nMade.\n"
    ]

    /// The navigation's links on `page`, resolved against its URL under the base.
    private func navigation(_ site: WrittenSite, _ page: String) throws -> [String: String] {
        let html = try site.page(page)
        let start = try #require(html.range(of: #"<nav class="site-nav""#)).lowerBound
        let nav = html[start...].components(separatedBy: "</nav>")[0]
        // 404.html is served for any missing path, at any depth.
        let address =
            page == "404.html"
            ? Self.base + "somewhere/deep/missing" : Self.base + page.replacingOccurrences(of: "index.html", with: "")
        let pageURL = try #require(URL(string: address))
        var links: [String: String] = [:]
        for element in HTMLDocument(html: nav, fragment: true).elements where element.name == "a" {
            links[element.attributes["href"]!] =
                URL(string: element.attributes["href"]!, relativeTo: pageURL)!.absoluteString
        }
        return links
    }

    @Test func menuLinksResolveFromEveryDepthUnderTheBase() throws {
        let site = try WrittenSite(Self.files)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        #expect(site.warnings == [])
        for page in ["index.html", "sayings/lamp/index.html", "gifts/quiz/index.html", "404.html"] {
            let resolved = Set(try navigation(site, page).values)
            for target in ["about/", "feed.xml", ""] {
                #expect(resolved.contains(Self.base + target), "\(page) → \(target): \(resolved)")
            }
            #expect(resolved.contains("https://code.example/lanterns"), "absolute URLs are kept")
        }
        #expect(try navigation(site, "sayings/lamp/index.html")["../../about/"] != nil)
        let current = try site.elements("about/index.html", "a") { $0["aria-current"] == "page" }
        #expect(current.map { $0.attributes["href"] } == ["../about/"], "the menu entry of the page is current")
        #expect(
            try site.elements("index.html", "a") {
                $0["href"] == "https://code.example/lanterns" && $0["rel"] == "external"
            }.count == 1)
    }

    @Test func everyFreePageIsLinkedFromTheHomePageOnce() throws {
        let site = try WrittenSite(Self.files)
        let hrefs = try site.elements("index.html", "a").compactMap { $0.attributes["href"] }
        for page in ["./about/", "./how-to-use/", "./made-with/"] {
            #expect(hrefs.filter { $0 == page }.count == 1, "\(page) in \(hrefs)")
        }
        // The page in the menu is not repeated in the footer, the others are there.
        let footer = try #require(
            try site.page("index.html").components(separatedBy: #"<nav class="footer-pages""#).last)
        #expect(!footer.contains("./about/") && footer.contains("./how-to-use/") && footer.contains("./made-with/"))
    }

    @Test func aFreePageIsLinkedEvenWithoutAMenu() throws {
        let site = try WrittenSite([
            "content/sayings/lamp.md": WrittenSite.saying, "content/pages/about.md": "---\ntitle: About\n---\nAbout.\n"
        ])
        #expect(try site.elements("sayings/lamp/index.html", "a") { $0["href"] == "../../about/" }.count == 1)
        #expect(try site.elements("index.html", "nav") { $0["class"] == "footer-pages" }.count == 1)
        let bare = try WrittenSite(["content/sayings/lamp.md": WrittenSite.saying])
        #expect(
            try bare.elements("index.html", "nav") { $0["class"] == "footer-pages" }.isEmpty,
            "no empty list without pages")
    }

    @Test func aMenuPathToNoPageIsWarnedAboutWithTheNearestOne() throws {
        var files = Self.files
        files["content/site.json"] = """
            {"title": "Lanterns", "baseURL": "\(Self.base)", "cards": false,
             "menu": [{"title": "About", "url": "abuot/"},
                      {"title": "Nowhere", "url": "no/such/thing.html"}]}
            """
        let site = try WrittenSite(files)
        #expect(site.result.succeeded)
        let path = site.folder.path + "/content/site.json"
        #expect(
            site.warnings == [
                """
                \(path):2: warning: the menu entry `About` links `abuot/`, which is no page of the site: did you \
                mean `about/`?
                """,
                "\(path):3: warning: the menu entry `Nowhere` links `no/such/thing.html`, which is no page of the site"
            ])
    }
}
