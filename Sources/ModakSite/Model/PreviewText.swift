/// What link previews (Open Graph, Twitter cards) show of a page: networks cut a long title
/// themselves, in the middle of a word, so Modak cuts it first at a word boundary; and a card's
/// description for those who cannot see it.
enum PreviewText {
    /// About what networks show of a title, in characters.
    static let titleLimit = 70

    /// Characters left at the end of a cut title before its ellipsis, which would dangle there.
    private static let dangling: Set<Character> = [",", ";", ":", "、", "·", "-", "–", "—"]

    /// The scalars of the characters that are newlines (`Character.isNewline`).
    private static let newlines: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    /// `title` when it fits in `limit` characters; else its longest run of whole words that fits
    /// with an ellipsis after it, or, when its first word alone does not fit, as many of its
    /// characters as fit. Words are separated by whitespace (Korean writes spaces between words
    /// too); characters are grapheme clusters, so no syllable or emoji is split.
    static func title(_ title: String, limit: Int = titleLimit) -> String {
        // Printable ASCII and precomposed Hangul syllables are characters of one scalar each (no
        // grapheme rule joins two of them): such a title is cut by scalars, without grapheme breaking.
        let kept =
            title.unicodeScalars.allSatisfy(isOneScalarCharacter)
            ? wordsThatFit(
                title.unicodeScalars, limit: limit, isWhitespace: { $0 == " " },
                dangles: { dangling.contains(Character($0)) }
            ).map(String.init)
            : wordsThatFit(
                title, limit: limit, isWhitespace: \.isWhitespace,
                dangles: dangling.contains
            ).map(String.init)
        return kept.map { $0 + "…" } ?? title
    }

    private static func isOneScalarCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// What `title(_:limit:)` keeps of a title longer than `limit` elements, before the ellipsis;
    /// nil when it fits.
    private static func wordsThatFit<Text: BidirectionalCollection>(
        _ title: Text, limit: Int, isWhitespace: (Text.Element) -> Bool, dangles: (Text.Element) -> Bool
    ) -> Text.SubSequence? {
        guard let end = title.index(title.startIndex, offsetBy: limit, limitedBy: title.endIndex),
            end != title.endIndex
        else { return nil }
        let head = title.prefix(limit - 1) // a character is left for the ellipsis
        // `head` ends a word when the character after it is whitespace.
        let wordsEnd = isWhitespace(title[head.endIndex]) ? head.endIndex : head.lastIndex(where: isWhitespace)
        var kept = head[..<(wordsEnd ?? head.startIndex)]
        while let last = kept.last, isWhitespace(last) || dangles(last) { kept.removeLast() }
        return kept.isEmpty ? head : kept
    }

    /// What a saying's card shows, as one line: the Korean text, the English text, `— who`.
    static func cardDescription(kor: String, eng: String, who: String) -> String {
        let texts = [kor, eng].filter { !$0.isEmpty }
            .map { text in
                // A newline character holds a newline scalar: a text without one is a line already.
                guard text.unicodeScalars.contains(where: { newlines.contains($0.value) }) else { return text }
                return text.split(whereSeparator: \.isNewline).joined(separator: " ")
            }
        return texts.joined(separator: " / ") + (texts.isEmpty ? "— " : " — ") + who
    }
}
