import Foundation
import ModakXML
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// The sayings website's pages, their hooks and data files, on the `website` fixture (English,
/// two new sayings, one scheduled, notices and free pages) built as of 2026-11-30.
@Suite struct WebsiteTests {
    /// The fixture built once per test, with its pages parsed on demand.
    final class Built {
        let folder: TemporaryFolder
        init(language: String? = nil, theme: String? = nil, baseURL: String? = nil) throws {
            folder = try TemporaryFolder()
            let content = try Fixtures.copy("website", into: folder)
            if language != nil || theme != nil {
                var site = try #require(folder.read("content/site.json"))
                if let language {
                    site = site.replacingOccurrences(of: #""language": "en""#, with: #""language": "\#(language)""#)
                }
                if let theme {
                    site = site.replacingOccurrences(of: #""theme": "bonfire""#, with: #""theme": "\#(theme)""#)
                }
                try folder.write("content/site.json", site)
            }
            var request = request(content: content, output: folder.path + "/public")
            request.baseURL = baseURL
            let result = SiteBuilder.pinned.build(request)
            #expect(result.succeeded, "\(result.diagnostics)")
        }

        func page(_ path: String) throws -> String { try #require(folder.read("public/" + path), "\(path) is missing") }

        func elements(_ path: String, _ name: String, where matches: ([String: String]) -> Bool = { _ in true }) throws
            -> [HTMLDocument.Element]
        {
            HTMLDocument(html: try page(path)).elements.filter { $0.name == name && matches($0.attributes) }
        }

        var htmlPages: [String] {
            get throws { try folder.snapshot("public").keys.filter { $0.hasSuffix(".html") }.sorted() }
        }
    }

    static let published = ["fresh", "yesterday", "english-only", "decomposed", "old"]

    @Test func everyPageOfTheWebsiteIsBuilt() throws {
        let site = try Built()
        for path in [
            "index.html", "favorites/index.html", "unused/index.html", "search/index.html", "search/shards/0.json",
            "data/sayings/0.json", "data/ids/0.json", "archive/index.html", "archive/2026/11/index.html",
            "tags/index.html",
            "tags/warmth/index.html", "tags/warmth/feed.xml", "authors/index.html", "authors/tester/index.html",
            "authors/tester/feed.xml",
            "settings/index.html", "notices/index.html", "notices/2026-11-01-first/index.html",
            "notices/2026-11-20-second/index.html", "how-to-use/index.html", "about-us/index.html", "404.html"
        ] {
            #expect(site.folder.exists("public/" + path), "\(path)")
        }
        for id in Self.published { #expect(site.folder.exists("public/sayings/\(id)/index.html")) }
    }

    @Test func theDataFilesHoldPublishedSayingsNumberedFromTheOldest() throws {
        let site = try Built()
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(site.page("data/sayings/0.json").utf8)) as? [[Any]])
        #expect(rows.map { $0[0] as? String } == Self.published.reversed())
        let fresh = try #require(rows.last)
        #expect(
            fresh.prefix(6).map { $0 as? String } == [
                "fresh", "모닥불 앞에 있으면 몸이 따뜻해지듯이", "Like getting warm in front of a bonfire", "Modak", "modak",
                "2026-11-30"
            ])
        #expect(fresh[6] as? [String] == ["warmth", "warmth", "courage", "courage"])
        #expect(rows[0].count == 6, "no tags, no tags column")
        #expect(rows[2][2] as? String == #"Only in English <b>bold</b> & "quoted""#)
        // Decomposed Hangul in the source is composed (NFC), as the search box composes queries.
        let decomposed = try #require(rows.first { $0[0] as? String == "decomposed" })
        #expect(decomposed[1] as? String == "간단한 말")
        #expect((decomposed[1] as? String)?.unicodeScalars.count == 5)
        let ids = try #require(
            try JSONSerialization.jsonObject(with: Data(site.page("data/ids/0.json").utf8)) as? [String: Int])
        #expect(ids == ["old": 0, "decomposed": 1, "english-only": 2, "yesterday": 3, "fresh": 4])
        let data = try #require(try site.elements("search/index.html", "div") { $0["id"] == "saying-data" }.first)
        #expect(data.attributes["data-count"] == "5")
        #expect(data.attributes["data-new-count"] == "2")
        #expect(data.attributes["data-url"] == "../data/")
        for path in try site.folder.snapshot("public").keys where path.hasSuffix(".json") || path.hasSuffix(".xml") {
            #expect(try !site.page(path).contains("SCHEDULED-MARKER"), "\(path)")
        }
    }

