import ModakCards
import ModakCore

/// How a build shares sayings as images.
public enum CardImages: Sendable, Equatable {
    /// `"cards": false` in site.json.
    case none
    /// SVG cards only (no `rsvg-convert` on this machine).
    case svg
    /// SVG cards, each with a PNG for social networks, which do not accept SVG.
    case svgAndPNG
}

/// `cards/<id>.svg` for every published saying and `cards/today.svg` for the saying of the day,
/// plus their PNGs as derived files when the build makes them.
struct CardsStep: RenderStep {
    let name = "cards"

    func files(_ context: RenderContext) throws -> [OutputFile] {
        guard context.cardImages != .none else { return [] }
        let card = SayingCard(site: context.content.site)
        var files = ParallelMap.map(context.published) { saying in
            OutputFile(path: SitePaths.card(saying.id), text: card.svg(for: saying))
        }
        if let today = context.sayingOfTheDay, let index = context.published.firstIndex(where: { $0.id == today.id }) {
            files.append(OutputFile(path: SitePaths.todayCard, bytes: files[index].bytes))
        }
        return files
    }

    func derived(_ context: RenderContext) -> [DerivedFile] {
        guard context.cardImages == .svgAndPNG else { return [] }
        var derived = context.published.map { DerivedFile(path: SitePaths.cardPNG($0.id), source: SitePaths.card($0.id)) }
        if context.sayingOfTheDay != nil {
            derived.append(DerivedFile(path: SitePaths.todayCardPNG, source: SitePaths.todayCard))
        }
        return derived
    }
}

/// A saying's card as the build and `modak card` both make it.
public struct SayingCard: Sendable {
    private let renderer: CardRenderer
    private let siteName: String
    private let dates: DateText

    public init(site: SiteConfig) {
        // Site themes map to card themes of the same name; "system" and unknown ones get the default.
        renderer = CardRenderer(theme: CardTheme.named(site.theme) ?? .bonfire)
        siteName = site.title
        dates = DateText(timeZone: site.timeZone, language: site.language)
    }

    public func svg(for saying: Saying) -> String {
        renderer.svg(for: CardContent(id: saying.id, korean: saying.kor, english: saying.eng, author: saying.who,
                                      siteName: siteName, dateLabel: dates.long(saying.time)))
    }
}

/// Makes card PNGs with `rsvg-convert`.
public struct CardPNGDeriver: FileDeriver {
    let rasterizer: CardRasterizer

    /// The deriver for this machine, or nil when `rsvg-convert` is not installed.
    public static func locate() -> CardPNGDeriver? {
        CardRasterizer.locate().map(CardPNGDeriver.init)
    }

    public func derive(_ jobs: [(source: String, destination: String)]) throws {
        try rasterizer.rasterize(jobs.map { (svg: $0.source, png: $0.destination) })
    }
}
