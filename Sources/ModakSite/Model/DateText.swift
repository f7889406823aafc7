import Foundation
import ModakCore

/// Dates as people and machines read them, without locale data, so output never varies by machine.
public struct DateText: Sendable {
    public let timeZone: TimeZone
    public let language: String

    public init(timeZone: TimeZone, language: String) {
        self.timeZone = timeZone
        self.language = language
    }

    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `2026년 11월 28일` or `November 28, 2026`.
    public func long(_ date: Date) -> String {
        let day = local(date).day
        if language == "ko" { return "\(day.year)년 \(day.month)월 \(day.day)일" }
        return "\(Self.englishMonths[day.month - 1]) \(day.day), \(day.year)"
    }

    /// `28-11-2026`, the souvenir list's format.
    public func dayMonthYear(_ date: Date) -> String {
        let day = local(date).day
        return "\(pad2(day.day))-\(pad2(day.month))-\(day.year)"
    }

    /// RFC 3339 in the site's offset: `2026-11-28T09:00:00+09:00`.
    public func rfc3339(_ date: Date) -> String {
        let time = local(date)
        return "\(time.day)T\(clock(time.secondOfDay))\(offsetText(time.offset, separator: ":"))"
    }

    /// RFC 822 as RSS wants it: `Sat, 28 Nov 2026 09:00:00 +0900`.
    public func rfc822(_ date: Date) -> String {
        let time = local(date)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((time.day.daysSinceEpoch % 7) + 7) % 7]
        return "\(weekday), \(pad2(time.day.day)) \(Self.englishMonths[time.day.month - 1].prefix(3)) \(time.day.year) \(clock(time.secondOfDay)) \(offsetText(time.offset, separator: ""))"
    }

    /// The wall-clock day and time of `date` in the site's time zone, with one time-zone lookup
    /// (the expensive part).
    private func local(_ date: Date) -> (day: CivilDay, secondOfDay: Int, offset: Int) {
        let offset = timeZone.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return (CivilDay(daysSinceEpoch: days), seconds - days * 86_400, offset)
    }

    private func clock(_ secondOfDay: Int) -> String {
        "\(pad2(secondOfDay / 3600)):\(pad2(secondOfDay % 3600 / 60)):\(pad2(secondOfDay % 60))"
    }

    /// `+09:00` (RFC 3339) or `+0900` (RFC 822).
    private func offsetText(_ offset: Int, separator: String) -> String {
        let minutes = abs(offset) / 60
        return "\(offset < 0 ? "-" : "+")\(pad2(minutes / 60))\(separator)\(pad2(minutes % 60))"
    }

    private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
