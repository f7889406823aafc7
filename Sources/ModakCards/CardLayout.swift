/// Where every line of a card goes: the geometry and type scale of the
/// design, and the search for the largest font size that fits.

/// An axis-aligned rectangle in card pixels.
struct Box: Equatable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    func contains(_ other: Box) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}

/// The fixed geometry and type scale of a card.
enum CardGeometry {
    static let width = 1200.0
    static let height = 630.0
    /// The accent bar's left edge, width and corner radius, whole pixels; its top and bottom
    /// follow the quotation (`CardRenderer.accentBar`).
    static let accentBar = (x: 66, width: 4, radius: 2)
    /// Text must stay inside this; decorations may go outside.
    static let safeArea = Box(minX: 60, minY: 60, maxX: 1140, maxY: 570)
    /// The quotation, translation and author are laid out in this column,
    /// centred vertically. Below it, the footer (left) and bonfire (right).
    static let column = Box(minX: 100, minY: 76, maxX: 1100, maxY: 462)

    /// Font sizes of the first block (Korean, or English when alone), in px: the largest that fits.
    static let quotationSizes = (largest: 76, smallest: 22)
    /// The English translation under Korean text is this much smaller, down to `smallestSize`…
    static let translation = (ratio: 0.56, smallestSize: 16.0)
    /// …and the author line this much, within `sizes`, on `maxLines` lines at the most.
    static let author = (ratio: 0.44, sizes: 18.0...28.0, maxLines: 2)
    /// The site name and the date label under the column: their size, baseline and width, and the
    /// space between them in em of their size.
    static let footer = (size: 20.0, baseline: 548.0, maxWidth: 760.0, gap: 1.2)
    /// Ascent and descent of Noto Sans CJK (OS/2 typo metrics), in em: a
    /// line's glyphs sit in the middle of its line box like CSS half-leading.
    static let fontExtents = (ascent: 0.88, descent: 0.12)
}

/// What a line of text is on the card; decides its style.
enum TextRole: Int, CaseIterable, Sendable {
    /// The saying: the Korean text, or the English when there is no Korean.
    case quote
    /// The English under the Korean.
    case translation
    case author, siteName, date
}

/// The language of a line, for `xml:lang`.
enum Language: Int, CaseIterable, Sendable {
    case korean, english

    /// The BCP 47 code.
    var code: String {
        switch self {
        case .korean: "ko"
        case .english: "en"
        }
    }
}

/// One line of text, ready to draw.
struct PlacedLine: Equatable, Sendable {
    var text: String
    var role: TextRole
    var lang: Language
    var x, baseline, fontSize: Double
    var bold: Bool
    /// The advance of the text in px, by the font metrics.
    var width: Double

    /// The box the line's glyphs may occupy: the advance × ascent + descent.
    var box: Box {
        Box(
            minX: x, minY: baseline - CardGeometry.fontExtents.ascent * fontSize,
            maxX: x + width, maxY: baseline + CardGeometry.fontExtents.descent * fontSize)
    }
}

/// The lines of a card and the quote's extent (for the accent bar).
struct CardLayout: Equatable, Sendable {
    var lines: [PlacedLine]
    /// Vertical extent of the quotation and translation lines.
    var quoteTop: Double
    var quoteBottom: Double
    /// Font size of the first block, in px.
    var primarySize: Int
    /// Whether some text was cut and ended with "…".
    var truncated: Bool
}

extension CardLayout {
    /// Lays out sanitized content (see `CardText.sanitize`).
    init(korean: String, english: String, author: String, siteName: FooterSiteName, dateLabel: String?) {
        let regular = FontMetrics.notoSansKRRegular
        let bold = FontMetrics.notoSansKRBold
        let quote = QuoteBlocks(
            korean: TextBlock(korean, metrics: bold),
            english: TextBlock(english, metrics: korean.isEmpty ? bold : regular),
            author: TextBlock(author.allSatisfy(\.isWhitespace) ? "" : "— " + author, metrics: regular),
            authorLang: Self.language(of: author))

        // The largest size at which everything fits; line counts only fall
        // as the size falls, so a binary search finds it. Balancing keeps
        // line counts, so the search only needs to count greedy lines.
        var low = CardGeometry.quotationSizes.smallest
        var high = CardGeometry.quotationSizes.largest
        while low < high {
            let mid = (low + high + 1) / 2
            if quote.height(primarySize: mid) <= CardGeometry.column.height { low = mid } else { high = mid - 1 }
        }
        var arrangement = quote.arrange(primarySize: low)
        let truncated = arrangement.shorten(toFit: CardGeometry.column.height)

        var lines = arrangement.place(in: CardGeometry.column)
        // The quote's extent, from its lines' boxes (0 to 0 without any).
        var quoteTop = Double.infinity
        var quoteBottom = -Double.infinity
        for line in lines where line.role == .quote || line.role == .translation {
            quoteTop = min(quoteTop, line.box.minY)
            quoteBottom = max(quoteBottom, line.box.maxY)
        }
        lines += Self.footer(siteName: siteName, dateLabel: dateLabel)
        self.init(
            lines: lines,
            quoteTop: quoteTop.isFinite ? quoteTop : 0,
            quoteBottom: quoteBottom.isFinite ? quoteBottom : 0,
            primarySize: low,
            truncated: truncated || arrangement.authorTruncated)
    }

