import Foundation
import ModakCore

/// Writes iCalendar (RFC 5545) content lines: TEXT values escaped, lines folded at 75 octets
/// without splitting a UTF-8 sequence, CRLF line endings.
struct ICalendarWriter {
    private var output = ""

    /// A property whose value is already in its iCalendar form (dates, URIs, enumerations).
    mutating func property(_ name: String, _ value: String) {
        output += Self.fold("\(name):\(value)") + "\r\n"
    }

    /// A property of type TEXT, escaped.
    mutating func text(_ name: String, _ value: String) {
        property(name, Self.escape(value))
    }

    mutating func begin(_ component: String) { property("BEGIN", component) }
    mutating func end(_ component: String) { property("END", component) }

    var content: String { output }

    /// TEXT escaping: `\`, `;`, `,` and newlines; other control characters have no form at all and are dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCarriageReturn { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits a content line into lines of at most 75 octets, each continuation starting with a space.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var lineOctets = 0
        for scalar in line.unicodeScalars {
            let octets = String(scalar).utf8.count
            if lineOctets + octets > 75 {
                result += "\r\n "
                lineOctets = 1
            }
            result.unicodeScalars.append(scalar)
            lineOctets += octets
        }
        return result
    }

    /// `20261129T110000Z`: UTC, so no VTIMEZONE is needed.
    static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let day = CivilDay(daysSinceEpoch: days)
        let inDay = seconds - days * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return day.description.replacingOccurrences(of: "-", with: "") + "T" + two(inDay / 3600)
            + two(inDay % 3600 / 60) + two(inDay % 60) + "Z"
    }
}
