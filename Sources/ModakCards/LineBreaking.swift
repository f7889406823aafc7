import UTF8Bytes

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
    /// Where the cluster is in its paragraph's UTF-8 bytes.
    var bytes: Range<Int>
    var width: Int
    var isSpace: Bool
    var breakAfter: Bool
}

/// A run of text without newlines.
struct Paragraph: Sendable {
    /// The paragraph's text as UTF-8, spaces included.
    private let utf8: [UInt8]
    /// The clusters drawn, after collapsing and trimming spaces.
    let clusters: [Cluster]
    /// `prefix[i]` is the width of `clusters[0..<i]`.
    private let prefix: [Int]
    /// The width of the widest run of clusters with no break opportunity inside it (a "word").
    let widestWord: Int
    /// The words in order, each with the spaces after it: a line of whole words is as wide as the
    /// totals of its words but the last, plus that one's content.
    private let words: [(content: Int, total: Int)]
    /// The width of the widest space cluster (spaces are collapsed, so a line break drops at most one).
    private let widestSpace: Int

    /// - Parameter utf8: valid UTF-8 (from a `String`).
    init(utf8: [UInt8], metrics: FontMetrics) {
        var clusters = Self.singleScalarClusters(of: utf8, metrics: metrics) ?? Self.segmentedClusters(of: utf8, metrics: metrics)
        while clusters.last?.isSpace == true { clusters.removeLast() }

        // Prefix widths, words and the widest space and word, in one pass.
        var words: [(content: Int, total: Int)] = []
        // At most one word per cluster; a few bytes per cluster spare the reallocations of growing.
        words.reserveCapacity(clusters.count)
        var word = (content: 0, total: 0)
        var widestSpace = 0
        var widestWord = 0
        let prefix = [Int](unsafeUninitializedCapacity: clusters.count + 1) { prefix, count in
            var total = 0
            prefix[0] = 0
            for (index, cluster) in clusters.enumerated() {
                total += cluster.width
                prefix[index + 1] = total
                if cluster.isSpace {
                    widestSpace = max(widestSpace, cluster.width)
                } else {
                    word.content += cluster.width
                }
                word.total += cluster.width
                if cluster.breakAfter {
                    words.append(word)
                    widestWord = max(widestWord, word.content)
                    word = (0, 0)
                }
            }
            count = clusters.count + 1
        }
        if word.total > 0 {
            words.append(word)
            widestWord = max(widestWord, word.content)
        }
        self.utf8 = utf8
        self.clusters = clusters
        self.prefix = prefix
        self.words = words
        self.widestWord = widestWord
        self.widestSpace = widestSpace
    }

    /// The clusters of `utf8` when every scalar stands alone (see `standsAlone`), else nil.
    /// Segmenting into grapheme clusters is the costly part; for the scripts of nearly every
    /// saying it would only confirm that each scalar stands alone.
    private static func singleScalarClusters(of utf8: [UInt8], metrics: FontMetrics) -> [Cluster]? {
        var collector = ClusterCollector(capacity: utf8.count)
        let allStandAlone = utf8.withUnsafeBufferPointer { utf8 in
            var start = 0
            while start < utf8.count {
                let (scalar, length) = Self.scalar(in: utf8, at: start)
                guard standsAlone(scalar) else { return false }
                collector.append(start..<start + length, width: metrics.advance(of: scalar), first: scalar, isSingleScalar: true)
                start += length
            }
            return true
        }
        return allStandAlone ? collector.clusters : nil
    }

    private static func segmentedClusters(of utf8: [UInt8], metrics: FontMetrics) -> [Cluster] {
        var collector = ClusterCollector(capacity: 0)
        var start = 0
        for character in String(decoding: utf8, as: UTF8.self) {
            let scalars = character.unicodeScalars
            let end = start + character.utf8.count
            let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
            collector.append(start..<end, width: metrics.width(of: character), first: scalars.first!, isSingleScalar: single)
            start = end
        }
        return collector.clusters
    }

    /// Gathers a paragraph's clusters as they are measured: spaces collapse, and a hyphen or dash
    /// between letters becomes a break opportunity once the cluster after it is known.
    private struct ClusterCollector {
        private(set) var clusters: [Cluster] = []
        /// Whether no cluster was kept yet or the last one is a space: a space is then dropped.
        private var atStartOrSpace = true
        /// Whether the last cluster is a hyphen alone in its cluster, after a word: it breaks when
        /// a word starts after it.
        private var hyphenAfterWord = false

        init(capacity: Int) {
            clusters.reserveCapacity(capacity)
        }

