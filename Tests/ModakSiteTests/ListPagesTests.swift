import Foundation
import ModakCore
@testable import ModakSite
import ModakXML
import Testing

/// The home page and the archive, months, tags and authors, paginated from the oldest saying.
@Suite struct ListPagesTests {
    /// `count` sayings `s1` (the oldest) … `sN`, a day apart from 2026-01-01, by three authors in
    /// turn (one Korean, two whose names differ only in case) and tagged `every` and `third`.
    static func files(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        let authors = ["김구 (Kim Gu)", "Laozi", "laozi"]
        let start = CivilDay(year: 2026, month: 1, day: 1).daysSinceEpoch
        for number in 1...count {
            let day = CivilDay(daysSinceEpoch: start + number - 1)
            let tags = number % 3 == 0 ? "[every, third]" : "[every]"
            files["content/sayings/s\(number).md"] =
                """
                ---\nid: s\(number)\nkor: 말 \(number)\neng: Saying \(number)\nwho: \
                \"\(authors[number % 3])\"\ntime: \(day) 09:00\ntags: \(tags)\n---\n
                """
        }
        return files
    }

    static func ids(_ site: WrittenSite, _ path: String) throws -> [String] {
        try site.elements(path, "li") { $0["data-saying-id"] != nil }.map { $0.attributes["data-saying-id"]! }
    }

    static func sayings(_ numbers: some Sequence<Int>) -> [String] { numbers.map { "s\($0)" } }

    @Test func theHomePageIsTheFrontAndNumberedPagesHoldTheOlderSayings() throws {
        let site = try WrittenSite(Self.files(65), date: "2026-12-31")
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        // 65 sayings: pages 1 and 2 hold 20 each from the oldest, the front the newest 25.
        #expect(try Self.ids(site, "index.html") == Self.sayings((41...65).reversed()))
        #expect(try Self.ids(site, "page/2/index.html") == Self.sayings((21...40).reversed()))
        #expect(try Self.ids(site, "page/1/index.html") == Self.sayings((1...20).reversed()))
        #expect(!site.folder.exists("public/page/3/index.html"), "the last page is the front")
        #expect(
            try site.elements("index.html", "link") { $0["rel"] == "next" }.map { $0.attributes["href"] } == [
                "./page/2/"
            ])
        #expect(
            try site.elements("page/2/index.html", "link") { $0["rel"] == "prev" }.map { $0.attributes["href"] } == [
                "../../"
            ])
        #expect(
            try site.elements("page/2/index.html", "link") { $0["rel"] == "next" }.map { $0.attributes["href"] } == [
                "../../page/1/"
            ])
        #expect(try site.elements("page/1/index.html", "link") { $0["rel"] == "next" }.isEmpty)
        #expect(try site.page("index.html").contains("Page 3 of 3"))
        #expect(try site.page("page/1/index.html").contains("Page 1 of 3"))
    }

    @Test func aSayingAddedAtTheTopChangesOnlyTheFrontUntilItIsFull() throws {
        let before = try WrittenSite(Self.files(45), date: "2026-12-31")
        let after = try WrittenSite(Self.files(46), date: "2026-12-31")
        #expect(try before.page("page/1/index.html") == after.page("page/1/index.html"))
        #expect(try Self.ids(after, "index.html").count == 26)
        // The 60th saying makes the front give its oldest twenty to page 2.
        let full = try WrittenSite(Self.files(60), date: "2026-12-31")
        #expect(try Self.ids(full, "page/2/index.html") == Self.sayings((21...40).reversed()))
        #expect(try Self.ids(full, "index.html") == Self.sayings((41...60).reversed()))
    }

    @Test func everySayingIsReachableFromTheHomePageByLinks() throws {
        let site = try WrittenSite(Self.files(130), date: "2026-12-31")
        var seen: Set<String> = [""], queue = [""]
        while let page = queue.popLast() {
            for link in try site.elements(SitePaths.file(for: page), "a").compactMap({ $0.attributes["href"] })
            where !link.isEmpty && !link.contains(":") && !link.contains("#") {
                let target = String(URL(string: link, relativeTo: URL(string: "https://x/" + page)!)!.path.dropFirst())
                let path = target.isEmpty || target.hasSuffix("/") ? target : target + "/"
                guard site.folder.exists("public/" + SitePaths.file(for: path)), seen.insert(path).inserted else {
                    continue
                }
                queue.append(path)
            }
        }
        #expect(Set(Self.sayings(1...130).map(SitePaths.saying)).subtracting(seen).isEmpty)
    }

    @Test func tagsAuthorsAndMonthsHaveTheirPagesAndFeeds() throws {
        let site = try WrittenSite(Self.files(65), date: "2026-12-31")
        // Names that differ only in case: the one met first (the older saying) keeps the plain slug.
        let laozi = try #require(
            try site.elements("sayings/s1/index.html", "a") { $0["class"] == "who" }.first?.attributes["href"])
        #expect(laozi == "../../authors/laozi/")
        let other = try #require(
            try site.elements("sayings/s2/index.html", "a") { $0["class"] == "who" }.first?.attributes["href"])
        #expect(other.hasPrefix("../../authors/laozi-") && other.count == "../../authors/laozi-12345678/".count)
        #expect(try Self.ids(site, "authors/gimgu-kim-gu/index.html") == Self.sayings(stride(from: 63, to: 0, by: -3)))
        #expect(try site.elements("tags/index.html", "a").contains { $0.attributes["href"] == "../tags/third/" })
        #expect(try Self.ids(site, "tags/every/index.html") == Self.sayings((41...65).reversed()))
        #expect(try Self.ids(site, "tags/every/page/1/index.html") == Self.sayings((1...20).reversed()))
        #expect(
            try site.elements("tags/third/index.html", "link") {
                $0["rel"] == "alternate" && $0["href"] == "../../tags/third/feed.xml"
            }.count == 1)
        let feed = try site.page("tags/third/feed.xml")
        #expect(feed.components(separatedBy: "<item>").count - 1 == 21)
        #expect(feed.contains("<link>https://name.github.io/lanterns/sayings/s63/</link>"))
        #expect(XMLWellFormedness.problem(in: Array(feed.utf8)) == nil)
        #expect(try Self.ids(site, "archive/2026/02/index.html") == Self.sayings((32...59).reversed()))
        #expect(
            try site.elements("archive/index.html", "a").contains { $0.attributes["href"] == "../archive/2026/03/" })
        #expect(
            try site.elements("sayings/s3/index.html", "a").contains { $0.attributes["href"] == "../../tags/third/" })
    }
}
