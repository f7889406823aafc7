import Foundation
import Testing
@testable import ModakCore

/// The saying of the day's two rules (docs/reference/time.md), checked for every day of long
/// stretches through `TimeRules`, as a build asks: published sayings first, then the day's one.
@Suite("Saying of the day")
struct SayingRotationTests {
    /// The saying of the day for each day of `days`, from the whole content `all` (scheduled ones
    /// and drafts included, as the build's content holds them).
    private func featured(_ all: [Saying], days: [CivilDay], zone: TimeZone = seoul) -> [String?] {
        days.map { date in
            let rules = TimeRules(today: BuildDay(day: date, timeZone: zone), newDays: 2)
            return rules.sayingOfTheDay(rules.published(all))?.id
        }
    }

    private func days(from first: String, count: Int) -> [CivilDay] {
        (0..<count).map { day(first).adding(days: $0) }
    }

    /// The sayings (not drafts) published by the end of `date`, counted independently of the rules.
    private func publishedCount(_ all: [Saying], on date: CivilDay) -> Int {
        all.filter { !$0.isDraft && $0.time < date.adding(days: 1).start(in: seoul) }.count
    }

    /// Checks both rules on every day of `days` (consecutive), as far as the stretch can show them:
    /// a saying featured on a day is not featured in the next N−1 days, and one published on a day
    /// in the stretch is featured within N days (N = the count published on that day).
    private func expectRotationRules(
        _ all: [Saying], days: [CivilDay], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let shown = featured(all, days: days)
        for (index, date) in days.enumerated() {
            let count = publishedCount(all, on: date)
            guard count > 0 else {
                #expect(shown[index] == nil, "\(date): nothing is published", sourceLocation: sourceLocation)
                continue
            }
            let id = shown[index]
            #expect(
                all.contains { $0.id == id && !$0.isDraft && $0.time < date.adding(days: 1).start(in: seoul) },
                "\(date): \(id ?? "nil") is not published", sourceLocation: sourceLocation)
            for later in index + 1..<min(index + count, days.count) where shown[later] == id {
                #expect(
                    Bool(false), "\(id ?? "nil") on \(date) and again on \(days[later]), N = \(count)",
                    sourceLocation: sourceLocation)
            }
            for arriving in all where !arriving.isDraft && CivilDay(arriving.time, in: seoul) == date {
                guard index + count <= days.count else { continue }
                #expect(
                    shown[index..<index + count].contains(arriving.id),
                    "\(arriving.id), published \(date), not featured within \(count) days",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// A reproducible stream of numbers (a linear congruential generator), for content that grows
    /// irregularly.
    private struct Dice {
        var state: UInt64
        mutating func roll(_ sides: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(sides))
        }
    }

    /// `start` sayings spread over 2025, then sayings added over two years: some days one, some
    /// several, runs of days in a row with additions, and quiet weeks.
    private func growingContent(start: Int, seed: UInt64) -> [Saying] {
        var dice = Dice(state: seed)
        var all = (0..<start).map { number in
            saying("old\(number)", at: day("2025-01-01").adding(days: dice.roll(365)).start(in: seoul))
        }
        var date = day("2026-01-01")
        while date < day("2028-03-01") {
            let arrivals = [0, 0, 0, 1, 1, 2, 3, 7][dice.roll(8)]
            for number in 0..<arrivals {
                let time = date.start(in: seoul).addingTimeInterval(Double(dice.roll(86_400)))
                all.append(saying("new-\(date)-\(number)", at: time))
            }
            // After a quiet day, often a quiet week; otherwise the next day.
            date = date.adding(days: arrivals == 0 && dice.roll(3) == 0 ? 7 : 1)
        }
        return all
    }

    // MARK: the rules over years

    @Test("with no saying added, over two years", arguments: [1, 2, 3, 7, 37, 400])
    func fixedContent(_ count: Int) {
        let all = (0..<count).map { saying("s\($0)", at: seoulTime("2025-06-01 09:00")) }
        expectRotationRules(all, days: days(from: "2025-05-30", count: 800))
        // With the same sayings, every one is featured once in each N days.
        let shown = featured(all, days: days(from: "2026-03-01", count: count * 2))
        #expect(Set(shown[..<count]).count == count)
        #expect(Set(shown[count...]).count == count)
    }

    @Test("with sayings added along the way, over two years", arguments: [(3, 1), (40, 2), (0, 3)] as [(Int, UInt64)])
    func growingContent(_ start: Int, _ seed: UInt64) {
        let all = growingContent(start: start, seed: seed)
        #expect(all.count > start + 300, "the additions are many")
        expectRotationRules(all, days: days(from: "2025-12-25", count: 800))
    }

    @Test func aBatchOnOneDayAndAdditionsOnDaysInARow() {
        var all = (0..<10).map { saying("base\($0)", at: seoulTime("2026-01-01 09:00")) }
        all += (0..<30).map { saying("batch\($0)", at: seoulTime("2026-02-01 09:00")) }
        all += (0..<12).map { saying("row\($0)", at: day("2026-03-01").adding(days: $0).start(in: seoul)) }
        expectRotationRules(all, days: days(from: "2026-01-01", count: 800))
        // The batch is featured in a fixed order of its own, not in the order of its ids.
        let batch = featured(all, days: days(from: "2026-02-01", count: 30))
        #expect(Set(batch).count == 30)
        #expect(batch != batch.sorted { ($0 ?? "") < ($1 ?? "") })
    }

