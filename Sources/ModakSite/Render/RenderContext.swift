import Foundation
import ModakCore
import ModakInput
import ModakOutput
import Mustache
import ParallelWork
import StableHashing

/// Everything the render steps share, computed once per build. A class: every deferred page's
/// closures capture it, and a struct of this many fields would be copied (a retain for each)
/// into each of them.
public final class RenderContext: Sendable {
    public let content: ContentSet
    public let today: BuildDay
    public let templates: TemplateSet
    public let rules: TimeRules
    /// Published sayings, newest first (drafts among them only when the build includes drafts).
    public let published: [Saying]
    /// Published notices and the free pages to build, in file order.
    public let notices: [Notice]
    public let pages: [Page]
    /// What every view of each published saying shows, aligned with `published`: its dates and
    /// "new" mark worked out, and its part of page keys hashed, once per build.
    let sayings: [Shared<SayingFacts>]
    /// The calendar day of each published saying in the site's time zone, aligned with `published`.
    let days: [CivilDay]
    /// The published sayings by tag, author and month.
    let taxonomy: SayingTaxonomy
    /// The empty saying that scripts clone to show sayings from the data files.
    let clientTemplate: Shared<SayingFacts>
    /// What the pages whose scripts read the data files tell them (`SayingDataStep`).
    let sayingData: Shared<SayingDataFacts>
    public let sayingOfTheDay: Saying?
    public let markdown: MarkdownRenderer
    public let dates: DateText
    /// The UI strings' language the site's `language` matched (`ko` for `ko-KR`), or nil when
    /// none did and the interface is English.
    public let matchedLanguage: String?
    public let strings: [String: String]
    /// Whether the build draws PNGs from SVGs (cards' and the app icons'): `CardPNGPainter.canDraw`.
    public let makesPNG: Bool
    public let cardImages: CardImages
    /// The site's saying cards, when it has any.
    let card: SayingCard?
    /// `SiteView.assetVersion`, which the service worker's shell addresses carry too.
    let assetVersion: String
    /// Where every page's key starts: what renders it (this executable, libcmark, the templates).
    let pageKeySeed: UInt64
    /// What every page renders with.
    private let pageParts: PageParts

    public init(
        content: ContentSet, today: BuildDay, templates: TemplateSet, makesPNG: Bool = false,
        includeDrafts: Bool = false
    ) {
        (self.content, self.today, self.templates, self.makesPNG) = (content, today, templates, makesPNG)
        let cardImages: CardImages = !content.site.cards ? .none : makesPNG ? .svgAndPNG : .svg
        self.cardImages = cardImages
        card = cardImages == .none ? nil : SayingCard(content: content)
        let rules = TimeRules(today: today, newDays: content.site.newDays, includeDrafts: includeDrafts)
        self.rules = rules
        let published = rules.published(content.sayings)
        self.published = published
        notices = rules.published(notices: content.notices)
        let pages = rules.published(pages: content.pages)
        self.pages = pages
        let markdown = MarkdownRenderer(allowRawHTML: content.site.unsafeHTML)
        self.markdown = markdown
        sayingOfTheDay = rules.sayingOfTheDay(published)
        let matchedLanguage = templates.interfaceLanguage(for: content.site.language)
        self.matchedLanguage = matchedLanguage
        let interfaceLanguage = matchedLanguage ?? "en"
        let dates = DateText(timeZone: content.site.timeZone, language: interfaceLanguage)
        self.dates = dates
        let days = published.map { dates.day($0.time) }
        self.days = days
        let taxonomy = SayingTaxonomy(published: published, days: days)
        self.taxonomy = taxonomy
        sayings = ParallelMap.map(Array(published.indices)) { [rules] index in
            let saying = published[index]
            return Shared(
                SayingFacts(
                    saying, who: content.authorName(saying.who), date: dates.long(saying.time),
                    datetime: dates.rfc3339(saying.time), isNew: rules.isNew(saying), cardImages: cardImages,
                    authorSlug: taxonomy.authors[taxonomy.authorOf[index]].slug,
                    tagSlugs: taxonomy.tagsOf[index].map { taxonomy.tags[$0].slug }))
        }
        sayingData = Shared(SayingDataFacts(sayings: sayings, published: published))
        clientTemplate = Shared(SayingFacts(clientTemplateOn: today.day.description))
        let site = SiteView(
            title: content.site.title, description: content.site.description, baseURL: content.site.baseURL,
            language: content.site.language, interfaceLanguage: interfaceLanguage, theme: content.site.theme,
            authorName: content.site.author?.name, authorEmail: content.site.author?.email,
            version: ModakVersion.current, buildDate: dates.long(today.start), buildDatetime: today.day.description,
            themeColors: ThemeBackground.colors(of: content.site.theme),
            touchIconPath: AppIcons.drawn(makesPNG: makesPNG, templates: templates) ? AppIcons.touchIcon : nil,
            assetVersion: Self.assetVersion(templates.assets + content.assets)
        )
        assetVersion = site.assetVersion
        let links = SiteLinks(menu: content.site.menu, pages: pages)
        let strings = templates.strings(for: interfaceLanguage)
        self.strings = strings
        var seed = StableHash()
        seed.add(ExecutableIdentity.fingerprint)
        seed.add(MarkdownRenderer.engineVersion)
        seed.add(templates.fingerprint)
        pageKeySeed = seed.value
        pageParts = PageParts(library: templates.library, site: site, links: links, strings: strings)
    }