        @inline(__always)
        mutating func append(_ bytes: Range<Int>, width: Int, first: Unicode.Scalar, isSingleScalar: Bool) {
            // A cluster after a hyphen is never dropped: only spaces are, after a space.
            if hyphenAfterWord {
                clusters[clusters.count - 1].breakAfter = Paragraph.isWordStart(first)
                hyphenAfterWord = false
            }
            let isSpace = isSingleScalar && isBreakingSpace(first)
            if isSpace && atStartOrSpace { return }
            let isZeroWidthSpace = isSingleScalar && first == "\u{200B}"
            hyphenAfterWord = isSingleScalar && isHyphen(first) && !atStartOrSpace
            atStartOrSpace = isSpace
            clusters.append(Cluster(bytes: bytes, width: width, isSpace: isSpace, breakAfter: isSpace || isZeroWidthSpace))
        }
    }

    func width(of range: Range<Int>) -> Int { prefix[range.upperBound] - prefix[range.lowerBound] }

    /// The text of `clusters[range]` (spaces collapsed), followed by `suffix`.
    func text(of range: Range<Int>, suffix: String = "") -> String {
        let lineClusters = clusters[range]
        // Most lines collapse no space: their text is one run of the paragraph's bytes, copied
        // straight into the string (whole clusters of valid UTF-8, so not checked again).
        if suffix.isEmpty, let first = lineClusters.first, let last = lineClusters.last,
           zip(lineClusters, lineClusters.dropFirst()).allSatisfy({ $0.bytes.upperBound == $1.bytes.lowerBound }) {
            return utf8.withUnsafeBufferPointer { String(copyingValidUTF8: UnsafeBufferPointer(rebasing: $0[first.bytes.lowerBound..<last.bytes.upperBound])) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.isEmpty ? 0 : clusters[range.upperBound - 1].bytes.upperBound
                                  - clusters[range.lowerBound].bytes.lowerBound + suffix.utf8.count)
        // Clusters are copied in runs: only collapsed spaces leave gaps between them.
        var run: Range<Int>?
        for cluster in lineClusters {
            if let current = run, current.upperBound == cluster.bytes.lowerBound {
                run = current.lowerBound..<cluster.bytes.upperBound
            } else {
                if let current = run { bytes += utf8[current] }
                run = cluster.bytes
            }
        }
        if let run { bytes += utf8[run] }
        bytes += suffix.utf8
        // Whole clusters of valid UTF-8 and a string: valid, so not checked again.
        return bytes.withUnsafeBufferPointer { String(copyingValidUTF8: $0) }
    }

    /// First-fit wrapping: each line takes as much as fits in `maxWidth`.
    /// Its line count is the smallest possible, and never grows as
    /// `maxWidth` grows, which the balancing and font-size searches rely on.
    func greedyLines(maxWidth: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        forEachGreedyLine(maxWidth: maxWidth) { lines.append($0) }
        return lines.isEmpty ? [0..<0] : lines
    }

    /// `greedyLines(maxWidth:).count`, without making the lines: the searches for a font size
    /// and for balanced lines ask this many times per card.
    func greedyLineCount(maxWidth: Int) -> Int {
        greedyLineCount(maxWidth: maxWidth, stoppingPast: .max).count
    }

    /// `greedyLineCount(maxWidth:)`, or some count above `limit` once it is clear the count is:
    /// the balancing search only asks whether a width keeps the count within `limit`. With it, the
    /// widths around `maxWidth` that make the same lines, which that search need not try: from the
    /// widest line (when the count was finished) to below `nextChange`, the least width at which
    /// a line would take one more word.
    private func greedyLineCount(maxWidth: Int, stoppingPast limit: Int) -> (count: Int, widest: Int, nextChange: Int) {
        guard maxWidth >= widestWord else {
            var count = 0
            forEachGreedyLine(maxWidth: maxWidth) { _ in count += 1 }
            return (max(count, 1), maxWidth, maxWidth + 1)
        }
        // No word needs breaking: the same lines, word by word instead of cluster by cluster.
        var count = 0
        var widest = 0
        var nextChange = Int.max
        var index = 0
        while index < words.count && count <= limit {
            count += 1
            var width = words[index].total
            var trailingSpace = words[index].total - words[index].content
            index += 1
            while index < words.count && width + words[index].content <= maxWidth {
                width += words[index].total
                trailingSpace = words[index].total - words[index].content
                index += 1
            }
            widest = max(widest, width - trailingSpace)
            if index < words.count { nextChange = min(nextChange, width + words[index].content) }
        }
        return (max(count, 1), widest, nextChange)
    }

    private func forEachGreedyLine(maxWidth: Int, _ body: (Range<Int>) -> Void) {
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
            body(start..<contentEnd)
            start = end
            while start < count && clusters[start].isSpace { start += 1 }
        }
    }

