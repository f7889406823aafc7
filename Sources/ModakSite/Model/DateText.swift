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
        let day = CivilDay(date, in: timeZone)
        if language == "ko" { return "\(day.year)년 \(day.month)월 \(day.day)일" }
        return "\(Self.englishMonths[day.month - 1]) \(day.day), \(day.year)"
    }

    /// `28-11-2026`, the souvenir list's format.
    public func dayMonthYear(_ date: Date) -> String {
        let day = CivilDay(date, in: timeZone)
        return "\(pad2(day.day))-\(pad2(day.month))-\(day.year)"
    }

    /// RFC 3339 in the site's offset: `2026-11-28T09:00:00+09:00`.
    public func rfc3339(_ date: Date) -> String {
        let (local, offset) = localParts(date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(local.day)T\(local.clock)\(sign)\(pad2(minutes / 60)):\(pad2(minutes % 60))"
    }

    /// RFC 822 as RSS wants it: `Sat, 28 Nov 2026 09:00:00 +0900`.
    public func rfc822(_ date: Date) -> String {
        let (local, offset) = localParts(date)
        let day = CivilDay(date.addingTimeInterval(Double(offset)), in: TimeZone(secondsFromGMT: 0)!)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((day.daysSinceEpoch % 7) + 7) % 7]
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(weekday), \(pad2(day.day)) \(Self.englishMonths[day.month - 1].prefix(3)) \(day.year) \(local.clock) \(sign)\(pad2(minutes / 60))\(pad2(minutes % 60))"
    }

    private func localParts(_ date: Date) -> (local: (day: String, clock: String), offset: Int) {
        let offset = timeZone.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        let clock = "\(pad2(inDay / 3600)):\(pad2(inDay % 3600 / 60)):\(pad2(inDay % 60))"
        return ((CivilDay(daysSinceEpoch: days).description, clock), offset)
    }

    private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