    @Test func sayingPagesCarryTheHooksAndBothLanguages() throws {
        let site = try Built()
        let path = "sayings/fresh/index.html"
        let html = try site.page(path)
        #expect(try site.elements(path, "article") { $0["data-saying-id"] == "fresh" }.count == 1)
        for action in ["like", "used"] {
            let buttons = try site.elements(path, "button") { $0["data-action"] == action }
            #expect(buttons.count == 1)
            #expect(buttons.first?.attributes["data-saying-id"] == "fresh")
            #expect(buttons.first?.attributes["aria-pressed"] == "false")
        }
        #expect(try site.elements(path, "h1") { $0["lang"] == "ko" }.count == 1)
        #expect(try site.elements(path, "p") { $0["lang"] == "en" }.count == 1)
        #expect(html.contains("<em>commentary</em>"))
        #expect(try site.elements(path, "span") { $0["data-new"] != nil }.count == 1)
        #expect(
            try site.elements(path, "a") { $0["rel"] == "prev" && $0["href"] == "../../sayings/yesterday/" }.count == 1)
        #expect(try site.elements(path, "a") { $0["rel"] == "next" }.isEmpty, "the newest saying has no next one")
        #expect(
            try site.elements(path, "a") { $0["download"] != nil }.isEmpty, "no card links when the site has no cards")
        let copy = try #require(try site.elements(path, "button") { $0["data-share"] == "copy" }.first)
        #expect(
            copy.attributes["data-share-text"]
                == "모닥불 앞에 있으면 몸이 따뜻해지듯이\nLike getting warm in front of a bonfire\n— Modak")
    }

    @Test func anEnglishOnlySayingHasAnEnglishHeadingAndEscapedText() throws {
        let site = try Built()
        let path = "sayings/english-only/index.html"
        let heading = try #require(try site.elements(path, "h1").first)
        #expect(heading.attributes["lang"] == "en")
        #expect(try site.elements(path, "b").isEmpty, "saying text is escaped, never markup")
        #expect(try site.page(path).contains("Only in English &lt;b&gt;bold&lt;/b&gt; &amp;"))
    }

    @Test func homeShowsTodayLargeAndTheNewestSayingsWithNewMarks() throws {
        let site = try Built()
        let today = try #require(try site.elements("index.html", "article") { $0["id"] == "today" }.first)
        #expect(Self.published.contains(today.attributes["data-saying-id"] ?? ""))
        #expect(try site.elements("index.html", "button") { $0["id"] == "another-saying" }.count == 1)
        let items = try site.elements("index.html", "li") { $0["data-saying-id"] != nil }
        #expect(items.map { $0.attributes["data-saying-id"] ?? "" } == Self.published)
        let html = try site.page("index.html")
        let marks = html.components(separatedBy: "<li class=\"saying-item\"").dropFirst().map {
            $0.components(separatedBy: "</li>")[0].contains("data-new")
        }
        #expect(marks == [true, true, false, false, false])
    }

    @Test func readerListsAndSearchHaveTheirHooksAndTemplates() throws {
        let site = try Built()
        #expect(try site.elements("search/index.html", "input") { $0["id"] == "search-input" }.count == 1)
        for path in ["favorites/index.html", "unused/index.html", "search/index.html"] {
            let html = try site.page(path)
            let start = try #require(html.range(of: #"<template id="saying-template">"#)).upperBound
            let item = html[start...].components(separatedBy: "</template>")[0]
            for field in ["url", "kor", "eng", "who", "date", "tags"] {
                #expect(item.contains(#"data-field="\#(field)""#), "\(path) \(field)")
            }
            #expect(
                try site.elements(path, "li") { ($0["data-saying-id"] ?? "") != "" }.isEmpty,
                "\(path) lists nothing before the browser does")
            // Without JavaScript: a sentence, and the ways to every saying.
            let fallback = html.components(separatedBy: "<noscript>")[1].components(separatedBy: "</noscript>")[0]
            for link in [#"href="../""#, #"href="../archive/""#, #"href="../tags/""#, #"href="../authors/""#] {
                #expect(fallback.contains(link), "\(path) \(link)")
            }
            #expect(
                try site.elements(path, "meta") { $0["name"] == "robots" }.count == 1,
                "personal pages stay out of search engines")
        }
    }

    @Test func settingsOfferThemesFontsAndSizesWithVersionAndContact() throws {
        let site = try Built()
        let path = "settings/index.html"
        let elements = HTMLDocument(html: try site.page(path)).elements
        func options(of select: String) -> [(value: String, selected: Bool)] {
            guard let start = elements.firstIndex(where: { $0.name == "select" && $0.attributes["id"] == select })
            else { return [] }
            return elements[(start + 1)...].prefix { $0.name == "option" }.map {
                ($0.attributes["value"] ?? "", $0.attributes["selected"] != nil)
            }
        }
        #expect(options(of: "theme-select").map(\.value) == ["bonfire", "light", "dark", "system"])
        #expect(options(of: "theme-select").filter(\.selected).map(\.value) == ["bonfire"])
        #expect(options(of: "font-select").map(\.value) == ["sans", "serif", "rounded"])
        #expect(options(of: "size-select").count == 4)
        let html = try site.page(path)
        #expect(html.contains(">\(ModakVersion.current)<"))
        #expect(html.contains(#"<time datetime="2026-11-30">November 30, 2026</time>"#))
        let mailto =
            "mailto:keeper@website.example?subject=Website%20Fixture%20%C2%B7%20Modak%20\(ModakVersion.current)"
        #expect(try site.elements(path, "a") { $0["href"] == mailto }.count == 1)
        #expect(html.contains(#"<span id="contact-address">keeper@website.example</span>"#))
        #expect(try site.elements(path, "a") { $0["href"] == "../how-to-use/" }.count >= 1)
        #expect(try site.elements(path, "a") { $0["href"] == "../notices/" }.count >= 1)
    }

    @Test func theSiteThemeIsTheDefaultChoice() throws {
        let site = try Built(theme: "light")
        let elements = HTMLDocument(html: try site.page("settings/index.html")).elements
        #expect(
            elements.filter { $0.name == "option" && $0.attributes["selected"] != nil }.map { $0.attributes["value"] }
                == ["light", "sans", "medium"])
        #expect(try site.elements("index.html", "html").first?.attributes["data-theme"] == "light")
    }

    @Test func uiStringsFollowTheSiteLanguage() throws {
        let english = try Built()
        let korean = try Built(language: "ko")
        #expect(try english.page("index.html").contains(">Search</a>"))
        #expect(try korean.page("index.html").contains(">검색</a>"))
        #expect(try korean.page("settings/index.html").contains("2026년 11월 30일"))
        #expect(try korean.elements("index.html", "html").first?.attributes["lang"] == "ko")
    }

    @Test func everyUIStringExistsInBothLanguages() throws {
        func keys(_ language: String) throws -> Set<String> {
            let data = try #require(FileManager.default.contents(atPath: Fixtures.templates + "/i18n/\(language).json"))
            return Set(try JSONDecoder().decode([String: String].self, from: data).keys)
        }
        let korean = try keys("ko"), english = try keys("en")
        #expect(korean.subtracting(english).sorted() == [], "missing in en.json")
        #expect(english.subtracting(korean).sorted() == [], "missing in ko.json")
    }

    @Test func noticesNewestFirstAndFreePagesRenderTheirMarkdown() throws {
        let site = try Built()
        let links = try site.elements("notices/index.html", "a") { ($0["href"] ?? "").contains("/2026-") }
        #expect(
            links.map { $0.attributes["href"] ?? "" } == [
                "../notices/2026-11-20-second/", "../notices/2026-11-01-first/"
            ])
        let notice = try site.page("notices/2026-11-01-first/index.html")
        #expect(notice.contains("<em>first</em>"))
        #expect(notice.contains(#"<time datetime="2026-11-01T00:00:00+09:00">November 1, 2026</time>"#))
        #expect(try site.page("how-to-use/index.html").contains("<strong>Like</strong>"))
        #expect(try site.page("about-us/index.html").contains("<h1>About</h1>"))
    }

    @Test func theNotFoundPageHelpsTheReaderOn() throws {
        let site = try Built()
        // Served for missing paths at any depth: links start at the root path, on whichever host serves it.
        let forms = try site.elements("404.html", "form") { $0["action"] == "/search/" }
        #expect(forms.count == 1)
        #expect(
            try site.elements("404.html", "link") {
                $0["rel"] == "stylesheet" && $0["href"]?.hasPrefix("/assets/css/modak.css?v=") == true
            }.count == 1)
        let recent = try site.elements("404.html", "a") { $0["href"] == "/sayings/fresh/" }
        #expect(!recent.isEmpty)
        let underAPath = try Built(baseURL: "https://website.example/blog")
        #expect(try underAPath.elements("404.html", "a") { $0["href"] == "/blog/sayings/fresh/" }.count >= 1)
    }

    @Test func noPageLoadsAnythingFromAnotherSite() throws {
        let site = try Built()
        let base = "https://website.example/"
        // Elements that make the browser fetch; canonical and alternate links are only addresses.
        let fetching: [String: String] = [
            "script": "src", "img": "src", "iframe": "src", "source": "src", "audio": "src", "video": "src",
            "embed": "src", "object": "data"
        ]
        for path in try site.htmlPages {
            for element in HTMLDocument(html: try site.page(path)).elements {
                var urls: [String] = []
                if let attribute = fetching[element.name], let url = element.attributes[attribute] { urls.append(url) }
                if element.name == "link", let rel = element.attributes["rel"],
                    ["stylesheet", "icon", "preload", "modulepreload", "manifest"].contains(rel),
                    let url = element.attributes["href"]
                {
                    urls.append(url)
                }
                for url in urls where url.contains("//") {
                    #expect(url.hasPrefix(base), "\(path):\(element.line): <\(element.name)> loads \(url)")
                }
            }
        }
    }
}
