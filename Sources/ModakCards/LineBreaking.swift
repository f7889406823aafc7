/// Line breaking for card text, in font units (1/1000 em), so that one
/// prepared `TextBlock` can be wrapped at every candidate font size.
///
/// Rules (those of CSS `word-break: keep-all; overflow-wrap: break-word`):
/// - lines break at spaces, after a zero-width space, and after a hyphen or
///   dash between letters (`well-known`, `말—글`), never elsewhere inside a
///   word, so Korean words stay whole;
/// - only a word wider than the whole line is broken, between grapheme
///   clusters (an emoji sequence or a letter with its marks never splits);
/// - a newline in the text always starts a new line; runs of blank lines
///   collapse to one, and spaces collapse to one and are trimmed at line ends.

/// A line: the clusters `range` of paragraph `paragraph`, without the spaces
/// around it, and its width in 1/1000 em.
struct LineSpan: Equatable, Sendable {
    var paragraph: Int
    var range: Range<Int>
    var width: Int
}

/// One grapheme cluster, measured, with the break opportunity after it.
struct Cluster: Sendable {
    var character: Character
    var width: Int
    var isSpace: Bool
    var breakAfter: Bool
}

/// A run of text without newlines.
struct Paragraph: Sendable {
    let clusters: [Cluster]
    /// `prefix[i]` is the width of `clusters[0..<i]`.
    private let prefix: [Int]
    /// Widths of the runs of clusters with no break opportunity inside
    /// them ("words"), widest first.
    let wordWidths: [Int]

    init(_ text: Substring, metrics: FontMetrics) {
        var clusters: [Cluster] = []
        for character in text {
            let isSpace = Self.isBreakingSpace(character)
            if isSpace && (clusters.isEmpty || clusters.last!.isSpace) { continue }  // collapse, trim start
            clusters.append(Cluster(character: character, width: metrics.width(of: character),
                                    isSpace: isSpace, breakAfter: isSpace || Self.isScalar(character, in: [0x200B])))
        }
        while clusters.last?.isSpace == true { clusters.removeLast() }
        for i in clusters.indices where Self.isHyphen(clusters[i].character) {
            let afterWord = i > 0 && !clusters[i - 1].isSpace
            let beforeWord = i + 1 < clusters.count && Self.isWordStart(clusters[i + 1].character)
            clusters[i].breakAfter = afterWord && beforeWord
        }

        var prefix = [0]
        prefix.reserveCapacity(clusters.count + 1)
        var wordWidths: [Int] = []
        var word = 0
        for cluster in clusters {
            prefix.append(prefix.last! + cluster.width)
            if !cluster.isSpace { word += cluster.width }
            if cluster.breakAfter && word > 0 {
                wordWidths.append(word)
                word = 0
            }
        }
        if word > 0 { wordWidths.append(word) }
        self.clusters = clusters
        self.prefix = prefix
        self.wordWidths = wordWidths.sorted(by: >)
    }

    func width(of range: Range<Int>) -> Int { prefix[range.upperBound] - prefix[range.lowerBound] }

    /// First-fit wrapping: each line takes as much as fits in `maxWidth`.
    /// Its line count is the smallest possible, and never grows as
    /// `maxWidth` grows, which the balancing and font-size searches rely on.
    func greedyLines(maxWidth: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        let count = clusters.count
        while start < count {
            var end = count
            var lastBreak: Int?  // index of the last cluster a break may follow
            var i = start
            while i < count {
                if !clusters[i].isSpace && prefix[i + 1] - prefix[start] > maxWidth {
                    if let lastBreak {
                        end = lastBreak + 1
                    } else {
                        end = max(i, start + 1)  // break inside an over-long word
                    }
                    break
                }
                if clusters[i].breakAfter { lastBreak = i }
                i += 1
            }
            var contentEnd = end
            while contentEnd > start && clusters[contentEnd - 1].isSpace { contentEnd -= 1 }
            lines.append(start..<contentEnd)
            start = end
            while start < count && clusters[start].isSpace { start += 1 }
        }
        return lines.isEmpty ? [0..<0] : lines
    }

    /// The greedy line count, on the narrowest width that keeps it: lines
    /// come out of similar length instead of leaving a short last line.
    /// Words that fit in `maxWidth` still fit in the narrower width, so only
    /// words wider than `maxWidth` (broken anyway) are broken.
    func balancedLines(maxWidth: Int) -> [Range<Int>] {
        let greedy = greedyLines(maxWidth: maxWidth)
        guard greedy.count > 1 else { return greedy }
        var low = wordWidths.first { $0 <= maxWidth } ?? 1
        var high = maxWidth
        while low < high {
            let mid = (low + high) / 2
            if greedyLines(maxWidth: mid).count <= greedy.count { high = mid } else { low = mid + 1 }
        }
        return high == maxWidth ? greedy : greedyLines(maxWidth: high)
    }

    private static func isBreakingSpace(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        switch scalar.value {
        case 0x00A0, 0x2007, 0x202F: return false  // no-break spaces
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    private static func isHyphen(_ character: Character) -> Bool {
        isScalar(character, in: [0x2D, 0x2010, 0x2013, 0x2014])
    }

    /// Whether `character` is one of these scalars alone. The same as comparing characters (none of
    /// them has a canonical equivalent), without `Character` equality's string comparison.
    private static func isScalar(_ character: Character, in values: [UInt32]) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        return values.contains(first.value)
    }

    private static func isWordStart(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// Text split into paragraphs and measured in one font, ready to wrap.
struct TextBlock: Sendable {
    let paragraphs: [Paragraph]
    let metrics: FontMetrics

    /// - Parameter text: sanitized text (see `CardText.sanitize`).
    init(_ text: String, metrics: FontMetrics) {
        var paragraphs: [Paragraph] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = Paragraph(line, metrics: metrics)
            let isBlank = paragraph.clusters.isEmpty
            // Drop leading blank lines and a blank line after a blank line.
            if isBlank && (paragraphs.last?.clusters.isEmpty ?? true) { continue }
            paragraphs.append(paragraph)
        }
        if paragraphs.last?.clusters.isEmpty == true { paragraphs.removeLast() }
        self.paragraphs = paragraphs
        self.metrics = metrics
    }

    var isEmpty: Bool { paragraphs.isEmpty }

    /// Wraps every paragraph to `maxWidth` (1/1000 em); a blank line between
    /// paragraphs is an empty line.
    func lines(maxWidth: Int, balanced: Bool = true) -> [LineSpan] {
        var lines: [LineSpan] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let ranges = balanced ? paragraph.balancedLines(maxWidth: maxWidth) : paragraph.greedyLines(maxWidth: maxWidth)
            for range in ranges {
                lines.append(LineSpan(paragraph: index, range: range, width: paragraph.width(of: range)))
            }
        }
        return lines
    }

    func text(of line: LineSpan) -> String {
        String(paragraphs[line.paragraph].clusters[line.range].map(\.character))
    }

    /// `line` shortened as needed to end in "…" within `maxWidth`.
    func ellipsized(_ line: LineSpan, maxWidth: Int) -> (text: String, width: Int) {
        let ellipsis: Character = "…"
        let budget = maxWidth - metrics.width(of: ellipsis)
        let clusters = paragraphs[line.paragraph].clusters
        var end = line.range.upperBound
        var width = line.width
        while end > line.range.lowerBound && (width > budget || clusters[end - 1].isSpace) {
            end -= 1
            width -= clusters[end].width
        }
        var text = String(clusters[line.range.lowerBound..<end].map(\.character))
        text.append(ellipsis)
        return (text, width + metrics.width(of: ellipsis))
    }
}
