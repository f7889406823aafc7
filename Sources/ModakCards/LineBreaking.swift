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

extension Paragraph {
    /// First-fit wrapping: each line takes as much as fits in `maxWidth`.
    /// Its line count is the smallest possible, and never grows as
    /// `maxWidth` grows, which the balancing and font-size searches rely on.
    func greedyLines(maxWidth: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        forEachGreedyLine(maxWidth: maxWidth) { line, _, _ in
            lines.append(line)
            return true
        }
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
        var count = 0
        var widest = 0
        var nextChange = Int.max
        forEachGreedyLine(maxWidth: maxWidth) { _, width, widthToTakeMore in
            count += 1
            widest = max(widest, width)
            nextChange = min(nextChange, widthToTakeMore)
            return count <= limit
        }
        // A line cut inside a word changes with every width: only `maxWidth` makes these lines.
        guard maxWidth >= widestWord else { return (max(count, 1), maxWidth, maxWidth + 1) }
        return (max(count, 1), widest, nextChange)
    }

    /// The line breaker: calls `body` with each line of first-fit wrapping at `maxWidth`, its
    /// width, and the least width at which it would take more (`maxWidth + 1` for a line cut
    /// inside a word), until `body` returns false.
    ///
    /// A line takes whole words while the next one's clusters but its space fit; a word wider
    /// than the line (or what is left of it) is cut after as many clusters as fit, at least one.
    /// A line starts at a cluster to draw (a word's first, or the first after a cut), so the only
    /// space to trim is the one its last word ends with. Inlined, so that counting builds nothing.
    @inline(__always)
    private func forEachGreedyLine(
        maxWidth: Int, _ body: (_ line: Range<Int>, _ width: Int, _ widthToTakeMore: Int) -> Bool
    ) {
        var index = 0 // the word the line starts in
        var start = 0 // the line's first cluster
        while index < words.count {
            let first = words[index]
            if prefix[first.contentEnd] - prefix[start] > maxWidth {
                // Too wide: cut after as many clusters as fit, at least one.
                var end = start + 1
                while end < first.contentEnd && prefix[end + 1] - prefix[start] <= maxWidth { end += 1 }
                guard body(start..<end, prefix[end] - prefix[start], maxWidth + 1) else { return }
                // The rest of the word starts the next line, or when none is left, the next word
                // that has a cluster to draw.
                start = end
                while index < words.count && words[index].contentEnd <= start {
                    start = words[index].end
                    index += 1
                }
                continue
            }
            // The line's width with the space after its last word.
            var width = prefix[first.end] - prefix[start]
            index += 1
            while index < words.count && width + words[index].content <= maxWidth {
                width += words[index].total
                index += 1
            }
            let last = words[index - 1]
            let widthToTakeMore = index < words.count ? width + words[index].content : Int.max
            guard body(start..<last.contentEnd, prefix[last.contentEnd] - prefix[start], widthToTakeMore) else {
                return
            }
            start = last.end
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
            let ranges =
                balanced ? paragraph.balancedLines(maxWidth: maxWidth) : paragraph.greedyLines(maxWidth: maxWidth)
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
        return (
            paragraphs[line.paragraph].text(of: line.range.lowerBound..<end, suffix: String(ellipsis)),
            width + metrics.width(of: ellipsis)
        )
    }
}
