import ModakCards
import ModakCore
import ModakOutput
import ParallelWork
import SVGRaster
import StableHashing

/// How a build shares sayings as images.
public enum CardImages: Sendable, Equatable {
    /// `"cards": false` in site.json.
    case none
    /// SVG cards only (PNGs cannot be drawn on this machine: `PNGDeriver.start`).
    case svg
    /// SVG cards, each with a PNG for social networks, which do not accept SVG.
    case svgAndPNG
}

/// `cards/<id>.svg` for every published saying and `cards/today.svg` for the saying of the day,
/// plus their PNGs as derived files when the build makes them.
struct CardsStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        guard let card = context.card else { return [] }
        var files = ParallelMap.map(context.published) { card.deferredSVG(for: $0, at: SitePaths.card($0.id)) }
        if let today = context.sayingOfTheDay {
            files.append(card.deferredSVG(for: today, at: SitePaths.todayCard))
        }
        return files
    }

    func derived(_ context: RenderContext) -> [DerivedFile] {
        guard context.cardImages == .svgAndPNG, let card = context.card else { return [] }
        var derived = context.published.map { card.derivedPNG(for: $0, at: SitePaths.cardPNG($0.id), of: SitePaths.card($0.id)) }
        if let today = context.sayingOfTheDay {
            derived.append(card.derivedPNG(for: today, at: SitePaths.todayCardPNG, of: SitePaths.todayCard))
        }
        return derived
    }
}

/// A saying's card as the build and `modak card` both make it.
public struct SayingCard: Sendable {
    private let renderer: CardRenderer
    private let themeName: String
    private let siteName: String
    private let dates: DateText
    private let authorName: @Sendable (String) -> String

    public init(content: ContentSet) {
        let site = content.site
        authorName = content.authorName
        // Site themes map to card themes of the same name; "system" and unknown ones get the default.
        renderer = CardRenderer(theme: CardTheme.named(site.theme) ?? .bonfire, siteName: site.title)
        themeName = site.theme
        siteName = site.title
        dates = DateText(timeZone: site.timeZone, language: site.language)
    }

    public func svg(for saying: Saying) -> String {
        renderer.svg(for: content(of: saying))
    }

    /// The card of `saying` at `path`, rendered only if no card on disk was drawn from the same
    /// content, theme and executable.
    func deferredSVG(for saying: Saying, at path: String) -> DeferredFile {
        let content = content(of: saying)
        return DeferredFile(path: path) { [themeName] in
            var key = StableHash()
            key.add(ExecutableIdentity.fingerprint)
            key.add(Self.version(of: content, themeName: themeName))
            return key.value
        } render: { [renderer] in
            renderer.svgUTF8(for: content)
        }
    }

    /// How Modak draws cards, mixed into their versions: change it with any change that moves a
    /// card's pixels for the same text and theme (the layout, the SVG, the PNG's painter), so
    /// that networks fetch the cards a new Modak draws differently.
    static let drawingRevision = "2: text painted by TextPainter, colour emoji"

    /// What the card of `saying` is drawn from, its text and the theme and how Modak draws them
    /// (`drawingRevision`), as 16 hexadecimal digits: pages name its images with it (`?v=`), so
    /// that networks, which keep a preview by its URL, fetch a card whose pixels changed as a new
    /// image.
    func version(of saying: Saying) -> String {
        let version = Self.version(of: content(of: saying), themeName: themeName)
        let digits = String(version, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func version(of content: CardContent, themeName: String, drawingRevision: String = drawingRevision) -> UInt64 {
        var hash = StableHash()
        hash.add(drawingRevision)
        // A date label is never empty, so "" stands for none.
        for text in [themeName, content.id, content.korean, content.english, content.author, content.siteName, content.dateLabel ?? ""] {
            hash.add(text)
        }
        return hash.value
    }

    /// The PNG of the card of `saying` at `svgPath`, drawn on the theme's backdrop.
    func derivedPNG(for saying: Saying, at path: String, of svgPath: String) -> DerivedFile {
        let layers = renderer.pngLayers(cardID: saying.id)
        let (renderer, content) = (renderer, content(of: saying))
        let painting = ForegroundPainting(key: version(of: saying)) { Self.painting(of: content, by: renderer) }
        return DerivedFile(path: path, source: svgPath, drawing: PNGDrawing(
            width: CardRenderer.width, height: CardRenderer.height,
            layers: PNGLayers(backdropKey: layers.backdropKey, backdrop: layers.backdrop, foreground: layers.foreground, painting: painting)))
    }

    /// The card's accent bar and text as its SVG has them, for the PNG's painter.
    public static func painting(of content: CardContent, by renderer: CardRenderer) -> Painting {
        let foreground = renderer.foreground(
            of: content,
            bar: { x, y, width, height, radius, fill in RoundedBar(x: x, y: y, width: width, height: height, radius: radius, colour: Self.colour(fill)) },
            line: { text, x, baseline, fontSize, bold, fill, language in
                TextLine(text: text, x: x, baseline: baseline, fontSize: fontSize, bold: bold, colour: Self.colour(fill), language: language)
            })
        return Painting(bars: foreground.bar.map { [$0] } ?? [], lines: foreground.lines)
    }

    /// A theme's colour; every theme's are `#RRGGBB` (a test checks them).
    private static func colour(_ hex: String) -> RGBColour {
        guard let colour = RGBColour(hex: hex) else { preconditionFailure("a card theme colour that is not #RRGGBB: \(hex)") }
        return colour
    }

    private func content(of saying: Saying) -> CardContent {
        CardContent(id: saying.id, korean: saying.kor, english: saying.eng, author: authorName(saying.who),
                    siteName: siteName, dateLabel: dates.long(saying.time))
    }
}
