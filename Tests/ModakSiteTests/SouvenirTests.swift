import Foundation
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

@Suite struct SouvenirTests {
    static let sealedMarkers = [
        "SEALED-TITLE-MARKER", "SEALED-MESSAGE-MARKER", "SEALED-FILENAME-MARKER", "SEALED-JSON-MARKER",
        "SEALED-JSON-TITLE-MARKER"
    ]

    @Test func sealedMessagesAppearInNoFile() throws {
        let folder = try TemporaryFolder()
        let result = SiteBuilder.pinned.build(request(content: Fixtures.content("feeds"), output: folder.path))
        #expect(result.succeeded, "\(result.diagnostics)")
        let files = try folder.snapshot()
        #expect(
            files["souvenirs/index.html"] != nil && files["souvenirs.ics"] != nil && files["souvenirs/feed.xml"] != nil)
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            for marker in Self.sealedMarkers {
                #expect(!text.contains(marker), "\(path) leaks \(marker)")
            }
        }
    }

    @Test func aMessageAppearsEverywhereTheDayItIsDelivered() throws {
        let folder = try TemporaryFolder()
        // Delivered 2027-01-01 09:00 New York time: a build pinned to that day shows it.
        #expect(
            SiteBuilder.pinned.build(
                request(content: Fixtures.content("feeds"), output: folder.path, date: "2027-01-01")
            ).succeeded)
        for path in ["souvenirs/index.html", "souvenirs/feed.xml", "souvenirs.ics"] {
            let text = try #require(folder.read(path))
            #expect(text.contains("SEALED-TITLE-MARKER"), "\(path)")
            #expect(text.contains("SEALED-MESSAGE-MARKER"), "\(path)")
        }
        for path in ["feed.xml", "atom.xml", "feed.json", "sitemap.xml"] {
            #expect(folder.read(path)?.contains("SEALED-") == false, "souvenirs stay out of \(path)")
        }
    }

    @Test func thePageListsDeliveredMessagesNewestFirstWithTheirDays() throws {
        let files = try SouvenirsStep().files(try renderContext("feeds"))
        let page = try #require(files.text(SitePaths.souvenirs + "index.html"))
        let days = ["30-11-2026", "31-10-2026", "01-06-2026"]
        let positions = days.map { page.range(of: ">\($0)</time>")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "each delivered message shows its day as dd-MM-yyyy")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "newest delivery first")
        #expect(page.contains(#"<strong>2</strong>"#), "two sealed messages")
        #expect(page.contains(">24-12-2026</time>"), "the next delivery is the earliest sealed one")
        #expect(page.contains(#"<meta name="robots" content="noindex">"#))
        #expect(page.contains("Delivered; with, commas \\ and ]]&gt; &lt;script&gt;"))
        #expect(!page.contains("Create your first souvenir !"))
    }

    @Test func withNothingDeliveredThePageInvitesAFirstSouvenir() throws {
        let files = try SouvenirsStep().files(try renderContext("feeds", date: "2026-01-01"))
        let page = try #require(files.text(SitePaths.souvenirs + "index.html"))
        #expect(page.contains("Create your first souvenir !"))
        #expect(page.contains("modak new souvenir"))
        #expect(page.contains(#"<strong>5</strong>"#))
        #expect(page.contains(">01-06-2026</time>"))
        let feed = try #require(files.text(SitePaths.souvenirFeed))
        #expect(!feed.contains("<item>"))
        _ = try parsedXML(feed)
    }

    @Test func theInvitationIsAlsoSaidInTheSitesLanguageButNeverTwiceInEnglish() throws {
        for (language, translated) in [("ko-KR", "첫 추억 편지를 써 보세요 !"), ("en", nil), ("fr", nil)] {
            let context = try renderContext("feeds", date: "2026-01-01") { $0.site.language = language }
            let page = try #require(try SouvenirsStep().files(context).text(SitePaths.souvenirs + "index.html"))
            #expect(page.components(separatedBy: "Create your first souvenir !").count == 2, "\(language): once")
            if let translated { #expect(page.contains(translated), "\(language)") }
            #expect(page.contains(#"class="first-souvenir""#) == (translated != nil), "\(language)")
        }
    }

    @Test func theContactLinkIsAValidMailtoURLNamingTheSiteAndVersion() {
        #expect(
            MailtoLink.url(to: "a.b+c@x.org", subject: "모닥 & tea? #1 · Modak 0.1.0")
                == "mailto:a.b%2Bc@x.org?subject=%EB%AA%A8%EB%8B%A5%20%26%20tea%3F%20%231%20%C2%B7%20Modak%200.1.0")
    }

    @Test func theFeedHasAnItemPerDeliveredMessage() throws {
        let files = try SouvenirsStep().files(try renderContext("feeds"))
        let document = try parsedXML(try #require(files.text(SitePaths.souvenirFeed)))
        let links = try document.nodes(forXPath: "/rss/channel/item/link").compactMap(\.stringValue)
        #expect(links.count == 3)
        #expect(links.allSatisfy { $0.hasPrefix("https://feeds.example/blog/souvenirs/#souvenir-") })
        #expect(Set(links).count == 3)
        let content = try #require(
            try document.nodes(forXPath: "/rss/channel/item[1]/*[local-name()='encoded']").first?.stringValue)
        #expect(content.contains(#"href="https://feeds.example/blog/sayings/evil/""#))
        #expect(
            try document.nodes(forXPath: "/rss/channel/lastBuildDate").first?.stringValue
                == "Mon, 30 Nov 2026 07:15:00 -0500")
    }

    @Test func theCalendarIsFoldedEscapedAndStable() throws {
        let first = try SouvenirsStep().files(try renderContext("feeds"))
        let calendar = try #require(first.text(SitePaths.souvenirCalendar))
        #expect(calendar.hasSuffix("END:VCALENDAR\r\n"))
        let lines = calendar.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") && !$0.contains("\r") })
        let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Delivered\\; with\\, commas \\\\ and ]]> <script>\r\n"))
        #expect(unfolded.components(separatedBy: "BEGIN:VEVENT").count == 5, "three delivered and the next delivery")
        #expect(unfolded.components(separatedBy: "BEGIN:VALARM").count == 5)
        #expect(unfolded.contains("DTSTART:20261224T230000Z"), "the next delivery, 24 Dec 18:00 New York")
        // The stamps come from the content: another day with the same deliveries gives the same events.
        let later = try #require(
            try SouvenirsStep().files(try renderContext("feeds", date: "2026-12-01")).text(SitePaths.souvenirCalendar))
        #expect(later == calendar)
    }

    @Test func keysDoNotDependOnWhereTheContentFolderIs() {
        let deliver = Date(timeIntervalSince1970: 1_800_000_000)
        let rules = TimeRules(
            today: BuildDay(day: CivilDay(year: 2030, month: 1, day: 1), timeZone: TimeZone(identifier: "UTC")!),
            newDays: 2)
        func box(_ path: String) -> SouvenirBox {
            SouvenirBox(
                souvenirs: [
                    Souvenir(title: nil, message: "a", deliver: deliver, source: SourceLocation(path: path, line: 2)),
                    Souvenir(title: nil, message: "b", deliver: deliver, source: SourceLocation(path: path, line: 6))
                ], rules: rules)
        }
        let here = box("content/souvenirs/letters.json")
        let there = box("/srv/site/content/souvenirs/letters.json")
        #expect(here.delivered.map(\.key) == there.delivered.map(\.key))
        #expect(Set(here.delivered.map(\.key)).count == 2, "two messages for the same moment get two keys")
        #expect(box("content/my-souvenirs/letters.json").delivered.map(\.key) != here.delivered.map(\.key))
    }
}

@Suite struct ICalendarTests {
    @Test func textIsEscaped() {
        #expect(ICalendarWriter.escape("a\\b;c,d\ne\r\nf\u{1}g\th") == "a\\\\b\\;c\\,d\\ne\\nfg\th")
    }

    @Test func longLinesFoldWithoutSplittingCharacters() {
        let line = "DESCRIPTION:" + String(repeating: "가나다라", count: 30)
        let folded = ICalendarWriter.fold(line)
        let lines = folded.components(separatedBy: "\r\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.first.map { String(decoding: Array($0.utf8), as: UTF8.self) == $0 } == true)
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ICalendarWriter.fold("SHORT:x") == "SHORT:x")
    }

    @Test func timesAreWrittenInUTC() {
        #expect(ICalendarWriter.utc(Date(timeIntervalSince1970: 1_795_000_000)) == "20261118T110640Z")
    }
}
