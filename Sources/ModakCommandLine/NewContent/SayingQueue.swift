import Foundation
import ModakCore

/// `modak new saying --queue`: one saying a day, in the first day left free.
public enum SayingQueue {
    /// Today when no saying is set on it, else the first later day without one (a gap in the
    /// schedule is filled before the end of it is extended); at the time of day of the latest
    /// saying, or 09:00 for a site's first saying. `2026-11-21 07:30`, in the site's time zone.
    public static func nextSlot(after sayingTimes: [Date], now: Date, timeZone: TimeZone) -> String {
        let taken = Set(sayingTimes.map { CivilDay($0, in: timeZone) })
        var day = CivilDay(now, in: timeZone)
        while taken.contains(day) { day = day.adding(days: 1) }
        guard let latest = sayingTimes.max() else { return "\(day) 09:00" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let clock = calendar.dateComponents([.hour, .minute], from: latest)
        return "\(day) \(twoDigits(clock.hour ?? 9)):\(twoDigits(clock.minute ?? 0))"
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
