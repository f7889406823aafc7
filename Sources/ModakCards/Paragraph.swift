import UTF8Bytes

/// One grapheme cluster, measured, with the break opportunity after it.
struct Cluster: Sendable {
    /// Where the cluster is in its paragraph's UTF-8 bytes.
    var bytes: Range<Int>
    var width: Int
    var isSpace: Bool
    var breakAfter: Bool
}

/// A run of text without newlines, cut into measured grapheme clusters and the words a line may
/// not break inside, ready for the line breaker (`LineBreaking.swift`).
struct Paragraph: Sendable {
    /// The paragraph's text as UTF-8, spaces included.
    private let utf8: [UInt8]
    /// The clusters drawn, after collapsing and trimming spaces.
    let clusters: [Cluster]
    /// `prefix[i]` is the width of `clusters[0..<i]`.
    let prefix: [Int]
    /// The width of the widest run of clusters with no break opportunity inside it (a "word").
    let widestWord: Int
    /// The words in order: together they hold every cluster once.
    let words: [Word]
    /// The width of the widest space cluster (spaces are collapsed, so a line break drops at most one).
    let widestSpace: Int

    /// A run of clusters with a break opportunity after its last one only, and the space after
    /// it, if any: a space always has a break after it, and spaces collapse to one.
    struct Word: Sendable {
        /// The width of its clusters but the space.
        var content: Int
        /// The width of all its clusters.
        var total: Int
        /// Where its clusters but the space end.
        var contentEnd: Int
        /// Where it ends: the next word's first cluster.
        var end: Int
    }

    /// - Parameter utf8: valid UTF-8 (from a `String`).
    init(utf8: [UInt8], metrics: FontMetrics) {
        var clusters =
            Self.singleScalarClusters(of: utf8, metrics: metrics) ?? Self.segmentedClusters(of: utf8, metrics: metrics)
        while clusters.last?.isSpace == true { clusters.removeLast() }

        // Prefix widths, words and the widest space and word, in one pass.
        var words: [Word] = []
        // At most one word per cluster; a few bytes per cluster spare the reallocations of growing.
        words.reserveCapacity(clusters.count)
        var word = Word(content: 0, total: 0, contentEnd: 0, end: 0)
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
                    word.contentEnd = index + 1
                }
                word.total += cluster.width
                if cluster.breakAfter {
                    word.end = index + 1
                    words.append(word)
                    widestWord = max(widestWord, word.content)
                    word = Word(content: 0, total: 0, contentEnd: index + 1, end: index + 1)
                }
            }
            count = clusters.count + 1
        }
        if word.end < clusters.count {
            word.end = clusters.count
            words.append(word)
            widestWord = max(widestWord, word.content)
        }
        (self.utf8, self.clusters, self.prefix, self.words) = (utf8, clusters, prefix, words)
        (self.widestWord, self.widestSpace) = (widestWord, widestSpace)
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
                collector.append(
                    start..<start + length, width: metrics.advance(of: scalar), first: scalar, isSingleScalar: true)
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
            collector.append(
                start..<end, width: metrics.width(of: character), first: scalars.first!, isSingleScalar: single)
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
            clusters.append(
                Cluster(bytes: bytes, width: width, isSpace: isSpace, breakAfter: isSpace || isZeroWidthSpace))
        }
    }

    func width(of range: Range<Int>) -> Int { prefix[range.upperBound] - prefix[range.lowerBound] }

    /// The text of `clusters[range]` (spaces collapsed), followed by `suffix`.
    func text(of range: Range<Int>, suffix: String = "") -> String {
        let lineClusters = clusters[range]
        // Most lines collapse no space: their text is one run of the paragraph's bytes, copied
        // straight into the string (whole clusters of valid UTF-8, so not checked again).
        if suffix.isEmpty, let first = lineClusters.first, let last = lineClusters.last,
            zip(lineClusters, lineClusters.dropFirst()).allSatisfy({ $0.bytes.upperBound == $1.bytes.lowerBound })
        {
            return utf8.withUnsafeBufferPointer {
                String(
                    copyingValidUTF8: UnsafeBufferPointer(rebasing: $0[first.bytes.lowerBound..<last.bytes.upperBound]))
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            range.isEmpty
                ? 0
                : clusters[range.upperBound - 1].bytes.upperBound
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

    /// The width of `text` when its one unbroken line is the text as it is: a single paragraph of
    /// scalars that stand alone (see `standsAlone`), with no space at either end or after a space
    /// to trim or collapse. Nil otherwise, and for blank text. The footer's date label, one short
    /// line per card, is measured so without preparing a `TextBlock`.
    static func widthDrawnAsIs(_ text: String, metrics: FontMetrics) -> Int? {
        var text = text
        return text.withUTF8 { utf8 in
            var width = 0
            var previousIsSpace = true // a space at the start would be trimmed
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
            0x3131...0x318E, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
            true
        default: false
        }
    }

    /// The scalar whose valid UTF-8 starts at `index`, and its length in bytes.
    @inline(__always)
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(utf8[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(utf8[index + offset] & 0x3F) }
        let (value, length): (UInt32, Int) =
            switch lead {
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
