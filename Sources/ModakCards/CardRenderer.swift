import Foundation // memchr

/// Renders a saying as a 1200×630 SVG card (the Open Graph image size).
///
/// The SVG is self-contained and deterministic: the same content and theme
/// always give the same bytes. Every line is its own `<text>` with explicit
/// coordinates, laid out with Noto Sans CJK KR's metrics, so any renderer
/// with the font stack draws it the same way. Structure, for tools that
/// inspect cards:
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
    /// draws them 1.25 em wide. librsvg draws text as outlines, so emoji come
    /// out as silhouettes in the text colour — never as missing-glyph boxes.
    public static let fontFamily = "'Noto Sans CJK KR', 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif"

    /// The start of the text group, the same on every card.
    private static let textGroupStart = Array("<g class=\"text\" font-family=\"\(CardText.escapeXML(fontFamily))\">\n".utf8)

    public let theme: CardTheme
    /// The bonfire is the same on every card of a theme: drawn once.
    private let bonfire: [UInt8]
    /// So is the background, but for the prefix of its gradient ids: drawn once, in the pieces
    /// that go between copies of a card's prefix.
    private let backgroundPieces: [ArraySlice<UInt8>]

    /// The rest of a line's start after its font size, which only the kind of line decides:
    /// `" font-weight="…" fill="…" xml:lang="…" lang="…">`, for every kind (see `lineStyleIndex`).
    private let lineStyles: [[UInt8]]

    /// The site name of the cards this renderer is made for, laid out once; a card of another
    /// site has its name laid out anew.
    private let siteName: FooterSiteName?

    /// - Parameter siteName: the `CardContent.siteName` most cards will have, to lay it out once.
    public init(theme: CardTheme = .bonfire, siteName: String? = nil) {
        self.theme = theme
        self.siteName = siteName.map(FooterSiteName.init)
        var svg = SVGWriter()
        Bonfire.draw(into: &svg, theme: theme)
        bonfire = svg.output
        // NUL stands in for the prefix: no markup holds one.
        var background = SVGWriter()
        Self.drawBackground(into: &background, theme: theme, ids: ElementIDs(prefix: "\u{0}"))
        backgroundPieces = background.output.split(separator: 0, omittingEmptySubsequences: false)
        var lineStyles = [[UInt8]](repeating: [], count: TextRole.allCases.count * 2 * Language.allCases.count)
        for role in TextRole.allCases {
            for bold in [false, true] {
                for lang in Language.allCases {
                    let style = "\" font-weight=\"\(bold ? "700" : "400")\" fill=\"\(CardText.escapeXML(Self.color(for: role, theme: theme)))\""
                        + " xml:lang=\"\(lang.code)\" lang=\"\(lang.code)\">"
                    lineStyles[Self.lineStyleIndex(role: role, bold: bold, lang: lang)] = Array(style.utf8)
                }
            }
        }
        self.lineStyles = lineStyles
    }

    private static func lineStyleIndex(role: TextRole, bold: Bool, lang: Language) -> Int {
        (role.rawValue * 2 + (bold ? 1 : 0)) * Language.allCases.count + lang.rawValue
    }

    public func svg(for content: CardContent) -> String {
        String(decoding: svgUTF8(for: content), as: UTF8.self)
    }

    /// The card as the UTF-8 bytes of its file.
    public func svgUTF8(for content: CardContent) -> [UInt8] {
        let korean = CardText.sanitize(content.korean)
        let english = CardText.sanitize(content.english)
        let author = CardText.sanitize(content.author, keepNewlines: false)
        let siteName = footerSiteName(content.siteName)
        let dateLabel = content.dateLabel.map { CardText.sanitize($0, keepNewlines: false) }
        let layout = CardLayout(korean: korean, english: english, author: author,
                                siteName: siteName, dateLabel: dateLabel)
        let ids = ElementIDs(cardID: content.id)

        var svg = SVGWriter()
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\" viewBox=\"0 0 1200 630\" role=\"img\" aria-labelledby=\"")
        // The ids of the title and description are the prefix and a suffix, written in turn.
        svg.append(string: ids.prefix)
        svg.append("-title ")
        svg.append(string: ids.prefix)
        svg.append("-desc\">\n<title id=\"")
        svg.append(string: ids.prefix)
        svg.append("-title\">")
        Self.appendTitle(korean: korean, english: english, author: author, to: &svg)
        svg.append("</title>\n<desc id=\"")
        svg.append(string: ids.prefix)
        svg.append("-desc\">")
        Self.appendDescription(korean: korean, english: english, author: author, siteName: siteName.text, dateLabel: dateLabel, to: &svg)
        svg.append("</desc>\n")
        for (index, piece) in backgroundPieces.enumerated() {
            if index > 0 { svg.append(string: ids.prefix) }
            svg.append(piece)
        }
        svg.append("<g class=\"decor\" aria-hidden=\"true\">\n")
        drawAccentBar(into: &svg, layout: layout)
        svg.append(bonfire)
        svg.append("</g>\n")
        svg.append(Self.textGroupStart)
        for line in layout.lines {
            svg.append("<text x=\"")
            svg.append(number: line.x)
            svg.append("\" y=\"")
            svg.append(number: line.baseline)
            svg.append("\" font-size=\"")
            svg.append(number: line.fontSize)
            svg.append(lineStyles[Self.lineStyleIndex(role: line.role, bold: line.bold, lang: line.lang)])
            svg.append(escaping: line.text)
            svg.append("</text>\n")
        }
        svg.append("</g>\n</svg>\n")
        return svg.output
    }

    /// Lays out `content` without drawing it (for tests and tools).
    func layout(for content: CardContent) -> CardLayout {
        CardLayout(korean: CardText.sanitize(content.korean),
                   english: CardText.sanitize(content.english),
                   author: CardText.sanitize(content.author, keepNewlines: false),
                   siteName: footerSiteName(content.siteName),
                   dateLabel: content.dateLabel.map { CardText.sanitize($0, keepNewlines: false) })
    }

    private func footerSiteName(_ given: String) -> FooterSiteName {
        if let siteName, siteName.given == given { return siteName }
        return FooterSiteName(given)
    }

    private static func color(for role: TextRole, theme: CardTheme) -> String {
        switch role {
        case .quote: theme.primaryText
        case .translation: theme.secondaryText
        case .author, .siteName: theme.accent
        case .date: theme.mutedText
        }
    }

    private static func drawBackground(into svg: inout SVGWriter, theme: CardTheme, ids: ElementIDs) {
        svg.line("<defs>")
        svg.line("<linearGradient id=\"\(ids.background)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                 + "<stop offset=\"0\" stop-color=\"\(theme.backgroundTop)\"/>"
                 + "<stop offset=\"1\" stop-color=\"\(theme.backgroundBottom)\"/></linearGradient>")
        svg.line("<radialGradient id=\"\(ids.glow)\" cx=\"\(SVGWriter.number(Bonfire.origin.x))\""
                 + " cy=\"\(SVGWriter.number(Bonfire.origin.y))\" r=\"560\" gradientUnits=\"userSpaceOnUse\">"
                 + "<stop offset=\"0\" stop-color=\"\(theme.glow)\" stop-opacity=\"\(SVGWriter.number(theme.glowOpacity, decimals: 2))\"/>"
                 + "<stop offset=\"1\" stop-color=\"\(theme.glow)\" stop-opacity=\"0\"/></radialGradient>")
        svg.line("</defs>")
        svg.line("<g class=\"bg\">")
        svg.line("<rect width=\"1200\" height=\"630\" fill=\"url(#\(ids.background))\"/>")
        svg.line("<rect width=\"1200\" height=\"630\" fill=\"url(#\(ids.glow))\"/>")
        svg.line("</g>")
    }

    /// A thin vertical bar in the accent colour beside the quotation.
    private func drawAccentBar(into svg: inout SVGWriter, layout: CardLayout) {
        guard layout.quoteBottom > layout.quoteTop else { return }
        svg.append("<rect x=\"66\" y=\"")
        svg.append(number: layout.quoteTop + 4)
        svg.append("\" width=\"4\" height=\"")
        svg.append(number: layout.quoteBottom - layout.quoteTop - 8)
        svg.append("\" rx=\"2\" fill=\"")
        svg.append(string: theme.accent)
        svg.append("\"/>\n")
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
    static func appendDescription(korean: String, english: String, author: String,
                                  siteName: String, dateLabel: String?, to svg: inout SVGWriter) {
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
    mutating func add(utf8 part: UnsafeBufferPointer<UInt8>, prefix: StaticString = "", after separator: StaticString = "\n",
                      to svg: inout SVGWriter) -> Bool {
        guard !part.isEmpty || prefix.utf8CodeUnitCount > 0 else { return false }
        if !isEmpty { svg.append(separator) }
        isEmpty = false
        svg.append(prefix)
        svg.append(escaping: part)
        return true
    }

    @discardableResult
    mutating func add(_ part: String, prefix: StaticString = "", after separator: StaticString = "\n",
                      to svg: inout SVGWriter) -> Bool {
        var part = part
        return part.withUTF8 { add(utf8: $0, prefix: prefix, after: separator, to: &svg) }
    }

    /// The lines of `text` joined by spaces, blank lines dropped, as one part.
    mutating func add(lines text: String, to svg: inout SVGWriter) {
        var text = text
        text.withUTF8 { bytes in
            var separator: StaticString = "\n"
            var start = 0
            // A newline is a character of its own, so the text can be split at its byte, which
            // `memchr` finds many bytes at a time (most texts have none).
            while let base = bytes.baseAddress, start < bytes.count {
                let end = memchr(base + start, 0x0A, bytes.count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                if add(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), after: separator, to: &svg) { separator = " " }
                start = end + 1
            }
        }
    }
}

/// Element ids of one card, prefixed with its id so cards inlined together
/// in one HTML page do not clash.
struct ElementIDs {
    let prefix: String

    init(prefix: String) {
        self.prefix = prefix
    }

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

    var background: String { prefix + "-bg" }
    var glow: String { prefix + "-glow" }
}

/// Appends SVG markup as UTF-8.
struct SVGWriter {
    private(set) var output: [UInt8] = []

    init() { output.reserveCapacity(8192) }

    /// `markup` and a line feed.
    mutating func line(_ markup: String) {
        append(string: markup)
        output.append(0x0A)
    }

    /// `value` as `number(_:decimals:)` writes it.
    mutating func append(number value: Double, decimals: Int = 1) {
        Self.appendNumber(value, decimals: decimals, to: &output)
    }

    mutating func append(_ markup: some Sequence<UInt8>) {
        output += markup
    }

    /// Static markup, copied straight from the binary.
    mutating func append(_ markup: StaticString) {
        output += UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount)
    }

    /// Copies the string's UTF-8 at once (`+= markup.utf8` goes through the generic sequence path).
    mutating func append(string markup: String) {
        var markup = markup
        markup.withUTF8 { output.append(contentsOf: $0) }
    }

    /// `text` with the XML special characters escaped, for text content and attribute values.
    mutating func append(escaping text: String) {
        CardText.appendEscapedXML(text, to: &output)
    }

    /// UTF-8 bytes with the XML special characters escaped.
    mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>) {
        CardText.appendEscapedXML(utf8: utf8, to: &output)
    }

    /// `value` with exactly `decimals` decimals, independent of locale.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendNumber(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        if value < 0 && scaled != 0 { output.append(UInt8(ascii: "-")) }
        // Digits from the last, into a buffer copied once: one division per digit, none to count them.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24 + decimals) { buffer in
            var start = buffer.count
            var rest = scaled
            for written in 0... {
                if written == decimals && decimals > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                if rest == 0 && written >= decimals { break }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
