import Foundation
import Testing
@testable import ModakCore

@Suite("Time")
struct TimeTests {
    @Test func dateWithoutOffsetIsLocalTimeInTheSiteZone() {
        #expect(TimeParser.parse("2026-11-28 00:30", in: seoul) == instant("2026-11-27T15:30:00Z"))
        #expect(TimeParser.parse("2026-11-28", in: seoul) == instant("2026-11-27T15:00:00Z"))
        #expect(TimeParser.parse("2026-11-28", in: utc) == instant("2026-11-28T00:00:00Z"))
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(TimeParser.parse("2026-11-28 00:30", in: newYork) == instant("2026-11-28T05:30:00Z"))
        #expect(TimeParser.parse("2026-07-01 00:30", in: newYork) == instant("2026-07-01T04:30:00Z"))
    }

    @Test func anExplicitOffsetIgnoresTheSiteZone() {
        let expected = instant("2026-11-29T04:30:00Z")
        for zone in [seoul, utc, TimeZone(identifier: "America/Los_Angeles")!] {
            #expect(TimeParser.parse("2026-11-28T23:30:00-05:00", in: zone) == expected)
            #expect(TimeParser.parse("2026-11-28T23:30:00-0500", in: zone) == expected)
            #expect(TimeParser.parse("2026-11-29T04:30:00Z", in: zone) == expected)
            #expect(TimeParser.parse("2026-11-29 13:30+09:00", in: zone) == expected)
        }
    }

    @Test func surroundingSpacesAreIgnored() {
        #expect(TimeParser.parse("  2026-11-28 09:30  ", in: seoul) == instant("2026-11-28T00:30:00Z"))
    }

