import ModakCardPNG
import ModakCards
import ModakCore
import ModakOutput
import ParallelWork
import StableHashing
import Synchronization

/// How a build shares sayings as images.
public enum CardImages: Sendable, Equatable {
    /// `"cards": false` in site.json.
    case none
    /// SVG cards only (PNGs cannot be drawn on this machine: `CardPNGPainter.canDraw`).
    case svg
    /// SVG cards, each with a PNG for social networks, which do not accept SVG.
    case svgAndPNG
}

/// `cards/<id>.svg` for every published saying and `cards/today.svg` for the saying of the day,
/// plus their PNGs as derived files when the build makes them.
struct CardsStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        guard let card = context.card else { return [] }
        let keepsLayout = context.cardImages == .svgAndPNG
        var files = ParallelMap.map(context.published) {
            card.deferredSVG(for: $0, at: SitePaths.card($0.id), keepingLayoutForPNG: keepsLayout)
        }
        if let today = context.sayingOfTheDay {
            files.append(card.deferredSVG(for: today, at: SitePaths.todayCard, keepingLayoutForPNG: keepsLayout))
        }
        return files
    }

    func derived(_ context: RenderContext) -> [DerivedFile] {
        guard context.cardImages == .svgAndPNG, let card = context.card else { return [] }
        var derived = context.published.map {
            card.derivedPNG(for: $0, at: SitePaths.cardPNG($0.id), of: SitePaths.card($0.id))
        }
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
    private let pngPainter: CardPNGPainter
    /// Cards laid out for their SVG, by its path, until their PNG takes them: a card is laid out
    /// once for both. One whose PNG is not drawn again stays until the build ends.
    private let laidOut = LaidOutCards()

    public init(content: ContentSet) {
        let site = content.site
        authorName = content.authorName
        // Site themes map to card themes of the same name; "system" and unknown ones get the default.
        renderer = CardRenderer(theme: CardTheme.named(site.theme) ?? .bonfire, siteName: site.title)
        pngPainter = CardPNGPainter(renderer: renderer)
        themeName = site.theme
        siteName = site.title
        dates = DateText(timeZone: site.timeZone, language: site.language)
    }

    public func svg(for saying: Saying) -> String {
        renderer.svg(for: content(of: saying))
    }

    /// The card of `saying` at `path`, rendered only if no card on disk was drawn from the same
    /// content, theme and executable; its layout kept for its PNG when the build draws one.
    func deferredSVG(
        for saying: Saying, at path: String,
        keepingLayoutForPNG keepsLayout: Bool
    ) -> DeferredFile {
        let content = content(of: saying)
        return DeferredFile(path: path) { [themeName] in
            var key = StableHash()
            key.add(ExecutableIdentity.fingerprint)
            key.add(Self.version(of: content, themeName: themeName))
            return key.value
        } render: { [renderer, laidOut] in
            let card = renderer.layOut(content)
            if keepsLayout { laidOut.keep(card, for: path) }
            return renderer.svgUTF8(of: card)
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

    static func version(of content: CardContent, themeName: String, drawingRevision: String = drawingRevision) -> UInt64
    {
        var hash = StableHash()
        hash.add(drawingRevision)
        // A date label is never empty, so "" stands for none.
        for text in [
            themeName, content.id, content.korean, content.english, content.author, content.siteName,
            content.dateLabel ?? ""
        ] {
            hash.add(text)
        }
        return hash.value
    }

    /// The PNG of the card of `saying` at `svgPath`, drawn from its layout in memory.
    func derivedPNG(for saying: Saying, at path: String, of svgPath: String) -> DerivedFile {
        let (renderer, content) = (renderer, content(of: saying))
        let png = CardPNG(version: version(of: saying)) { [laidOut, pngPainter] in
            try pngPainter.png(of: laidOut.take(svgPath) ?? renderer.layOut(content))
        }
        return DerivedFile(path: path, source: svgPath, derivation: png)
    }

    private func content(of saying: Saying) -> CardContent {
        CardContent(
            id: saying.id, korean: saying.kor, english: saying.eng, author: authorName(saying.who),
            siteName: siteName, dateLabel: dates.long(saying.time))
    }
}

/// A card's PNG, drawn by `draw`, and known to the writer by the card's version.
private struct CardPNG: Derivation {
    let version: String
    let draw: @Sendable () throws -> [UInt8]

    init(version: String, draw: @escaping @Sendable () throws -> [UInt8]) {
        (self.version, self.draw) = (version, draw)
    }

    func addRecipe(to hash: inout StableHash) { hash.add(version) }

    /// The card as laid out in memory; its SVG on disk (`source`) is not read.
    func make(from source: String) throws -> [UInt8] { try draw() }
}

/// Laid-out cards handed from a card's SVG to its PNG, by the SVG's path.
private final class LaidOutCards: Sendable {
    private let cards = Mutex<[String: LaidOutCard]>([:])

    func keep(_ card: LaidOutCard, for path: String) { cards.withLock { $0[path] = card } }

    func take(_ path: String) -> LaidOutCard? { cards.withLock { $0.removeValue(forKey: path) } }
}
