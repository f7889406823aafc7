/// Advance widths of one font, in 1/1000 em, for measuring card text
/// without a font engine.
///
/// The tables come from `FontMetrics+Generated.swift`, written by
/// `Sources/ModakCards/Generator/gen-font-metrics.py` from Noto Sans CJK KR. Characters the table
/// does not list get a width that is at least as wide as any font in the
/// card's stack is likely to draw them, so layout may overestimate but never
/// underestimates:
///
/// - emoji: the advance of Noto Color Emoji (1.246 em);
/// - combining marks and invisible format characters: 0;
/// - anything else: 1 em.
///
/// A class: text blocks and their copies share one font's tables with a single reference, where a
/// struct of four arrays would bump four reference counts, shared by every card-rendering thread.
final class FontMetrics: Sendable {
    /// Width of a character neither in the table nor an emoji or mark.
    static let fallbackAdvance = 1000

    /// Direct lookup for U+0000–U+00FF; -1 where the table has no entry.
    private let latin1: [Int32]
    /// For each block of 256 code points in the Basic Multilingual Plane, the width when one range
    /// of the table covers all of it, else -1: Hangul syllables and Hanja, most of a Korean
    /// saying, are found without searching the table.
    private let uniformBlocks: [Int32]
    private let firsts: [UInt32]
    private let lasts: [UInt32]
    private let widths: [Int32]

    /// - Parameter table: flat `(first, last, width)` triples, sorted by
    ///   code point and non-overlapping.
    init(table: [UInt32]) {
        precondition(table.count % 3 == 0, "table must hold (first, last, width) triples")
        var firsts: [UInt32] = []
        var lasts: [UInt32] = []
        var widths: [Int32] = []
        var latin1 = [Int32](repeating: -1, count: 256)
        var uniformBlocks = [Int32](repeating: -1, count: 256)
        for row in stride(from: 0, to: table.count, by: 3) {
            let (first, last, width) = (table[row], table[row + 1], Int32(table[row + 2]))
            precondition(first <= last && (lasts.last.map { $0 < first } ?? true), "ranges must be sorted")
            firsts.append(first)
            lasts.append(last)
            widths.append(width)
            var cp = first
            while cp <= last && cp < 256 {
                latin1[Int(cp)] = width
                cp += 1
            }
            // The blocks lying wholly inside first...last.
            for block in stride(from: (first + 255) / 256, to: min((last + 1) / 256, 256), by: 1) {
                uniformBlocks[Int(block)] = width
            }
        }
        (self.latin1, self.uniformBlocks, self.firsts, self.lasts) = (latin1, uniformBlocks, firsts, lasts)
        self.widths = widths
    }

    /// The advance the table lists for `scalar`, or nil. Inlined: every character of a card is
    /// measured, nearly all by the two direct lookups.
    @inline(__always)
    func tableAdvance(of scalar: Unicode.Scalar) -> Int? {
        let cp = scalar.value
        if cp < 256 {
            let width = latin1[Int(cp)]
            return width < 0 ? nil : Int(width)
        }
        if cp < 0x10000, case let width = uniformBlocks[Int(cp >> 8)], width >= 0 {
            return Int(width)
        }
        return searchedAdvance(of: cp)
    }

    private func searchedAdvance(of cp: UInt32) -> Int? {
        // Binary search for the last range starting at or before `cp`.
        var low = 0
        var high = firsts.count
        while low < high {
            let mid = (low + high) / 2
            if firsts[mid] <= cp { low = mid + 1 } else { high = mid }
        }
        guard low > 0, cp <= lasts[low - 1] else { return nil }
        return Int(widths[low - 1])
    }

    /// The advance of one scalar, falling back conservatively.
    func advance(of scalar: Unicode.Scalar) -> Int {
        if let width = tableAdvance(of: scalar) { return width }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            return properties.isEmoji ? Self.emojiAdvance : Self.fallbackAdvance
        }
    }

    /// The advance of one grapheme cluster.
    ///
    /// An emoji sequence (ZWJ family, flag, keycap, skin tone, VS16) is drawn
    /// as one emoji glyph. Otherwise the cluster is a base with marks or a
    /// conjoining-jamo syllable, drawn about as wide as its widest part.
    func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard iterator.next() != nil else { return advance(of: first) }
        if Self.isEmojiSequence(scalars) { return Self.emojiAdvance }
        var widest = 0
        for scalar in scalars { widest = max(widest, advance(of: scalar)) }
        return widest
    }

    /// The advance of a whole string (no kerning: kerning only narrows).
    func width<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x200D: return true // VS16, keycap, ZWJ
            default: if scalar.properties.isEmojiPresentation { return true }
            }
        }
        return false
    }
}