    @Test func fractionalSeconds() {
        #expect(
            TimeParser.parse("2026-11-28T09:30:00.250Z", in: seoul)
                == instant("2026-11-28T09:30:00Z").addingTimeInterval(0.25))
        #expect(
            TimeParser.parse("2026-11-28T09:30:00.5+09:00", in: utc)
                == instant("2026-11-28T00:30:00Z").addingTimeInterval(0.5))
        #expect(
            TimeParser.parse("2026-11-28T09:30:00.5", in: seoul)
                == instant("2026-11-28T00:30:00Z").addingTimeInterval(0.5))
        #expect(TimeParser.parse("2026-11-28T09:30:00.", in: seoul) == nil)
    }

    @Test func aOneDigitHourIsReadWithAZeroBefore() {
        #expect(TimeParser.parse("2026-10-03 7:30", in: seoul) == TimeParser.parse("2026-10-03 07:30", in: seoul))
        #expect(TimeParser.parse("2026-10-03T7:30:00Z", in: seoul) == instant("2026-10-03T07:30:00Z"))
        #expect(TimeParser.parse("2026-10-03 0:05+0900", in: utc) == instant("2026-10-02T15:05:00Z"))
    }

    static let rejected = [
        "2026-02-30", "2026-13-01", "2026-00-01", "2026-04-31", "2026-11-28 24:00", "2026-11-28 -1:00", "yesterday",
        "2026-+1-28", "2026-11-+1", "+202-11-28", "2026-11-28 +9:30", "2026-11-28 09:+3",
        "2026-11-28T09:30:00+09:00:00",
        "2026-11-28T09:30:00+19:00", "2026-11-28T09:30:00+09:60", "2026-11-28T09:30:00 +09:00", "2026-11-28t09:30",
        "２０２６-11-28", "2026-11-28 ０9:30"
    ]

    @Test("rejected", arguments: rejected)
    func rejectedTimes(_ text: String) {
        #expect(TimeParser.parse(text, in: seoul) == nil)
    }

    @Test func leapDays() {
        #expect(TimeParser.parse("2028-02-29", in: utc) == instant("2028-02-29T00:00:00Z"))
        #expect(TimeParser.parse("2000-02-29", in: utc) == instant("2000-02-29T00:00:00Z"))
        #expect(TimeParser.parse("2100-02-29", in: utc) == nil)
        #expect(CivilDay.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilDay.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilDay.daysIn(month: 12, year: 2026) == 31)
        #expect(CivilDay.daysIn(month: 11, year: 2026) == 30)
    }

    // MARK: CivilDay

    @Test func civilDayKnownValues() {
        #expect(CivilDay(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDay(year: 1969, month: 12, day: 31).daysSinceEpoch == -1)
        #expect(CivilDay(year: 2000, month: 3, day: 1).daysSinceEpoch == 11_017)
        #expect(day("2026-11-28").daysSinceEpoch == Int(instant("2026-11-28T00:00:00Z").timeIntervalSince1970) / 86_400)
        #expect(CivilDay(daysSinceEpoch: 0) == CivilDay(year: 1970, month: 1, day: 1))
        #expect(day("2026-11-28").description == "2026-11-28")
        #expect(CivilDay(year: 987, month: 3, day: 4).description == "0987-03-04")
    }

    @Test func civilDayRoundTripsEveryDayAcrossLeapYears() {
        var expected = CivilDay(year: 1895, month: 1, day: 1)
        let first = expected.daysSinceEpoch
        for days in first...(first + 365 * 220) {
            let civil = CivilDay(daysSinceEpoch: days)
            #expect(civil == expected)
            #expect(civil.daysSinceEpoch == days)
            if civil != expected { return }
            // Step the expected day by the calendar, independently of the epoch arithmetic.
            if expected.day < CivilDay.daysIn(month: expected.month, year: expected.year) {
                expected.day += 1
            } else if expected.month < 12 {
                expected = CivilDay(year: expected.year, month: expected.month + 1, day: 1)
            } else {
                expected = CivilDay(year: expected.year + 1, month: 1, day: 1)
            }
        }
    }

    @Test func civilDayAgreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // Foundation's calendar switches to the Julian calendar before 1582, so compare from 1600 on.
        let from = CivilDay(year: 1600, month: 1, day: 1).daysSinceEpoch
        for days in stride(from: from, through: 400_000, by: 331) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            #expect(CivilDay(daysSinceEpoch: days) == CivilDay(year: parts.year!, month: parts.month!, day: parts.day!))
        }
    }

    @Test func civilDayAddingAndOrder() {
        #expect(day("2028-02-28").adding(days: 1) == day("2028-02-29"))
        #expect(day("2028-02-29").adding(days: 1) == day("2028-03-01"))
        #expect(day("2026-12-31").adding(days: 1) == day("2027-01-01"))
        #expect(day("2026-03-01").adding(days: -1) == day("2026-02-28"))
        #expect(day("2026-11-30") < day("2026-12-01"))
        #expect([day("2027-01-01"), day("2026-12-31")].sorted() == [day("2026-12-31"), day("2027-01-01")])
    }

    @Test(
        "CivilDay(iso:) rejects",
        arguments: [
            "2026-1-01", "26-11-28", "2026-11-28 ", "2026-11", "2026-11-28-1", "abcd-ef-gh", "2026-+1-28", "+026-11-28"
        ])
    func civilDayRejects(_ text: String) {
        #expect(CivilDay(iso: text) == nil)
    }

    @Test func civilDayOfAnInstantInAZone() {
        let moment = instant("2026-11-30T15:30:00Z")
        #expect(CivilDay(moment, in: seoul) == day("2026-12-01"))
        #expect(CivilDay(moment, in: utc) == day("2026-11-30"))
        #expect(CivilDay(instant("2026-11-30T14:59:59Z"), in: seoul) == day("2026-11-30"))
        #expect(CivilDay(instant("2026-11-30T15:00:00Z"), in: seoul) == day("2026-12-01"))
        #expect(CivilDay(instant("1969-12-31T23:00:00Z"), in: utc) == day("1969-12-31"))
    }

    @Test func startOfADay() {
        #expect(day("2026-12-01").start(in: seoul) == instant("2026-11-30T15:00:00Z"))
        #expect(day("2026-12-01").start(in: utc) == instant("2026-12-01T00:00:00Z"))
        let newYork = TimeZone(identifier: "America/New_York")!
        // The day clocks go forward and the day they go back both start at local midnight.
        #expect(day("2026-03-08").start(in: newYork) == instant("2026-03-08T05:00:00Z"))
        #expect(day("2026-03-09").start(in: newYork) == instant("2026-03-09T04:00:00Z"))
        #expect(day("2026-11-01").start(in: newYork) == instant("2026-11-01T04:00:00Z"))
    }

    @Test func aDayWhoseMidnightDoesNotExistStartsWhenItsClocksDo() {
        // Chile moves its clocks from 00:00 to 01:00 on 2026-09-06: that day starts at 01:00 -03.
        let santiago = TimeZone(identifier: "America/Santiago")!
        let start = day("2026-09-06").start(in: santiago)
        #expect(start == instant("2026-09-06T04:00:00Z"))
        #expect(CivilDay(start, in: santiago) == day("2026-09-06"))
        #expect(CivilDay(start.addingTimeInterval(-1), in: santiago) == day("2026-09-05"))
        // A wall-clock time in the gap moves forward past it.
        #expect(TimeParser.parse("2026-09-06 00:30", in: santiago) == instant("2026-09-06T04:30:00Z"))
    }

    // MARK: BuildDay

    @Test func buildDayAtAnInstant() {
        let build = BuildDay(instant: instant("2026-11-30T15:30:00Z"), timeZone: seoul)
        #expect(build.day == day("2026-12-01"))
        #expect(build.now == instant("2026-11-30T15:30:00Z"))
        #expect(build.start == instant("2026-11-30T15:00:00Z"))
        #expect(build.tomorrowStart == instant("2026-12-01T15:00:00Z"))
    }

    @Test func buildDayPinnedToADayEndsAtItsLastInstant() {
        let build = BuildDay(day: day("2026-11-30"), timeZone: seoul)
        #expect(build.start == instant("2026-11-29T15:00:00Z"))
        #expect(build.tomorrowStart == instant("2026-11-30T15:00:00Z"))
        #expect(build.now < build.tomorrowStart)
        #expect(build.now > seoulTime("2026-11-30 23:59:59"))
        #expect(CivilDay(build.now, in: seoul) == build.day)
    }

    @Test func sayingsNearKSTMidnight() {
        let rules = TimeRules(today: BuildDay(day: day("2026-11-30"), timeZone: seoul), newDays: 2)
        let lastMinute = saying("late", at: seoulTime("2026-11-30 23:59"))
        let lastSecond = saying("later", at: seoulTime("2026-11-30T23:59:59"))
        let midnight = saying("tomorrow", at: seoulTime("2026-12-01 00:00"))
        #expect(rules.isPublished(lastMinute))
        #expect(rules.isPublished(lastSecond))
        #expect(!rules.isPublished(midnight))
        #expect(rules.published([midnight, lastMinute, lastSecond]).map(\.id) == ["later", "late"])

        // The same instants seen from a UTC build of the same calendar day: all published.
        let utcRules = TimeRules(today: BuildDay(day: day("2026-11-30"), timeZone: utc), newDays: 2)
        #expect(utcRules.isPublished(midnight))
    }

    @Test func theClockDecidesTheDay() {
        // 2026-11-30T15:30Z is already 2026-12-01 in Seoul: all of that day is published, the next day is not.
        let rules = TimeRules(today: BuildDay(instant: instant("2026-11-30T15:30:00Z"), timeZone: seoul), newDays: 2)
        #expect(rules.isPublished(saying("midnight", at: seoulTime("2026-12-01 00:00"))))
        #expect(rules.isPublished(saying("evening", at: seoulTime("2026-12-01 23:59"))))
        #expect(!rules.isPublished(saying("next", at: seoulTime("2026-12-02 00:00"))))
    }
}
