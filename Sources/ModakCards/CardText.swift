import UTF8Bytes

/// Cleaning of the text that goes into a card (`MarkupEscaper.xml` escapes it).
enum CardText {
    /// More than fits on a card at the smallest font size, even in the narrowest letters.
    static let maximumCharacters = 4_000

    /// Returns `text` with only characters that are safe to draw and to put
    /// in XML 1.0:
    ///
    /// - CR LF, CR, U+2028 and U+2029 become LF (or a space when
    ///   `keepNewlines` is false); tab becomes a space;
    /// - other C0 and C1 control characters, DEL, U+FFFE and U+FFFF are
    ///   removed (XML 1.0 forbids most of them, and none of them draws);
    /// - bidi embedding, override and isolate controls (U+202A–U+202E,
    ///   U+2066–U+2069) are removed so a saying cannot reorder the card.
    ///
    /// Text past `maximumCharacters` is cut, ending in "…": a card shows far less than that at its
    /// smallest type, and a 10 MB saying must cost no more to lay out than a long one.
    static func sanitize(_ text: String, keepNewlines: Bool = true) -> String {
        // A text of at most that many bytes has at most that many characters: no need to count them.
        let kept = text.utf8.count <= maximumCharacters ? text[...] : text.prefix(maximumCharacters)
        let text = kept.endIndex == text.endIndex ? text : kept + "…"
        // Nearly every text is clean already: then it is returned as it is, without rebuilding it.
        // Its bytes tell, unless one may start a scalar to clean (see `mayStartScalarToClean`).
        guard
            text.utf8.withContiguousStorageIfAvailable({
                $0.contains { mayStartScalarToClean($0, keepNewlines: keepNewlines) }
            }) ?? true,
            text.unicodeScalars.contains(where: { needsCleaning($0, keepNewlines: keepNewlines) })
        else { return text }
        var result = String.UnicodeScalarView()
        let newline: Unicode.Scalar = keepNewlines ? "\n" : " "
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A:
                if !previousWasCR { result.append(newline) }
            case 0x0D, 0x2028, 0x2029:
                result.append(newline)
            case 0x09:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `byte` may start a scalar `needsCleaning` accepts: C0 controls and DEL are single
    /// bytes, C1 controls start with 0xC2, U+2028–U+202E and U+2066–U+2069 with 0xE2, and
    /// U+FFFE and U+FFFF with 0xEF.
    private static func mayStartScalarToClean(_ byte: UInt8, keepNewlines: Bool) -> Bool {
        switch byte {
        case 0x0A: !keepNewlines
        case 0x00...0x1F, 0x7F, 0xC2, 0xE2, 0xEF: true
        default: false
        }
    }

    /// Whether `sanitize` changes or removes `scalar`.
    private static func needsCleaning(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