    /// The greedy line count, on the narrowest width that keeps it: lines
    /// come out of similar length instead of leaving a short last line.
    /// Words that fit in `maxWidth` still fit in the narrower width, so only
    /// words wider than `maxWidth` (broken anyway) are broken.
    func balancedLines(maxWidth: Int) -> [Range<Int>] {
        let lineCount = greedyLineCount(maxWidth: maxWidth)
        guard lineCount > 1 else { return greedyLines(maxWidth: maxWidth) }
        // The widest word that fits: no narrower width keeps every such word whole.
        var low = max(1, words.reduce(0) { $1.content <= maxWidth ? max($0, $1.content) : $0 })
        if widestWord <= maxWidth {
            // The lines hold all the text but the one space each break may drop, so the widest is
            // at least their share of that: the search starts there instead of at the widest word.
            // (Only when every word fits: then no line is a single cluster wider than the width.)
            let shared = width(of: 0..<clusters.count) - (lineCount - 1) * widestSpace
            low = max(low, (shared + lineCount - 1) / lineCount)
        }
        var high = maxWidth
        while low < high {
            // Each probe rules out the widths that make the same lines as `mid`.
            let probe = greedyLineCount(maxWidth: (low + high) / 2, stoppingPast: lineCount)
            if probe.count <= lineCount { high = probe.widest } else { low = probe.nextChange }
        }
        return greedyLines(maxWidth: high)
    }

    /// The width of `text` when its one unbroken line is the text as it is: a single paragraph of
    /// scalars that stand alone (see `standsAlone`), with no space at either end or after a space
    /// to trim or collapse. Nil otherwise, and for blank text. The footer's date label, one short
    /// line per card, is measured so without preparing a `TextBlock`.
    static func widthDrawnAsIs(_ text: String, metrics: FontMetrics) -> Int? {
        var text = text
        return text.withUTF8 { utf8 in
            var width = 0
            var previousIsSpace = true  // a space at the start would be trimmed
            var start = 0
            while start < utf8.count {
                let (scalar, length) = Self.scalar(in: utf8, at: start)
                guard standsAlone(scalar) else { return nil }
                let isSpace = isBreakingSpace(scalar)
                if isSpace && previousIsSpace { return nil }
                previousIsSpace = isSpace
                width += metrics.advance(of: scalar)
                start += length
            }
            // A space at the end would be trimmed; an empty text is blank.
            return previousIsSpace ? nil : width
        }
    }

    /// Whether `scalar` is one of a set of scalars that never join a neighbour from the set: ASCII
    /// and Latin letters, punctuation, Hangul syllables and compatibility jamo, CJK ideographs and
    /// fullwidth forms. A text of only these has one scalar per grapheme cluster; anything else
    /// (combining marks, conjoining jamo, emoji, joiners, other scripts) takes the full segmentation.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F,
             0x3131...0x318E, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E: true
        default: false
        }
    }

    /// The scalar whose valid UTF-8 starts at `index`, and its length in bytes.
    @inline(__always)
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(utf8[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(utf8[index + offset] & 0x3F) }
        let (value, length): (UInt32, Int) = switch lead {
        case ..<0x80: (lead, 1)
        case ..<0xE0: ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value)!, length)
    }

    /// Unicode's space separators (general category Zs) but the no-break ones (U+00A0, U+2007,
    /// U+202F). Listed rather than looked up: the category is stable and the lookup costly.
    static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// A hyphen or dash (none of them has a canonical equivalent).
    private static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2010, 0x2013, 0x2014: true
        default: false
        }
    }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// Text split into paragraphs and measured in one font, ready to wrap.
struct TextBlock: Sendable {
    let paragraphs: [Paragraph]
    let metrics: FontMetrics

    /// - Parameter text: sanitized text (see `CardText.sanitize`).
    init(_ text: String, metrics: FontMetrics) {
        var paragraphs: [Paragraph] = []
        var text = text
        text.withUTF8 { utf8 in
            // A newline is always a cluster of its own, so splitting the bytes splits the characters.
            for line in utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let paragraph = Paragraph(utf8: Array(UnsafeBufferPointer(rebasing: line)), metrics: metrics)
                let isBlank = paragraph.clusters.isEmpty
                // Drop leading blank lines and a blank line after a blank line.
                if isBlank && (paragraphs.last?.clusters.isEmpty ?? true) { continue }
                paragraphs.append(paragraph)
            }
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

    /// `lines(maxWidth:balanced:).count`, which balancing keeps: the greedy count.
    func lineCount(maxWidth: Int) -> Int {
        paragraphs.reduce(0) { $0 + $1.greedyLineCount(maxWidth: maxWidth) }
    }

    func text(of line: LineSpan) -> String {
        paragraphs[line.paragraph].text(of: line.range)
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
        return (paragraphs[line.paragraph].text(of: line.range.lowerBound..<end, suffix: String(ellipsis)),
                width + metrics.width(of: ellipsis))
    }
}