    /// What the old rule (a stride through the sorted ids, seeded by all of them) broke: the day
    /// after a saying arrives, the round is reshuffled and a saying of a few days ago comes back.
    @Test func anAdditionDoesNotBringBackASayingSeenDaysAgo() {
        var all = (0..<50).map { saying(String(format: "saying-%02d", $0), at: seoulTime("2026-10-01 09:00")) }
        for (number, arrival) in ["2026-12-03", "2026-12-08", "2026-12-15", "2026-12-24"].enumerated() {
            all.append(saying("december-\(number)", at: seoulTime("\(arrival) 09:00")))
        }
        let december = days(from: "2026-12-01", count: 31)
        expectRotationRules(all, days: december)
        let shown = featured(all, days: december)
        #expect(Set(shown).count == shown.count, "no saying twice in December: \(shown)")
    }

    // MARK: the sample content

    @Test func theSampleSitesDecemberHasNoRepeatWithinNDays() throws {
        let all = try sampleContent().sayings
        let december = days(from: "2026-12-01", count: 31)
        let arriving = all.filter { (day("2026-12-01")...day("2026-12-31")).contains(CivilDay($0.time, in: seoul)) }
        #expect(arriving.count >= 4, "the sample has sayings arriving in December")
        expectRotationRules(all, days: december)
        expectRotationRules(all, days: days(from: "2026-01-01", count: 800))
    }

    private func sampleContent() throws -> ContentSet {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("content")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        let files = try paths.sorted().compactMap { path -> SourceFile? in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            guard !isFolder.boolValue else { return nil }
            let bytes = try Data(contentsOf: folder.appendingPathComponent(path))
            return SourceFile(relativePath: path, displayPath: "content/\(path)", bytes: Array(bytes))
        }
        let loaded = ContentLoader.load(files, folder: "content")
        return try #require(loaded.content, "\(loaded.log.errors)")
    }

    // MARK: a pure function of content and date

    @Test func deterministicAndIndependentOfOrderTextAndHour() {
        let all = growingContent(start: 15, seed: 9)
        let dates = days(from: "2026-06-01", count: 120)
        let expected = featured(all, days: dates)
        #expect(featured(all, days: dates) == expected)
        #expect(featured(all.reversed(), days: dates) == expected)
        let rewritten = all.map { saying($0.id, at: $0.time, kor: "다른 말", path: "other.md") }
        #expect(featured(rewritten, days: dates) == expected)
        let atNoon = dates.map { date in
            let noon = date.start(in: seoul).addingTimeInterval(43_200)
            let rules = TimeRules(today: BuildDay(instant: noon, timeZone: seoul), newDays: 0)
            return rules.sayingOfTheDay(rules.published(all))?.id
        }
        #expect(atNoon == expected)
    }

    @Test func theSeedOrdersABatchAlikeOnAnyDayItArrives() {
        // A batch's first-featured order is the seeded order of its ids, whatever day it arrives.
        let ids = (0..<12).map { "id\($0)" }
        let order = { (arrival: String) in
            let batch = ids.map { saying($0, at: seoulTime("\(arrival) 09:00")) }
            return self.featured(batch, days: self.days(from: arrival, count: 12))
        }
        #expect(order("2026-01-01") == order("2027-07-15"))
        let seeded = ids.sorted { SayingRotation.rank($0) < SayingRotation.rank($1) }
        #expect(order("2026-01-01").compactMap { $0 } == seeded)
    }

    @Test func scheduledSayingsChangeNothingBeforeTheirDay() {
        let past = growingContent(start: 10, seed: 5).filter { $0.time < seoulTime("2026-09-01 00:00") }
        let scheduled = [
            saying("later", at: seoulTime("2026-09-01 00:00")), saying("much-later", at: seoulTime("2030-01-01"))
        ]
        let withScheduled = past + scheduled
        let before = days(from: "2026-01-01", count: 243)
        #expect(featured(withScheduled, days: before) == featured(past, days: before))
        expectRotationRules(withScheduled, days: days(from: "2026-08-01", count: 400))
    }

    @Test func draftsNeverTakePartEvenInAPreview() {
        let all = (0..<8).map { number in
            Saying(
                id: "s\(number)", kor: "말", eng: "", who: "M", time: seoulTime("2026-03-0\(number + 1) 09:00"),
                source: SourceLocation(path: "x.md", line: 1), isDraft: number % 3 == 0)
        }
        let dates = days(from: "2026-03-01", count: 90)
        let site = featured(all.filter { !$0.isDraft }, days: dates)
        #expect(featured(all, days: dates) == site)
        let preview = dates.map { date in
            let rules = TimeRules(today: BuildDay(day: date, timeZone: seoul), newDays: 2, includeDrafts: true)
            return rules.sayingOfTheDay(rules.published(all))?.id
        }
        #expect(preview == site)
        expectRotationRules(all, days: dates)
    }

    @Test func aRemovedSayingLeavesTheRotation() {
        let all = growingContent(start: 30, seed: 7)
        let removed = all.filter { $0.id != "old3" && !$0.id.hasPrefix("new-2026-02") }
        let dates = days(from: "2026-01-01", count: 500)
        #expect(!featured(removed, days: dates).contains("old3"))
        expectRotationRules(removed, days: dates)
    }

    @Test func theDayIsTheSitesDay() {
        // 2026-03-01 23:30 UTC is 2 March 08:30 in Seoul: the same day as `early` in UTC, the next in Seoul.
        let early = saying("early", at: instant("2026-03-01T00:00:00Z"))
        let late = saying("late", at: instant("2026-03-01T23:30:00Z"))
        let marchFirst = days(from: "2026-03-01", count: 2)
        #expect(featured([early, late], days: marchFirst, zone: seoul) == ["early", "late"])
        #expect(featured([early, late], days: [day("2026-02-28")], zone: seoul) == [nil])
        #expect(featured([late], days: [day("2026-03-01")], zone: utc) == ["late"])
        #expect(featured([late], days: [day("2026-03-01")], zone: seoul) == [nil])
    }
}
