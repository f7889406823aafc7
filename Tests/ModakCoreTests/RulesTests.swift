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

    @Test(
        "newDays 0 marks nothing new",
        arguments: ["2026-11-30 00:00", "2026-11-30 12:00", "2026-11-29 23:59", "2026-12-01 00:00"])
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
            saying("future", at: seoulTime("2026-12-25")), saying("newest", at: seoulTime("2026-11-30 22:00")),
            saying("c", at: same)
        ]
        let today = rules("2026-11-30")
        #expect(today.published(sayings).map(\.id) == ["newest", "a", "b", "c", "old"])
        #expect(today.published(sayings.reversed()).map(\.id) == ["newest", "a", "b", "c", "old"])
        #expect(today.published([]).isEmpty)
    }

    @Test func fnv1aIsStable() {
        var hash = FNV1a()
        #expect(hash.value == 0xcbf2_9ce4_8422_2325)
        hash.add(Array("a".utf8))
        #expect(hash.value == 0xaf63_dc4c_8601_ec8c)
    }
}
