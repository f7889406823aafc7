import Foundation
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// `draft: true` keeps a saying, notice or page out of every output file unless the build
/// includes drafts; a notice dated after today is scheduled like a saying.
@Suite struct DraftTests {
    static let files = [
        "content/sayings/lamp.md": WrittenSite.saying,
        "content/sayings/draft.md":
            """
        ---\nid: draftid-md\nkor: 초안 DRAFT-SAYING-MARKER\nwho: Modak\ntime: 2026-11-29 09:00\ndraft: \
        true\n---\nDRAFT-SAYING-MARKER\n
        """,
        "content/sayings/more.json":
            #"""
        [{"id": "draftid-json", "eng": "JSON DRAFT-JSON-MARKER", "who": "Modak", "time": "2026-11-28", \#
        "draft": true}]
        """#,
        "content/notices/2026-11-02-draft.md":
            "---\ntitle: Draft DRAFT-NOTICE-MARKER\ndate: 2026-11-02\ndraft: true\n---\nDRAFT-NOTICE-MARKER\n",
        "content/notices/2026-12-24-later.md":
            "---\ntitle: Later FUTURE-NOTICE-MARKER\ndate: 2026-12-24\n---\nFUTURE-NOTICE-MARKER\n",
        "content/notices/2026-11-01-out.md": "---\ntitle: Out\ndate: 2026-11-01\n---\nPublished.\n",
        "content/pages/plans.md": "---\ntitle: Plans DRAFT-PAGE-MARKER\ndraft: true\n---\nDRAFT-PAGE-MARKER\n"
    ]
    static let draftMarkers = [
        "DRAFT-SAYING-MARKER", "DRAFT-JSON-MARKER", "DRAFT-NOTICE-MARKER", "DRAFT-PAGE-MARKER", "draftid-md",
        "draftid-json", "plans/"
    ]

    /// The output files holding `marker`.
    private func files(of site: WrittenSite, holding marker: String) throws -> [String] {
        try site.outputs.filter { $0.value.contains(marker) }.keys.sorted()
    }

    @Test func draftsAndFutureNoticesAppearInNoOutputFile() throws {
        let site = try WrittenSite(Self.files)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        #expect(try site.outputs.keys.contains("bookkeeping/manifest"), "Modak's own records are searched too")
        for marker in Self.draftMarkers + ["FUTURE-NOTICE-MARKER", "2026-12-24-later"] {
            #expect(try files(of: site, holding: marker) == [], "\(marker)")
        }
        #expect(site.folder.exists("public/notices/2026-11-01-out/index.html"))
        #expect(!site.folder.exists("public/plans/index.html") && !site.folder.exists("public/sayings/draftid-md"))
    }

    @Test func theFutureNoticeAppearsOnItsDay() throws {
        let site = try WrittenSite(Self.files, date: "2026-12-24")
        #expect(site.folder.exists("public/notices/2026-12-24-later/index.html"))
        #expect(try site.page("sitemap.xml").contains("notices/2026-12-24-later/"))
    }

    @Test func aBuildWithDraftsShowsThemMarkedButNotInFeedsOrTheSitemap() throws {
        let site = try WrittenSite(Self.files, includeDrafts: true)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        let isLabel: ([String: String]) -> Bool = { $0["class"] == "draft-mark" }
        #expect(try site.elements("sayings/draftid-md/index.html", "span", where: isLabel).count == 1)
        #expect(try site.elements("sayings/draftid-json/index.html", "span", where: isLabel).count == 1)
        #expect(try site.elements("sayings/lamp/index.html", "span", where: isLabel).isEmpty)
        #expect(try site.elements("notices/2026-11-02-draft/index.html", "span", where: isLabel).count == 1)
        #expect(try site.elements("plans/index.html", "span", where: isLabel).count == 1)
        // In lists: the home page's and the notices'.
        let home = try site.page("index.html")
        let draftItem = try #require(
            home.components(separatedBy: #"<li class="saying-item""#).first {
                $0.contains(#"data-saying-id="draftid-md""#)
            })
        #expect(draftItem.contains(#"class="draft-mark""#))
        #expect(
            try site.page("notices/index.html").contains(
                #"DRAFT-NOTICE-MARKER</a> <span class="draft-mark">Draft</span>"#))
        #expect(
            try site.elements("index.html", "a") { $0["href"] == "./plans/" }.count == 1, "linked like any free page")
        #expect(
            try site.elements("index.html", "article") { $0["id"] == "today" }.first?.attributes["data-saying-id"]
                == "lamp", "never the saying of the day")
        for marker in Self.draftMarkers {
            let holders = try files(of: site, holding: marker)
            #expect(!holders.isEmpty, "\(marker) is built")
            #expect(
                holders.filter { ["feed.xml", "atom.xml", "feed.json", "sitemap.xml"].contains($0) } == [],
                "\(marker) in \(holders)")
        }
        #expect(
            try files(of: site, holding: "FUTURE-NOTICE-MARKER") == [],
            "drafts included, a future notice is still scheduled")
    }

    @Test func aDraftIsNeverTheSayingOfTheDay() {
        let time = Date(timeIntervalSince1970: 1_790_000_000)
        let sayings = (0..<5).map {
            Saying(
                id: "s\($0)", kor: "말", eng: "", who: "M", time: time, source: SourceLocation(path: "x", line: 1),
                isDraft: $0 != 3)
        }
        let rules = TimeRules(
            today: BuildDay(day: CivilDay(iso: "2026-11-30")!, timeZone: TimeZone(identifier: "UTC")!), newDays: 2,
            includeDrafts: true)
        #expect(rules.published(sayings).count == 5)
        #expect(rules.sayingOfTheDay(sayings)?.id == "s3")
        #expect(TimeRules(today: rules.today, newDays: 2).published(sayings).map(\.id) == ["s3"])
    }
}
