import Foundation
import ModakCore

/// `search.json`: every published saying, newest first, as compact arrays, for the search page,
/// the reader's lists and the home page's "another saying". Scheduled sayings never appear.
///
/// `{"fields": ["id","kor","eng","who","day","tags"], "new": N, "sayings": [[…], …]}` — the first
/// `new` entries are within `newDays`; `tags` (space-separated) is left off when a saying has none.
/// Texts are NFC; the browser derives lower-case and Hangul initial-consonant forms itself, which
/// keeps the file about the size of the texts.
struct SearchIndexStep: RenderStep {
    let name = "search index"

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let timeZone = context.content.site.timeZone
        let rows: [[String]] = context.published.map { saying in
            var row = [saying.id, saying.kor, saying.eng, saying.who].map(\.precomposedStringWithCanonicalMapping)
            row.append(CivilDay(saying.time, in: timeZone).description)
            if !saying.tags.isEmpty { row.append(saying.tags.joined(separator: " ").precomposedStringWithCanonicalMapping) }
            return row
        }
        let index: [String: Any] = [
            "fields": ["id", "kor", "eng", "who", "day", "tags"],
            "new": context.published.prefix { context.rules.isNew($0) }.count,
            "sayings": rows,
        ]
        let data = try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys, .withoutEscapingSlashes])
        return [OutputFile(path: SitePaths.searchIndex, bytes: Array(data))]
    }
}
