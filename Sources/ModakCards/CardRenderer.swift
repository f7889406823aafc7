import UTF8Bytes

/// Renders a saying as a 1200×630 SVG card (the Open Graph image size).
///
/// The SVG is self-contained and deterministic: the same content and theme
/// always give the same bytes. Every line is its own `<text>` with explicit
/// coordinates, laid out with Noto Sans CJK KR's metrics, so any renderer
/// with the font stack draws it the same way. The markup is `CardMarkup`'s;
/// its structure, for tools that inspect cards:
///
/// - `<g class="bg">`: background;
/// - `<g class="decor">`: accent bar and bonfire, never overlapping text;
/// - `<g class="text">`: the lines, each inside the safe area
///   x∈[60,1140], y∈[60,570].
public struct CardRenderer: Sendable {
    /// The font stack of all text, Korean first.
    ///
    /// Emoji come from Noto Color Emoji (Debian `fonts-noto-color-emoji`)
    /// through fontconfig's fallback, and from the system's emoji font in
    /// browsers. It is deliberately not named here: Pango then takes digits
    /// and spaces from it too (the font maps them for keycap sequences) and
    /// draws them 1.25 em wide. In the PNG, Modak's painter draws emoji in
    /// colour (`TextPainter`); librsvg, which draws text as outlines, draws
    /// them as silhouettes in the text colour — never as missing-glyph boxes.
    public static let fontFamily =
        "'\(layoutFamily)', 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif"

    /// The font whose metrics lay the cards out (`FontMetrics`).
    public static let layoutFamily = "Noto Sans CJK KR"

    /// A card's size in pixels, for its PNG.
    public static let width = Int(CardGeometry.width), height = Int(CardGeometry.height)

    public let theme: CardTheme
    /// `CardMarkup.card` with the theme's slots filled.
    private let skeleton: SVGTemplate<CardMarkup.CardSlot>
    private let accentBar: SVGTemplate<CardMarkup.AccentBarSlot>
    /// `CardMarkup.line` for every kind of line (see `lineStyleIndex`), its style filled.
    private let lineMarkups: [SVGTemplate<CardMarkup.LineSlot>]

    /// The site name of the cards this renderer is made for, laid out once; a card of another
    /// site has its name laid out anew.
    private let siteName: FooterSiteName?

    /// - Parameter siteName: the `CardContent.siteName` most cards will have, to lay it out once.
    public init(theme: CardTheme = .bonfire, siteName: String? = nil) {
        self.theme = theme
        self.siteName = siteName.map(FooterSiteName.init)
        var bonfire = SVGWriter()
        Bonfire.draw(into: &bonfire, theme: theme)
        skeleton = SVGTemplate(
            CardMarkup.card,
            fixed: [
                "backgroundTop": theme.background.top, "backgroundBottom": theme.background.bottom,
                "glow": theme.background.glow,
                "glowOpacity": SVGWriter.number(theme.background.glowOpacity, decimals: 2),
                "bonfireX": SVGWriter.number(Bonfire.origin.x), "bonfireY": SVGWriter.number(Bonfire.origin.y),
                "bonfire": String(decoding: bonfire.output, as: UTF8.self),
                "fontFamily": MarkupEscaper.xml.escaped(Self.fontFamily)
            ], slot: CardMarkup.CardSlot.init)
        let bar = CardGeometry.accentBar
        accentBar = SVGTemplate(
            CardMarkup.accentBar,
            fixed: [
                "x": String(bar.x), "width": String(bar.width), "radius": String(bar.radius),
                "accent": theme.text.accent
            ],
            slot: CardMarkup.AccentBarSlot.init)
        var lineMarkups: [SVGTemplate<CardMarkup.LineSlot>] = []
        for role in TextRole.allCases {
            for bold in [false, true] {
                for lang in Language.allCases {
                    precondition(Self.lineStyleIndex(role: role, bold: bold, lang: lang) == lineMarkups.count)
                    lineMarkups.append(
                        SVGTemplate(
                            CardMarkup.line,
                            fixed: [
                                "fontWeight": bold ? "700" : "400", "fill": Self.color(for: role, theme: theme),
                                "lang": lang.code
                            ], slot: CardMarkup.LineSlot.init))
                }
            }
        }
        self.lineMarkups = lineMarkups
    }

    private static func lineStyleIndex(role: TextRole, bold: Bool, lang: Language) -> Int {
        (role.rawValue * 2 + (bold ? 1 : 0)) * Language.allCases.count + lang.rawValue
    }

