/// What link previews (Open Graph, Twitter cards) show of a page: networks cut a long title
/// themselves, in the middle of a word, so Modak cuts it first at a word boundary; and a card's
/// description for those who cannot see it.
enum PreviewText {
    /// About what networks show of a title, in characters.
    static let titleLimit = 70

    /// Characters left at the end of a cut title before its ellipsis, which would dangle there.
    private static let dangling: Set<Character> = [",", ";", ":", "、", "·", "-", "–", "—"]

    /// `title` when it fits in `limit` characters; else its longest run of whole words that fits
    /// with an ellipsis after it, or, when its first word alone does not fit, as many of its
    /// characters as fit. Words are separated by whitespace (Korean writes spaces between words
    /// too); characters are grapheme clusters, so no syllable or emoji is split.
    static func title(_ title: String, limit: Int = titleLimit) -> String {
        guard title.count > limit else { return title }
        let head = title.prefix(limit - 1)  // a character is left for the ellipsis
        // `head` ends a word when the character after it is whitespace.
        let wordsEnd = title[head.endIndex].isWhitespace ? head.endIndex : head.lastIndex(where: \.isWhitespace)
        var kept = head[..<(wordsEnd ?? head.startIndex)]
        while let last = kept.last, last.isWhitespace || dangling.contains(last) { kept.removeLast() }
        return (kept.isEmpty ? head : kept) + "…"
    }

    /// What a saying's card shows, as one line: the Korean text, the English text, `— who`.
    static func cardDescription(kor: String, eng: String, who: String) -> String {
        let texts = [kor, eng].filter { !$0.isEmpty }
            .map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        return texts.joined(separator: " / ") + (texts.isEmpty ? "— " : " — ") + who
    }
}
