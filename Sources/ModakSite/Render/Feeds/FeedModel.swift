import Foundation
import ModakCore

/// One entry of a feed, in the terms every format shares; the writers only choose the syntax.
struct FeedItem: Sendable {
    /// The permalink, which is also the item's identity (RSS `guid`, Atom and JSON Feed `id`), so
    /// readers never show an item twice.
    var url: String
    var title: String
    /// The preview readers show: as plain text (Atom and JSON Feed `summary`), and as HTML (RSS
    /// `description`, which readers render as HTML).
    var summary, summaryHTML: String
    /// The full rendered content, every link absolute.
    var contentHTML: String
    var date: Date
    var author: String?
    var tags: [String]
}

/// A whole feed: where it lives, what it is about, and its items newest first.
struct FeedChannel: Sendable {
    var title: String
    var description: String
    /// The page the feed mirrors.
    var homeURL: String
    var language: String
    var author: SiteConfig.Author?
    /// The newest item's date, so the same content gives the same bytes.
    var updated: Date
    var items: [FeedItem]

    /// The date a feed without items carries: fixed, because the clock must never reach the output.
    static let emptyFeedDate = Date(timeIntervalSince1970: 0)

    init(
        title: String, description: String, homeURL: String, language: String, author: SiteConfig.Author?,
        items: [FeedItem]
    ) {
        self.title = title
        self.description = description.isEmpty ? title : description
        (self.homeURL, self.language, self.author, self.items) = (homeURL, language, author, items)
        updated = items.map(\.date).max() ?? Self.emptyFeedDate
    }
}

/// Text helpers shared by the feed formats.
enum FeedText {
    /// A one-line title: whitespace runs collapsed, and cut at a word boundary when longer than `limit`.
    static func headline(_ text: String, limit: Int = 120) -> String {
        if isOneLine(text, limit: limit) { return text }
        let line = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard line.count > limit else { return line }
        let cut = line.prefix(limit)
        // Korean and English both break at spaces; a long unbroken run is cut where it stands.
        let end =
            cut.lastIndex(of: " ").flatMap { cut.distance(from: cut.startIndex, to: $0) > limit / 2 ? $0 : nil }
            ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

    /// True when `text` is a headline as it is: at most `limit` scalars, each printable ASCII or
    /// a Hangul syllable (each then a character of its own), words apart by single spaces. Most
    /// sayings are; splitting them into characters cost 140,000 instructions a title.
    private static func isOneLine(_ text: String, limit: Int) -> Bool {
        var count = 0
        var afterSpace = true
        for scalar in text.unicodeScalars {
            count += 1
            guard count <= limit else { return false }
            switch scalar.value {
            case 0x20:
                if afterSpace { return false }
                afterSpace = true
            case 0x21...0x7E, 0xAC00...0xD7A3: afterSpace = false
            default: return false
            }
        }
        return !afterSpace
    }
}
