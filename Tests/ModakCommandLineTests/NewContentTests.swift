import Foundation
import Testing
@testable import ModakCommandLine
@testable import ModakCore

@Suite("names and dates of new content")
struct NewContentTests {
    private let seoul = TimeZone(identifier: "Asia/Seoul")!

    private func time(_ text: String) -> Date { TimeParser.parse(text, in: seoul)! }

    @Test func theQueueTakesTheNextFreeDay() {
        let now = time("2026-11-10 12:00")
        #expect(
            SayingQueue.nextSlot(after: [], now: now, timeZone: seoul) == "2026-11-10 09:00",
            "the first saying: today at 09:00")
        #expect(
            SayingQueue.nextSlot(after: [time("2026-11-20 07:30")], now: now, timeZone: seoul) == "2026-11-10 07:30",
            "today is free")
        let taken = ["2026-11-09 08:00", "2026-11-10 08:00", "2026-11-11 08:00", "2026-11-13 07:15"].map(time)
        #expect(
            SayingQueue.nextSlot(after: taken, now: now, timeZone: seoul) == "2026-11-12 07:15", "a gap is filled first"
        )
        #expect(
            SayingQueue.nextSlot(after: taken + [time("2026-11-12 06:00")], now: now, timeZone: seoul)
                == "2026-11-14 07:15",
            "at the time of day of the latest saying")
        #expect(
            SayingQueue.nextSlot(after: [time("2026-11-10T23:30:00Z")], now: now, timeZone: seoul)
                == "2026-11-10 08:30",
            "days are counted in the site's time zone: 23:30 UTC is the 11th in Seoul")
    }
}

@Suite("modak init's starter site")
struct StarterSiteTests {
    private let today = CivilDay(year: 2026, month: 12, day: 1)

    private func load() -> (ContentSet?, DiagnosticLog) {
        let files = StarterSite.files(today: today).map { file in
            SourceFile(
                relativePath: String(file.path.dropFirst("content/".count)), displayPath: file.path,
                bytes: Array(file.text.utf8))
        }
        return ContentLoader.load(files)
    }

    @Test func loadsWithoutAnyDiagnostic() throws {
        let (content, log) = load()
        #expect(log.sorted.isEmpty, "\(log.sorted.map(\.description))")
        let site = try #require(content)
        #expect(
            site.sayings.count == 3 && site.souvenirs.count == 2 && site.notices.count == 1 && site.pages.count == 1)
        #expect(site.gifts.count == 1 && site.questions.count == 1)
        #expect(site.authors["Laozi"]?.ko == "노자" && site.authors.count == 2)
        #expect(!site.site.description.trimmingCharacters(in: .whitespaces).isEmpty, "pages and feeds describe it")
        #expect(StarterSite.files(today: today).allSatisfy { $0.path.hasPrefix("content/") })
    }

    @Test func siteJSONHasEveryKeyTheLoaderTakes() throws {
        let siteJSON = try #require(StarterSite.files(today: today).first { $0.path == "content/site.json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(siteJSON.text.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == Set(SiteConfigLoader.knownKeys),
            "modak init's site.json must list every key site.json takes")
    }

    @Test func theFirstBuildShowsANewSayingAndADeliveredSouvenir() throws {
        let content = try #require(load().0)
        let zone = content.site.timeZone
        let aMinuteIn = BuildDay(instant: today.start(in: zone).addingTimeInterval(60), timeZone: zone)
        let rules = TimeRules(today: aMinuteIn, newDays: content.site.newDays)
        #expect(rules.published(content.sayings).count == 3)
        #expect(content.sayings.contains { $0.id == "well-begun" && rules.isNew($0) })
        #expect(
            content.souvenirs.map(rules.isDelivered).sorted { !$0 && $1 } == [false, true], "one delivered, one sealed")
        #expect(content.notices.allSatisfy { $0.date <= rules.today.now })
    }
}