    /// Korean when the text has any Hangul, else English.
    static func language(of text: String) -> Language {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF: return .korean
            default: continue
            }
        }
        return .english
    }

    private static func footer(siteName: FooterSiteName, dateLabel: String?) -> [PlacedLine] {
        var lines = siteName.line.map { [$0] } ?? []
        // The date follows the name after a gap, or starts the footer.
        let x =
            siteName.line.map { $0.x + $0.width + CardGeometry.footer.gap * CardGeometry.footer.size }
            ?? CardGeometry.column.minX
        if let dateLabel, let date = footerLine(dateLabel, role: .date, bold: false, x: x) { lines.append(date) }
        return lines
    }

    /// `text` on the footer's baseline from `x`, ending in "…" where the footer ends; nil when it
    /// is blank or no room is left.
    fileprivate static func footerLine(_ text: String, role: TextRole, bold: Bool, x: Double) -> PlacedLine? {
        let size = CardGeometry.footer.size
        let maxWidth = Int(CardGeometry.footer.maxWidth / size * 1000)
        let room = maxWidth - Int((x - CardGeometry.column.minX) / size * 1000)
        guard room > 0 else { return nil }
        let metrics: FontMetrics = bold ? .notoSansKRBold : .notoSansKRRegular
        let fitted: (text: String, width: Int)
        if let width = Paragraph.widthDrawnAsIs(text, metrics: metrics), width <= room {
            fitted = (text, width)
        } else {
            let block = TextBlock(text, metrics: metrics)
            guard let line = block.lines(maxWidth: .max, balanced: false).first, !block.isEmpty else { return nil }
            fitted =
                line.width <= room
                ? (text: block.text(of: line), width: line.width)
                : block.ellipsized(line, maxWidth: room)
        }
        return PlacedLine(
            text: fitted.text, role: role, lang: language(of: text), x: x,
            baseline: CardGeometry.footer.baseline, fontSize: size, bold: bold,
            width: Double(fitted.width) * size / 1000)
    }
}

/// The site name as the footer draws it. It is the same on every card of a site, so a renderer
/// made for the site lays it out once (see `CardRenderer.init(theme:siteName:)`).
struct FooterSiteName: Sendable {
    /// The name as `CardContent.siteName` holds it.
    let given: String
    /// The name sanitized (see `CardText.sanitize`).
    let text: String
    /// Its line at the start of the footer; nil when the name is blank.
    let line: PlacedLine?

    init(_ siteName: String) {
        given = siteName
        text = CardText.sanitize(siteName, keepNewlines: false)
        line = CardLayout.footerLine(text, role: .siteName, bold: true, x: CardGeometry.column.minX)
    }
}

/// The prepared blocks of a card's quote column.
private struct QuoteBlocks {
    var korean: TextBlock
    var english: TextBlock
    var author: TextBlock
    var authorLang: Language

    func arrange(primarySize: Int) -> Arrangement {
        var blocks: [Arrangement.Block] = []
        blocks.reserveCapacity(3)
        forEachBlock(primarySize: primarySize) { text, style in
            blocks.append(Arrangement.Block(text: text, style: style))
        }
        return Arrangement(blocks: blocks)
    }

    /// The height `arrange(primarySize:)` would take, from line counts alone. The font-size search
    /// asks this several times per card, so it makes no blocks.
    func height(primarySize: Int) -> Double {
        var total = 0.0
        forEachBlock(primarySize: primarySize) { text, style in
            total += style.height(keptLines: min(text.lineCount(maxWidth: style.maxWidth), style.maxLines))
        }
        return total
    }

