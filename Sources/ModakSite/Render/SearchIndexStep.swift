import Foundation
import ModakCore
import UTF8Bytes

/// `search.json`: every published saying, newest first, as compact arrays, for the search page,
/// the reader's lists and the home page's "another saying". Scheduled sayings never appear.
///
/// `{"fields": ["id","kor","eng","who","day","tags"], "new": N, "sayings": [[…], …]}` — the first
/// `new` entries are within `newDays`; `tags` (space-separated) is left off when a saying has none.
/// Texts are NFC; the browser derives lower-case and Hangul initial-consonant forms itself, which
/// keeps the file about the size of the texts.
struct SearchIndexStep: RenderStep {
    static let fields = ["id", "kor", "eng", "who", "day", "tags"]

    func files(_ context: RenderContext) throws -> [OutputFile] {
        // Keys in alphabetical order, as `JSONSerialization` with `.sortedKeys` wrote them.
        var json = CompactJSON(capacity: context.published.count * 256)
        json.raw(#"{"fields":"#)
        json.strings(Self.fields)
        json.raw(#","new":"#)
        json.integer(context.sayings.prefix(while: \.value.isNew).count)
        json.raw(#","sayings":["#)
        for (index, saying) in context.published.enumerated() {
            // Already NFC: the loader normalises every text (and a space joins NFC tags into NFC).
            var row = [saying.id, saying.kor, saying.eng, saying.who]
            row.append(context.dates.day(saying.time).description)
            if !saying.tags.isEmpty { row.append(saying.tags.joined(separator: " ")) }
            if index > 0 { json.raw(",") }
            json.strings(row)
        }
        json.raw("]}")
        return [OutputFile(path: SitePaths.searchIndex, bytes: json.bytes)]
    }
}
