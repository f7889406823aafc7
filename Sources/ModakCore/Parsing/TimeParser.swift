import Foundation

/// A calendar day without a time zone (proleptic Gregorian).
public struct CivilDay: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }

    /// `2026-11-28`, or nil when it is not a real day.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = asciiNumber(bytes[0..<4]), let month = asciiNumber(bytes[5..<7]),
            let day = asciiNumber(bytes[8..<10]),
            let checked = try? CivilDay.checked(year: year, month: month, day: day)
        else { return nil }
        self = checked
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
/// `2026-11-28T09:30:00`, and ISO 8601 with an offset (`Z`, `+09:00`, `+0900`, optional fraction). The hour may
/// have one digit (`2026-11-28 9:30` is 09:30). A time without an offset is wall-clock time in the site's time zone.
public enum TimeParser {
    public static let acceptedForms =
        "`2026-11-28`, `2026-11-28 09:30`, `2026-11-28 09:30:00`, `2026-11-28T09:30:00` or `2026-11-28T09:30:00+09:00`"

    public static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        try? read(text, in: timeZone)
    }

    /// The instant `text` names, or why it names none: a value that cannot be (`month 13`), or no accepted form.
    public static func read(_ text: String, in timeZone: TimeZone) throws(TimeProblem) -> Date {
        // Foundation's trimming is slow, and nearly every time has nothing to trim.
        let text =
            text.first?.isWhitespace == true || text.last?.isWhitespace == true
            ? text.trimmingCharacters(in: .whitespaces) : text
        // Byte by byte from here: every character of the accepted forms is ASCII, and content has
        // thousands of times.
        guard let written = WrittenTime(Array(text.utf8)[...]) else { throw .noAcceptedForm }
        let day = try CivilDay.checked(year: written.year, month: written.month, day: written.day)
        let seconds = try day.daysSinceEpoch * 86_400 + written.secondsOfDay()
        guard let offset = try written.offsetSeconds() else {
            return instant(localSeconds: seconds, in: timeZone).addingTimeInterval(written.fraction)
        }
        return Date(timeIntervalSince1970: Double(seconds - offset) + written.fraction)
    }

    /// The instant a wall-clock time (seconds since the local epoch) names in `timeZone`.
    /// In an overlap (clocks going back) the earlier instant; in a gap (clocks going forward) the
    /// time is read with the offset before the change, so it lands just after the gap, and a day
    /// whose midnight does not exist starts when its clocks do.
    static func instant(localSeconds: Int, in timeZone: TimeZone) -> Date {
        func offset(at seconds: Int) -> Int {
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        // UTC offsets stay within ±14 h, so the offsets a day either side bracket any change near this time.
        let before = offset(at: localSeconds - 86_400)
        let after = offset(at: localSeconds + 86_400)
        // No change near this time.
        if before == after { return Date(timeIntervalSince1970: Double(localSeconds - before)) }
        let consistent = [before, after].map { localSeconds - $0 }.filter { localSeconds - offset(at: $0) == $0 }
        return Date(timeIntervalSince1970: Double(consistent.min() ?? localSeconds - before))
    }
}

/// Why a text is not a time, as the end of a message: "`time` is `…`, not a time: \(problem)".
public struct TimeProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    static let noAcceptedForm = TimeProblem(description: "write \(TimeParser.acceptedForms)")

    static func noSuch(_ what: String, _ value: Int, range: String) -> TimeProblem {
        TimeProblem(description: "there is no \(what) \(value) (\(what)s go from \(range))")
    }
}

extension CivilDay {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"
    ]

    /// The day, or which of its numbers cannot be: `month 13`, `day 31 in April`, `day 29 in February 2027`.
    static func checked(year: Int, month: Int, day: Int) throws(TimeProblem) -> CivilDay {
        guard (1...12).contains(month) else { throw .noSuch("month", month, range: "01 to 12") }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            let name = monthNames[month - 1]
            // Only February's length depends on the year, so only then is the year named.
            let place = month == 2 && day == 29 ? "\(name) \(year), which is not a leap year" : name
            throw TimeProblem(description: "there is no day \(day) in \(place)")
        }
        return CivilDay(year: year, month: month, day: day)
    }
}

/// The numbers of a time as written, read by shape only (`YYYY-MM-DD`, then ` ` or `T`, `H:MM` or `HH:MM`,
/// optional `:SS` and fraction, optional offset). Ranges are checked afterwards, so that a well-formed time that
/// cannot be (`2026-13-01`) is told apart from a text in no accepted form.
private struct WrittenTime {
    var year = 0, month = 0, day = 0
    var hour = 0, minute = 0, second = 0, fraction = 0.0
    /// `Z` is `+00:00`.
    var offset: (sign: UInt8, hours: Int, minutes: Int)?

    init?(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        /// At most `digits.upperBound` digits, so that `+0900` reads as `09` then `00`.
        func number(digits: ClosedRange<Int>) -> Int? {
            let run = rest.prefix(while: isASCIIDigit).prefix(digits.upperBound)
            guard digits.contains(run.count) else { return nil }
            rest = rest.dropFirst(run.count)
            return asciiNumber(run)
        }
        func skip(_ byte: Unicode.Scalar) -> Bool {
            guard rest.first == UInt8(ascii: byte) else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let year = number(digits: 4...4), skip("-"), let month = number(digits: 2...2), skip("-"),
            let day = number(digits: 2...2)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if rest.isEmpty { return }

        guard skip(" ") || skip("T"), let hour = number(digits: 1...2), skip(":"), let minute = number(digits: 2...2)
        else { return nil }
        (self.hour, self.minute) = (hour, minute)
        if skip(":") {
            guard let second = number(digits: 2...2) else { return nil }
            self.second = second
            if skip(".") || skip(",") {
                let digits = rest.prefix(while: isASCIIDigit)
                guard !digits.isEmpty, let fraction = Double("0." + String(decoding: digits, as: UTF8.self))
                else { return nil }
                self.fraction = fraction
                rest = rest.dropFirst(digits.count)
            }
        }
        if rest.isEmpty { return }

        if skip("Z") || skip("z") {
            offset = (UInt8(ascii: "+"), 0, 0)
        } else {
            guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            rest = rest.dropFirst()
            guard let hours = number(digits: 2...2) else { return nil }
            // `+0900` or `+09:00`; `+09` alone is not enough, and `+09:00:00` too much.
            _ = skip(":")
            guard let minutes = number(digits: 2...2) else { return nil }
            offset = (sign, hours, minutes)
        }
        guard rest.isEmpty else { return nil }
    }

    func secondsOfDay() throws(TimeProblem) -> Int {
        guard hour <= 23 else { throw .noSuch("hour", hour, range: "00 to 23") }
        guard minute <= 59 else { throw .noSuch("minute", minute, range: "00 to 59") }
        guard second <= 59 else { throw .noSuch("second", second, range: "00 to 59") }
        return hour * 3600 + minute * 60 + second
    }

    /// Seconds east of UTC, or nil for a wall-clock time.
    func offsetSeconds() throws(TimeProblem) -> Int? {
        guard let offset else { return nil }
        guard offset.hours <= 18, offset.minutes <= 59 else {
            let written = "\(Character(Unicode.Scalar(offset.sign)))\(pad(offset.hours, 2)):\(pad(offset.minutes, 2))"
            throw TimeProblem(description: "there is no offset \(written) (offsets go from -18:00 to +18:00)")
        }
        let seconds = offset.hours * 3600 + offset.minutes * 60
        return offset.sign == UInt8(ascii: "-") ? -seconds : seconds
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