    public func svg(for content: CardContent) -> String {
        String(decoding: svgUTF8(for: content), as: UTF8.self)
    }

    /// The card as the UTF-8 bytes of its file.
    public func svgUTF8(for content: CardContent) -> [UInt8] {
        svgUTF8(of: layOut(content))
    }

    /// Lays out `content` once, for its SVG (`svgUTF8(of:)`) and its PNG (`foreground(of:bar:line:)`).
    public func layOut(_ content: CardContent) -> LaidOutCard {
        let korean = CardText.sanitize(content.korean)
        let english = CardText.sanitize(content.english)
        let author = CardText.sanitize(content.author, keepNewlines: false)
        let siteName = footerSiteName(content.siteName)
        let dateLabel = content.dateLabel.map { CardText.sanitize($0, keepNewlines: false) }
        let layout = CardLayout(
            korean: korean, english: english, author: author, siteName: siteName,
            dateLabel: dateLabel)
        return LaidOutCard(
            id: content.id, korean: korean, english: english, author: author, siteName: siteName,
            dateLabel: dateLabel, layout: layout)
    }

    /// The laid-out card as the UTF-8 bytes of its file.
    public func svgUTF8(of card: LaidOutCard) -> [UInt8] {
        let (korean, english, author, dateLabel) = (card.korean, card.english, card.author, card.dateLabel)
        let layout = card.layout
        let ids = ElementIDs(cardID: card.id)

        var svg = SVGWriter()
        skeleton.write(to: &svg) { slot, svg in
            switch slot {
            case .id:
                svg.append(string: ids.prefix)
            case .title:
                Self.appendTitle(korean: korean, english: english, author: author, to: &svg)
            case .description:
                Self.appendDescription(
                    korean: korean, english: english, author: author, siteName: card.siteName.text,
                    dateLabel: dateLabel, to: &svg)
            case .accentBar:
                guard let bar = Self.accentBar(of: layout) else { return }
                accentBar.write(to: &svg) { slot, svg in
                    switch slot {
                    case .id: svg.append(string: ids.prefix)
                    case .y: svg.append(number: bar.y)
                    case .height: svg.append(number: bar.height)
                    }
                }
            case .lines:
                for line in layout.lines {
                    lineMarkups[Self.lineStyleIndex(role: line.role, bold: line.bold, lang: line.lang)].write(to: &svg)
                    { slot, svg in
                        switch slot {
                        case .x: svg.append(number: line.x)
                        case .y: svg.append(number: line.baseline)
                        case .fontSize: svg.append(number: line.fontSize)
                        case .text: svg.append(escaping: line.text)
                        }
                    }
                }
            }
        }
        return svg.output
    }

    /// The elements of the card of `cardID` (`#` and their id) drawn alike on every card of the
    /// theme, in drawing order: its backdrop. The bonfire and the accent bar, drawn over the
    /// backdrop with the text, never overlap, so drawing the bonfire first changes no pixel.
    public func backdrop(cardID: String) -> [String] {
        let prefix = "#" + ElementIDs(cardID: cardID).prefix
        return [prefix + "-backdrop", prefix + "-fire"]
    }

    /// The accent bar's top and height: it spans the quotation and its translation, and a card
    /// without them has none.
    private static func accentBar(of layout: CardLayout) -> (y: Double, height: Double)? {
        guard layout.quoteBottom > layout.quoteTop else { return nil }
        return (layout.quoteTop + 4, layout.quoteBottom - layout.quoteTop - 8)
    }

    /// The card's accent bar and lines as its SVG places them, each numbers as the SVG writes
    /// them and colours as `#RRGGBB`, made by `bar` and `line`: for a painter that draws them
    /// over the backdrop itself (`backdrop(cardID:)`).
    public func foreground<Bar, Line>(
        of card: LaidOutCard,
        bar: (_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ radius: Double, _ fill: String) -> Bar,
        line: (
            _ text: String, _ x: Double, _ baseline: Double, _ fontSize: Double, _ bold: Bool, _ fill: String,
            _ language: String
        ) -> Line
    ) -> (bar: Bar?, lines: [Line]) {
        let layout = card.layout
        let geometry = CardGeometry.accentBar
        let accent = Self.accentBar(of: layout).map {
            bar(
                Double(geometry.x), SVGWriter.written($0.y), Double(geometry.width), SVGWriter.written($0.height),
                Double(geometry.radius), theme.text.accent)
        }
        return (
            accent,
            layout.lines.map {
                line(
                    $0.text, SVGWriter.written($0.x), SVGWriter.written($0.baseline), SVGWriter.written($0.fontSize),
                    $0.bold,
                    Self.color(for: $0.role, theme: theme), $0.lang.code)
            }
        )
    }

