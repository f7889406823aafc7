import Foundation

/// A calendar day without a time zone (proleptic Gregorian).
public struct CivilDay: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }

    /// `2026-11-28`, or nil when it is not a real day.
    public init?(iso text: some StringProtocol) {
        self.init(isoBytes: Array(text.utf8)[...])
    }

    init?(isoBytes bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = asciiNumber(bytes[start..<start + 4]), let month = asciiNumber(bytes[start + 5..<start + 7]),
              let day = asciiNumber(bytes[start + 8..<start + 10]),
              (1...12).contains(month), (1...CivilDay.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (H. Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    public func adding(days: Int) -> CivilDay { CivilDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// The calendar day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    /// The instant this day starts in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        TimeParser.instant(localSeconds: daysSinceEpoch * 86_400, in: timeZone)
    }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(10)
        appendDescription(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `description` (`2026-11-28`) as ASCII, for dates and times written as bytes.
    public func appendDescription(to text: inout [UInt8]) {
        appendDigits(year, width: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &text)
    }
}

func pad(_ number: Int, _ width: Int) -> String {
    var text: [UInt8] = []
    appendDigits(number, width: width, to: &text)
    return String(decoding: text, as: UTF8.self)
}

/// Appends the decimal digits of `number`, zero-padded to `width`, as ASCII: dates are formatted
/// for every saying on several pages, and string interpolation costs ten times as much.
public func appendDigits(_ number: Int, width: Int, to text: inout [UInt8]) {
    if number < 0 { text.append(UInt8(ascii: "-")) }
    let value = number.magnitude
    var divisor: UInt = 1
    var count = 1
    while value / divisor >= 10 {
        divisor *= 10
        count += 1
    }
    for _ in count..<max(count, width - (number < 0 ? 1 : 0)) { text.append(UInt8(ascii: "0")) }
    while divisor > 0 {
        text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
    }
}

/// Parses the time forms docs/reference/content.md lists: `2026-11-28`, `2026-11-28 09:30`, `2026-11-28 09:30:00`,
/// `2026-11-28T09:30:00`, and ISO 8601 with an offset (`Z`, `+09:00`, `+0900`, optional fraction).
/// A time without an offset is wall-clock time in the site's time zone.
public enum TimeParser {
    public static let acceptedForms = "`2026-11-28`, `2026-11-28 09:30`, `2026-11-28 09:30:00`, `2026-11-28T09:30:00` or `2026-11-28T09:30:00+09:00`"

    public static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        // Foundation's trimming is slow, and nearly every time has nothing to trim.
        let text = text.first?.isWhitespace == true || text.last?.isWhitespace == true ? text.trimmingCharacters(in: .whitespaces) : text
        // Byte by byte from here: every character of the accepted forms is ASCII, and content has
        // thousands of times.
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let day = CivilDay(isoBytes: bytes[..<10]) else { return nil }
        var rest = bytes[10...]
        var seconds = day.daysSinceEpoch * 86_400
        if rest.isEmpty { return instant(localSeconds: seconds, in: timeZone) }

        guard let separator = rest.first, separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") else { return nil }
        rest = rest.dropFirst()
        guard let clock = parseClock(&rest) else { return nil }
        seconds += clock.seconds
        if rest.isEmpty { return instant(localSeconds: seconds, in: timeZone).addingTimeInterval(clock.fraction) }
        guard let offset = parseOffset(rest) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds - offset) + clock.fraction)
    }

    /// The instant a wall-clock time (seconds since the local epoch) names in `timeZone`.
    /// In an overlap (clocks going back) the earlier instant; in a gap (clocks going forward) the
    /// time is read with the offset before the change, so it lands just after the gap, and a day
    /// whose midnight does not exist starts when its clocks do.
    static func instant(localSeconds: Int, in timeZone: TimeZone) -> Date {
        func offset(at seconds: Int) -> Int { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) }
        // UTC offsets stay within ±14 h, so the offsets a day either side bracket any change near this time.
        let before = offset(at: localSeconds - 86_400)
        let after = offset(at: localSeconds + 86_400)
        if before == after { return Date(timeIntervalSince1970: Double(localSeconds - before)) } // no change near this time
        let consistent = [before, after].map { localSeconds - $0 }.filter { localSeconds - offset(at: $0) == $0 }
        return Date(timeIntervalSince1970: Double(consistent.min() ?? localSeconds - before))
    }

    private static func parseClock(_ rest: inout ArraySlice<UInt8>) -> (seconds: Int, fraction: Double)? {
        func twoDigits(_ limit: Int) -> Int? {
            guard rest.count >= 2, let value = asciiNumber(rest.prefix(2)), value <= limit else { return nil }
            rest = rest.dropFirst(2)
            return value
        }
        let colon = UInt8(ascii: ":")
        guard let hour = twoDigits(23), rest.first == colon else { return nil }
        rest = rest.dropFirst()
        guard let minute = twoDigits(59) else { return nil }
        var second = 0
        var fraction = 0.0
        if rest.first == colon {
            rest = rest.dropFirst()
            guard let value = twoDigits(59) else { return nil }
            second = value
            if rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: ",") {
                let digits = rest.dropFirst().prefix(while: isASCIIDigit)
                guard !digits.isEmpty, let value = Double("0." + String(decoding: digits, as: UTF8.self)) else { return nil }
                fraction = value
                rest = rest.dropFirst(1 + digits.count)
            }
        }
        return (hour * 3600 + minute * 60 + second, fraction)
    }

    private static func parseOffset(_ text: ArraySlice<UInt8>) -> Int? {
        if text.elementsEqual("Z".utf8) || text.elementsEqual("z".utf8) { return 0 }
        guard let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let body = text.dropFirst()
        let digits = body.filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, body.count == 4 || (body.count == 5 && body.dropFirst(2).first == UInt8(ascii: ":")),
              let hours = asciiNumber(digits.prefix(2)), let minutes = asciiNumber(digits.suffix(2)), hours <= 18, minutes <= 59
        else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -offset : offset
    }
}

private func isASCIIDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}

/// The number a run of ASCII digits spells, or nil when it is empty or holds anything else.
private func asciiNumber(_ digits: some Collection<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for digit in digits {
        guard isASCIIDigit(digit) else { return nil }
        value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
}