    public func absoluteURL(_ path: String) -> String { content.site.baseURL + path }

    /// 16 hexadecimal digits of the paths and bytes of `assets`' stylesheets and scripts, in path
    /// order (a later file of the same path overrides: the content's over the templates').
    static func assetVersion(_ assets: [Asset]) -> String {
        var latest: [String: [UInt8]] = [:]
        for file in assets where ServiceWorkerStep.isVersionedAsset(file.outputPath) {
            latest[file.outputPath] = file.bytes
        }
        var hash = StableHash()
        for path in latest.keys.sorted() {
            hash.add(path)
            hash.add(StableHash.of(latest[path]!))
        }
        return HexText.word(hash.value)
    }

    /// The view of `published[index]` on the page at `pagePath`, with its commentary or without.
    func sayingView(at index: Int, from pagePath: String, withBody: Bool = false) -> SayingView {
        SayingView(
            facts: sayings[index], root: SitePaths.root(from: pagePath),
            body: withBody ? MarkdownHTML(published[index].body, at: pagePath, renderer: markdown) : nil)
    }

    /// The views of the published sayings at `positions` on the page at `pagePath` (a list of them).
    func sayingViews(_ positions: some Collection<Int>, from pagePath: String) -> [SayingView] {
        let root = SitePaths.root(from: pagePath)
        return positions.map { SayingView(facts: sayings[$0], root: root, body: nil) }
    }

    /// Renders `template` as a full page at `meta.path`.
    func page(_ template: String, meta: PageMeta, body: some ViewFields) throws -> OutputFile {
        let view = MustacheObject(PageView(pageParts, meta: Boxed(meta), body: body))
        let bytes = try pageParts.library.renderUTF8(template, view)
        return OutputFile(path: SitePaths.file(for: meta.path), bytes: PagePolicy.sealed(bytes))
    }

    /// Plans `template` as a page at `meta.path` that the writer renders only if no page on disk
    /// was rendered from the same key: the key of the page's whole view (`PageView`: the site,
    /// `meta`, the UI strings and the body `body` makes) and of what renders it. `body` is called
    /// for the key and again to render, so that a plan of many pages does not hold all their views:
    /// make it cheap to call (see `SayingView`, whose facts are made and keyed once per build, and
    /// whose commentary is rendered only when shown). Keys hash a view's values, not the names of
    /// its fields (see `ViewFields`): render each template with one type of body.
    func deferredPage<Body: ViewFields>(_ template: String, meta: PageMeta, body: @escaping @Sendable () -> Body)
        -> DeferredFile
    {
        // Boxed once, for the key and for the render.
        let (seed, parts, meta) = (pageKeySeed, pageParts, Boxed(meta))
        return DeferredFile(path: SitePaths.file(for: meta.view.path)) {
            var key = StableHash()
            key.add(seed)
            key.add(template)
            PageView(parts, meta: meta, body: body()).addKey(to: &key)
            return key.value
        } render: {
            // Boxed here, where its type is known: handed over as `Any`, the renderer would find
            // its conformance with the runtime's protocol cast, on every page.
            let view = MustacheObject(PageView(parts, meta: meta, body: body()))
            return PagePolicy.sealed(try parts.library.renderUTF8(template, view))
        }
    }

    /// `meta` sharing the card of `saying` (the PNG when the build makes one, else the SVG), under a
    /// URL that changes with the card's text and theme, and described by what it shows.
    func withCard(_ meta: PageMeta, of saying: Saying) -> PageMeta {
        guard let card else { return meta }
        var meta = meta
        switch cardImages {
        case .none: return meta
        case .svg:
            (meta.image, meta.imageType) = (absoluteURL(versionedCard(card, saying, png: false)), "image/svg+xml")
        case .svgAndPNG:
            (meta.image, meta.imageType) = (absoluteURL(versionedCard(card, saying, png: true)), "image/png")
        }
        // The name the card and the byline show (authors.json in the site's language), not `who` as written.
        let who = content.authorName(saying.who)
        meta.imageAlt = PreviewText.cardDescription(kor: saying.kor, eng: saying.eng, who: who)
        return meta
    }

    /// The path of `saying`'s PNG card from the site's root, with its `?v=`; nil when the build
    /// draws no PNG.
    func versionedCardPNG(of saying: Saying) -> String? {
        guard let card, cardImages == .svgAndPNG else { return nil }
        return versionedCard(card, saying, png: true)
    }

    /// The path of `saying`'s card from the site's root, with the `?v=` of its text and theme.
    private func versionedCard(_ card: SayingCard, _ saying: Saying, png: Bool) -> String {
        (png ? SitePaths.cardPNG(saying.id) : SitePaths.card(saying.id)) + "?v=" + card.version(of: saying)
    }

    func meta(path: String, title: String, description: String? = nil, section: String) -> PageMeta {
        PageMeta(
            title: title, description: description ?? content.site.description, path: path,
            canonical: absoluteURL(path), section: section, root: SitePaths.root(from: path))
    }
}