    /// Calls `body` with each non-empty block and its style at this size, top to bottom.
    private func forEachBlock(primarySize: Int, _ body: (TextBlock, Arrangement.Style) -> Void) {
        let primary = Double(primarySize)
        var isFirst = true
        if !korean.isEmpty {
            body(korean, .init(role: .quote, lang: .korean, size: primary, bold: true, lineHeight: 1.42, gapBefore: 0))
            isFirst = false
        }
        if !english.isEmpty {
            let secondary = !korean.isEmpty
            let size =
                secondary
                ? max(CardGeometry.translation.smallestSize, (primary * CardGeometry.translation.ratio).rounded())
                : primary
            body(
                english,
                .init(
                    role: secondary ? .translation : .quote, lang: .english, size: size, bold: !secondary,
                    lineHeight: secondary ? 1.45 : 1.3, gapBefore: secondary ? 0.5 * primary : 0))
            isFirst = false
        }
        if !author.isEmpty {
            let size = min(
                max((primary * CardGeometry.author.ratio).rounded(), CardGeometry.author.sizes.lowerBound),
                CardGeometry.author.sizes.upperBound)
            body(
                author,
                .init(
                    role: .author, lang: authorLang, size: size, bold: false,
                    lineHeight: 1.35, gapBefore: isFirst ? 0 : max(1.1 * size, 0.5 * primary),
                    maxLines: CardGeometry.author.maxLines))
        }
    }
}

/// The blocks of the quote column wrapped at one set of font sizes.
private struct Arrangement {
    /// How a block is set at one primary size.
    struct Style {
        var role: TextRole
        var lang: Language
        var size: Double
        var bold: Bool
        var lineHeight: Double
        var gapBefore: Double
        var maxLines: Int = .max

        /// The column's width in 1/1000 em of this block's size.
        var maxWidth: Int { Int(CardGeometry.column.width / size * 1000) }
        var lineBox: Double { size * lineHeight }

        func height(keptLines: Int) -> Double { gapBefore + Double(keptLines) * lineBox }
    }

    struct Block {
        var text: TextBlock
        var style: Style
        var lines: [LineSpan]
        /// Lines are dropped from the end; the last kept one gets "…".
        var keptLines: Int

        init(text: TextBlock, style: Style) {
            self.text = text
            self.style = style
            lines = text.lines(maxWidth: style.maxWidth)
            keptLines = min(lines.count, style.maxLines)
        }

        var height: Double { style.height(keptLines: keptLines) }
        var isTruncated: Bool { keptLines < lines.count }
    }

    var blocks: [Block]

    init(blocks: [Block]) {
        self.blocks = blocks
    }

    var height: Double { blocks.reduce(0) { $0 + $1.height } }
    var authorTruncated: Bool { blocks.contains { $0.style.role == .author && $0.isTruncated } }

    /// Drops lines from the tallest quote block until the column fits.
    /// Returns whether anything was dropped.
    mutating func shorten(toFit available: Double) -> Bool {
        var shortened = false
        while height > available {
            let candidates = blocks.indices.filter { blocks[$0].style.role != .author && blocks[$0].keptLines > 1 }
            guard let tallest = candidates.max(by: { blocks[$0].height < blocks[$1].height }) else { break }
            blocks[tallest].keptLines -= 1
            shortened = true
        }
        return shortened
    }

    /// Positions the lines, the whole column centred vertically in `column`.
    func place(in column: Box) -> [PlacedLine] {
        var top = column.minY + max(0, (column.height - height) / 2)
        var placed: [PlacedLine] = []
        // The footer's two lines are added after these.
        placed.reserveCapacity(blocks.reduce(2) { $0 + $1.keptLines })
        for block in blocks {
            let style = block.style
            top += style.gapBefore
            let halfLeading =
                (style.lineHeight - CardGeometry.fontExtents.ascent - CardGeometry.fontExtents.descent) / 2 * style.size
            for index in 0..<block.keptLines {
                let line = block.lines[index]
                let isLast = index == block.keptLines - 1
                let (text, width) =
                    isLast && block.isTruncated
                    ? block.text.ellipsized(line, maxWidth: style.maxWidth)
                    : (block.text.text(of: line), line.width)
                placed.append(
                    PlacedLine(
                        text: text, role: style.role, lang: style.lang, x: column.minX,
                        baseline: top + halfLeading + CardGeometry.fontExtents.ascent * style.size,
                        fontSize: style.size, bold: style.bold, width: Double(width) * style.size / 1000))
                top += style.lineBox
            }
        }
        return placed
    }
}