    /// Lays out `content` without drawing it (for tests and tools).
    func layout(for content: CardContent) -> CardLayout {
        layOut(content).layout
    }

    private func footerSiteName(_ given: String) -> FooterSiteName {
        if let siteName, siteName.given == given { return siteName }
        return FooterSiteName(given)
    }

    private static func color(for role: TextRole, theme: CardTheme) -> String {
        switch role {
        case .quote: theme.text.primary
        case .translation: theme.text.secondary
        case .author, .siteName: theme.text.accent
        case .date: theme.text.muted
        }
    }

    /// The title, escaped: the saying, then " — " and the author when there is one. Written
    /// straight into the SVG, as the description: escaping the parts escapes the whole.
    private static func appendTitle(korean: String, english: String, author: String, to svg: inout SVGWriter) {
        var parts = TextParts()
        parts.add(lines: korean.isEmpty ? english : korean, to: &svg)
        if !author.allSatisfy(\.isWhitespace) {
            svg.append(" — ")
            svg.append(escaping: author)
        }
    }

    /// The saying, translation, author and footer, one per line (empty ones left out), escaped.
    static func appendDescription(
        korean: String, english: String, author: String,
        siteName: String, dateLabel: String?, to svg: inout SVGWriter
    ) {
        var parts = TextParts()
        parts.add(lines: korean, to: &svg)
        parts.add(lines: english, to: &svg)
        if !author.allSatisfy(\.isWhitespace) { parts.add(author, prefix: "— ", to: &svg) }
        let hasSiteName = parts.add(siteName, to: &svg)
        // The date follows the site name on the same line, or starts the footer line.
        parts.add(dateLabel ?? "", after: hasSiteName ? ", " : "\n", to: &svg)
    }
}

/// Writes the parts of a card's title or description, escaped, each but the first after a
/// separator; empty parts are left out.
private struct TextParts {
    private var isEmpty = true

    /// `prefix` and `part` (UTF-8), after `separator` unless nothing was written yet; returns
    /// whether the part was written (it is left out when both are empty).
    @discardableResult
    mutating func add(
        utf8 part: UnsafeBufferPointer<UInt8>, prefix: StaticString = "", after separator: StaticString = "\n",
        to svg: inout SVGWriter
    ) -> Bool {
        guard !part.isEmpty || prefix.utf8CodeUnitCount > 0 else { return false }
        if !isEmpty { svg.append(separator) }
        isEmpty = false
        svg.append(prefix)
        svg.append(escaping: part)
        return true
    }

    @discardableResult
    mutating func add(
        _ part: String, prefix: StaticString = "", after separator: StaticString = "\n",
        to svg: inout SVGWriter
    ) -> Bool {
        var part = part
        return part.withUTF8 { add(utf8: $0, prefix: prefix, after: separator, to: &svg) }
    }

    /// The lines of `text` joined by spaces, blank lines dropped, as one part.
    mutating func add(lines text: String, to svg: inout SVGWriter) {
        var text = text
        text.withUTF8 { bytes in
            var separator: StaticString = "\n"
            var start = 0
            // A newline is a character of its own, so the text can be split at its byte.
            while start < bytes.count {
                let end = bytes.firstOffset(of: 0x0A, in: start..<bytes.count) ?? bytes.count
                if add(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), after: separator, to: &svg) {
                    separator = " "
                }
                start = end + 1
            }
        }
    }
}

/// Element ids of one card, prefixed with its id so cards inlined together
/// in one HTML page do not clash.
struct ElementIDs {
    let prefix: String

    /// `card-` and the ASCII letters, digits, `-` and `_` among the first 64 scalars of `cardID`.
    init(cardID: String) {
        var safe = Array("card-".utf8)
        var scalars = 0
        // By bytes: the kept characters are ASCII, and every byte of another scalar is not.
        for byte in cardID.utf8 {
            if !UTF8.isContinuation(byte) {
                guard scalars < 64 else { break }
                scalars += 1
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                safe.append(byte)
            default:
                continue
            }
        }
        prefix = safe.count == 5 ? "card" : String(decoding: safe, as: UTF8.self)
    }
}
