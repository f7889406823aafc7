import Foundation
import Testing
@testable import ModakCore

@Suite("Rules of time")
struct RulesTests {
    private func rules(_ today: String, newDays: Int = 2, zone: TimeZone = seoul) -> TimeRules {
        TimeRules(today: BuildDay(day: day(today), timeZone: zone), newDays: newDays)
    }

    // MARK: new

    @Test func newWithinNewDaysBeforeToday() {
        let today = rules("2026-11-30", newDays: 2)
        let startOfWindow = seoulTime("2026-11-28 00:00")
        #expect(today.isNew(saying("edge", at: startOfWindow)))
        #expect(!today.isNew(saying("before", at: startOfWindow.addingTimeInterval(-1))))
        #expect(today.isNew(saying("yesterday", at: seoulTime("2026-11-29 12:00"))))
        #expect(today.isNew(saying("today", at: seoulTime("2026-11-30 09:00"))))
        #expect(today.isNew(saying("tonight", at: seoulTime("2026-11-30 23:59:59"))))
        #expect(!today.isNew(saying("scheduled", at: seoulTime("2026-12-01 00:00"))))
        #expect(!today.isNew(saying("far future", at: seoulTime("2027-01-01"))))
        #expect(!today.isNew(saying("old", at: seoulTime("2026-01-01"))))
    }

    @Test func newWindowIsInTheSiteZone() {
        // 2026-11-27T15:00Z is 2026-11-28 00:00 in Seoul but still 2026-11-27 in UTC.
        let moment = instant("2026-11-27T15:00:00Z")
        #expect(rules("2026-11-30", zone: seoul).isNew(saying("a", at: moment)))
        #expect(!rules("2026-11-30", zone: utc).isNew(saying("a", at: moment)))
    }

    @Test("newDays 0 marks nothing new", arguments: ["2026-11-30 00:00", "2026-11-30 12:00", "2026-11-29 23:59", "2026-12-01 00:00"])
    func newDaysZero(_ time: String) {
        #expect(!rules("2026-11-30", newDays: 0).isNew(saying("a", at: seoulTime(time))))
    }

    @Test func newDaysOneIsYesterdayAndToday() {
        let today = rules("2026-11-30", newDays: 1)
        #expect(today.isNew(saying("a", at: seoulTime("2026-11-29 00:00"))))
        #expect(!today.isNew(saying("b", at: seoulTime("2026-11-28 23:59:59"))))
    }

    // MARK: delivered

    @Test func deliveredUpToNow() {
        let souvenir = { (text: String) in
            Souvenir(title: nil, message: "m", deliver: seoulTime(text), source: SourceLocation(path: "s.md", line: 1))
        }
        let pinned = rules("2026-11-30")
        #expect(pinned.isDelivered(souvenir("2026-11-30 00:00")))
        #expect(pinned.isDelivered(souvenir("2026-11-30 23:59:59")))
        #expect(pinned.isDelivered(souvenir("2020-01-01")))
        #expect(!pinned.isDelivered(souvenir("2026-12-01 00:00")))

        let clock = TimeRules(today: BuildDay(instant: seoulTime("2026-11-30 12:00"), timeZone: seoul), newDays: 2)
        #expect(clock.isDelivered(souvenir("2026-11-30 12:00")))
        #expect(!clock.isDelivered(souvenir("2026-11-30 12:00:01")))
        #expect(!clock.isDelivered(souvenir("2026-11-30 23:00")))
    }

    // MARK: published

    @Test func publishedNewestFirstTiesByID() {
        let same = seoulTime("2026-11-20 09:00")
        let sayings = [
            saying("b", at: same), saying("old", at: seoulTime("2026-01-01")), saying("a", at: same),
            saying("future", at: seoulTime("2026-12-25")), saying("newest", at: seoulTime("2026-11-30 22:00")), saying("c", at: same),
        ]
        let today = rules("2026-11-30")
        #expect(today.published(sayings).map(\.id) == ["newest", "a", "b", "c", "old"])
        #expect(today.published(sayings.reversed()).map(\.id) == ["newest", "a", "b", "c", "old"])
        #expect(today.published([]).isEmpty)
    }

