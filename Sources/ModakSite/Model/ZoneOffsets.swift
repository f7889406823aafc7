import Foundation
import Synchronization

/// A time zone's offset from UTC at any instant, remembered for the whole span between two of
/// the zone's transitions. Asking the time zone goes through ICU and costs as much as rendering a
/// line of a page, and a build asks for every saying's date on several pages.
final class ZoneOffsets: Sendable {
    let timeZone: TimeZone
    /// Spans of one offset each, sorted by `end`, none overlapping.
    private let spans = Mutex<[Span]>([])

    private struct Span {
        var start: Date
        /// The zone's next transition after `start` (exclusive).
        var end: Date
        var offset: Int
    }

    init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// `timeZone.secondsFromGMT(for: date)`.
    func secondsFromGMT(for date: Date) -> Int {
        if let known = spans.withLock({ Self.offset(at: date, in: $0) }) { return known }
        let offset = timeZone.secondsFromGMT(for: date)
        let end = timeZone.nextDaylightSavingTimeTransition(after: date) ?? .distantFuture
        spans.withLock { spans in
            // The span ends at the next transition: one already known with that end grows back to `date`.
            let index = Self.firstEnding(after: date, in: spans)
            if index < spans.count && spans[index].end == end {
                spans[index].start = min(spans[index].start, date)
            } else {
                spans.insert(Span(start: date, end: end, offset: offset), at: index)
            }
        }
        return offset
    }

    private static func offset(at date: Date, in spans: [Span]) -> Int? {
        let index = firstEnding(after: date, in: spans)
        guard index < spans.count, spans[index].start <= date else { return nil }
        return spans[index].offset
    }

    /// The index of the first span that ends after `date`.
    private static func firstEnding(after date: Date, in spans: [Span]) -> Int {
        var low = 0, high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].end <= date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
