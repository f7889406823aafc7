import Foundation
import ModakCore

/// Dates as people and machines read them, without locale data, so output never varies by machine.
public struct DateText: Sendable {
    public var timeZone: TimeZone { offsets.timeZone }
    public let language: String
    private let offsets: ZoneOffsets

    public init(timeZone: TimeZone, language: String) {
        offsets = ZoneOffsets(timeZone)
        self.language = language
    }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December"
    ]

    /// `2026년 11월 28일` or `November 28, 2026`.
    public func long(_ date: Date) -> String {
        let day = self.day(date)
        return Self.text { text in
            if language == "ko" {
                appendDigits(day.year, width: 1, to: &text)
                text += "년 ".utf8
                appendDigits(day.month, width: 1, to: &text)
                text += "월 ".utf8
                appendDigits(day.day, width: 1, to: &text)
                text += "일".utf8
            } else {
                text += Self.englishMonths[day.month - 1].utf8
                text.append(UInt8(ascii: " "))
                appendDigits(day.day, width: 1, to: &text)
                text += ", ".utf8
                appendDigits(day.year, width: 1, to: &text)
            }
        }
    }

    /// `2026년 11월` or `November 2026`.
    public func month(year: Int, month: Int) -> String {
        language == "ko" ? "\(year)년 \(month)월" : "\(Self.englishMonths[month - 1]) \(year)"
    }

    /// The month alone: `11월` or `November`.
    public func monthName(_ month: Int) -> String {
        language == "ko" ? "\(month)월" : Self.englishMonths[month - 1]
    }

    /// The calendar day `date` falls on in the site's time zone.
    public func day(_ date: Date) -> CivilDay { local(date).day }

    /// `28-11-2026`, the souvenir list's format.
    public func dayMonthYear(_ date: Date) -> String {
        let day = self.day(date)
        return Self.text { text in
            appendDigits(day.day, width: 2, to: &text)
            text.append(UInt8(ascii: "-"))
            appendDigits(day.month, width: 2, to: &text)
            text.append(UInt8(ascii: "-"))
            appendDigits(day.year, width: 1, to: &text)
        }
    }

    /// RFC 3339 in the site's offset: `2026-11-28T09:00:00+09:00`.
    public func rfc3339(_ date: Date) -> String {
        let time = local(date)
        return Self.text { text in
            time.day.appendDescription(to: &text)
            text.append(UInt8(ascii: "T"))
            Self.appendClock(time.secondOfDay, to: &text)
            Self.appendOffset(time.offset, separator: true, to: &text)
        }
    }

    /// RFC 822 as RSS wants it: `Sat, 28 Nov 2026 09:00:00 +0900`.
    public func rfc822(_ date: Date) -> String {
        let time = local(date)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((time.day.daysSinceEpoch % 7) + 7) % 7]
        return Self.text { text in
            text += weekday.utf8
            text += ", ".utf8
            appendDigits(time.day.day, width: 2, to: &text)
            text.append(UInt8(ascii: " "))
            text += Self.englishMonths[time.day.month - 1].utf8.prefix(3)
            text.append(UInt8(ascii: " "))
            appendDigits(time.day.year, width: 1, to: &text)
            text.append(UInt8(ascii: " "))
            Self.appendClock(time.secondOfDay, to: &text)
            text.append(UInt8(ascii: " "))
            Self.appendOffset(time.offset, separator: false, to: &text)
        }
    }

    /// The wall-clock day and time of `date` in the site's time zone.
    private func local(_ date: Date) -> (day: CivilDay, secondOfDay: Int, offset: Int) {
        let offset = offsets.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return (CivilDay(daysSinceEpoch: days), seconds - days * 86_400, offset)
    }

    /// Dates are formatted for every saying on several pages: built as bytes, not interpolated.
    private static func text(_ build: (inout [UInt8]) -> Void) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(32)
        build(&text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `09:05:00`.
    private static func appendClock(_ secondOfDay: Int, to text: inout [UInt8]) {
        appendDigits(secondOfDay / 3600, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 3600 / 60, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &text)
    }

    /// `+09:00` (RFC 3339, with the separator) or `+0900` (RFC 822).
    private static func appendOffset(_ offset: Int, separator: Bool, to text: inout [UInt8]) {
        let minutes = abs(offset) / 60
        text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        appendDigits(minutes / 60, width: 2, to: &text)
        if separator { text.append(UInt8(ascii: ":")) }
        appendDigits(minutes % 60, width: 2, to: &text)
    }
}