    // MARK: saying of the day

    private func sayings(_ count: Int, prefix: String = "s") -> [Saying] {
        (0..<count).map { saying("\(prefix)\($0)") }
    }

    private func id(on date: CivilDay, among sayings: [Saying]) -> String? {
        TimeRules(today: BuildDay(day: date, timeZone: seoul), newDays: 2).sayingOfTheDay(sayings)?.id
    }

    @Test func sayingOfTheDayIsDeterministic() {
        let all = sayings(17)
        for offset in 0..<60 {
            let date = day("2026-11-01").adding(days: offset)
            #expect(id(on: date, among: all) == id(on: date, among: all))
            // Independent of the hour the build runs at.
            let morning = TimeRules(today: BuildDay(instant: date.start(in: seoul).addingTimeInterval(60), timeZone: seoul), newDays: 0)
            #expect(morning.sayingOfTheDay(all)?.id == id(on: date, among: all))
        }
    }

    @Test func sayingOfTheDayDependsOnIDsNotOnArrayOrderOrOtherFields() {
        let all = sayings(23)
        var rotated = Array(all[7...] + all[..<7])
        rotated.swapAt(0, 5)
        let rewritten = all.map { saying($0.id, at: instant("2020-01-01T00:00:00Z"), kor: "다른 말", path: "other.json") }
        for offset in 0..<100 {
            let date = day("2026-01-01").adding(days: offset)
            let expected = id(on: date, among: all)
            #expect(id(on: date, among: all.reversed()) == expected)
            #expect(id(on: date, among: rotated) == expected)
            #expect(id(on: date, among: rewritten) == expected)
        }
    }

    @Test func sayingOfTheDayIsOneOfTheGivenSayings() {
        #expect(id(on: day("2026-11-30"), among: []) == nil)
        #expect(id(on: day("2026-11-30"), among: [saying("only")]) == "only")
        let all = sayings(5)
        #expect(all.map(\.id).contains(id(on: day("2026-11-30"), among: all) ?? ""))
    }

    @Test func theIDsSeedWhereTheCycleStarts() {
        // Ten sets whose ids sort the same way: if the seed ignored the ids, they would all start alike.
        let firsts = Set("abcdefghij".map { prefix in
            id(on: day("2026-11-30"), among: sayings(10, prefix: String(prefix)))?.dropFirst()
        })
        #expect(firsts.count > 1)
    }

    @Test("consecutive days differ over a whole year", arguments: [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16, 30, 31, 60, 97, 100, 365, 1000])
    func consecutiveDaysDiffer(_ count: Int) {
        let all = sayings(count)
        var previous = id(on: day("2025-12-31"), among: all)
        for offset in 0...366 {
            let current = id(on: day("2026-01-01").adding(days: offset), among: all)
            #expect(current != previous, "day \(offset) repeats \(current ?? "nil")")
            previous = current
        }
    }

    @Test("every saying comes round within N consecutive days", arguments: [1, 2, 3, 4, 5, 6, 10, 13, 21, 50, 64, 365])
    func everySayingComesRound(_ count: Int) {
        let all = sayings(count)
        for start in [day("2026-01-01"), day("2026-11-30"), day("1999-12-31"), day("2028-02-27")] {
            let shown = Set((0..<count).compactMap { id(on: start.adding(days: $0), among: all) })
            #expect(shown.count == count, "from \(start): \(shown.count) of \(count)")
        }
    }

    @Test func strideIsCoprime() {
        for count in 1...500 {
            let stride = TimeRules.coprimeStride(for: count)
            #expect((1...max(1, count)).contains(stride))
            var a = stride, b = count
            while b != 0 { (a, b) = (b, a % b) }
            #expect(a == 1, "count \(count) stride \(stride)")
        }
    }

    @Test func fnv1aIsStable() {
        var hash = FNV1a()
        #expect(hash.value == 0xcbf2_9ce4_8422_2325)
        hash.add(Array("a".utf8))
        #expect(hash.value == 0xaf63_dc4c_8601_ec8c)
    }
}
