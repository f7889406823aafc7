import Foundation
import ModakCore
import Mustache

public enum ModakVersion {
    public static let current = "0.1.0"
}

/// Everything the render steps share, computed once per build. A class: every deferred page's
/// closures capture it, and a struct of this many fields was copied (a retain for each) into
/// each of them, 10,000 pages and more per build.
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
    /// Dates and "new" marks, aligned with `published`: worked out once, shown on several pages.
    let publishedLabels: [SayingLabels]
    /// Page keys' part for each published saying (see `addSayingView`), aligned with `published`.
    let sayingKeys: [UInt64]
    public let sayingOfTheDay: Saying?
    public let markdown: MarkdownRenderer
    public let dates: DateText
    public let site: SiteView
    /// The UI strings' language the site's `language` matched (`ko` for `ko-KR`), or nil when
    /// none did and the interface is English.
    public let matchedLanguage: String?
    public let strings: [String: String]
    /// Whether the build draws PNGs from SVGs (cards' and the app icons'): `rsvg-convert` is installed.
    public let makesPNG: Bool
    public let cardImages: CardImages
    /// Where every deferred page's key starts: what renders it (this executable, the templates)
    /// and the parts of the view that all pages share.
    let pageKeySeed: UInt64
    /// What deferred pages render with, a copy for each core: they render on the writer's threads.
    private let pageRendering: PerCoreCopies<PageRendering>

    public init(content: ContentSet, today: BuildDay, templates: TemplateSet, makesPNG: Bool = false, includeDrafts: Bool = false) {
        self.content = content
        self.today = today
        self.templates = templates
        self.makesPNG = makesPNG
        let cardImages: CardImages = !content.site.cards ? .none : makesPNG ? .svgAndPNG : .svg
        self.cardImages = cardImages
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
        let labels = ParallelMap.map(published) { [rules] saying in
            SayingLabels(date: dates.long(saying.time), datetime: dates.rfc3339(saying.time), isNew: rules.isNew(saying))
        }
        publishedLabels = labels
        sayingKeys = ParallelMap.map(Array(published.indices)) { index in
            Self.sayingKey(published[index], labels: labels[index], markdown: markdown, cardImages: cardImages)
        }
        site = SiteView(
            title: content.site.title, description: content.site.description, baseURL: content.site.baseURL,
            language: content.site.language, interfaceLanguage: interfaceLanguage, theme: content.site.theme,
            authorName: content.site.author?.name, authorEmail: content.site.author?.email,
            version: ModakVersion.current, buildDate: dates.long(today.start), buildDatetime: today.day.description,
            themeColors: ThemeBackground.colors(of: content.site.theme),
            touchIconPath: AppIcons.drawn(makesPNG: makesPNG, templates: templates) ? AppIcons.touchIcon : nil,
            links: SiteLinks(menu: content.site.menu, pages: pages)
        )
        strings = templates.strings(for: interfaceLanguage)
        var seed = StableHash()
        seed.add(ExecutableIdentity.fingerprint)
        seed.add(MarkdownRenderer.engineVersion)
        seed.add(templates.fingerprint)
        seed.add(site)
        seed.add(strings)
        pageKeySeed = seed.value
        pageRendering = PerCoreCopies(PageRendering(library: templates.library, site: site, strings: strings)) { $0.independentCopy() }
    }

    public func absoluteURL(_ path: String) -> String { content.site.baseURL + path }

    /// The view of `published[index]` as seen from a page at `pagePath`.
    func sayingView(at index: Int, from pagePath: String, withBody: Bool = false) -> SayingView {
        // Fields read in place: a copy of the whole saying retained and released every string in it.
        let id = published[index].id
        let labels = publishedLabels[index]
        let root = SitePaths.root(from: pagePath)
        return SayingView(
            id: id, kor: published[index].kor, eng: published[index].eng, who: published[index].who,
            date: labels.date, datetime: labels.datetime,
            isNew: labels.isNew, url: root + SitePaths.saying(id),
            cardURL: cardImages == .none ? nil : root + SitePaths.card(id),
            cardPNGURL: cardImages == .svgAndPNG ? root + SitePaths.cardPNG(id) : nil,
            bodyHTML: withBody ? markdown.html(published[index].body, at: pagePath) : "", tags: published[index].tags,
            isDraft: published[index].isDraft
        )
    }

    /// Adds to a page's key all that `sayingView(at: index, from: pagePath, withBody:)` shows,
    /// without making the view. A saying shows on up to five pages (its own, its two neighbours',
    /// the home and unused lists), and its views there differ only in the root their links start
    /// from and in whether the body shows: the rest is hashed once per build, in `sayingKeys`.
    func addSayingView(at index: Int, from pagePath: String, withBody: Bool = false, to key: inout StableHash) {
        key.add(sayingKeys[index])
        key.add(SitePaths.root(from: pagePath))
        key.add(withBody ? 1 : 0)
    }

    /// `addSayingView` for a saying a page may lack (today's, a neighbour), after whether it has it.
    func addSayingView(ifAny index: Int?, from pagePath: String, to key: inout StableHash) {
        key.add(index == nil ? 0 : 1)
        if let index { addSayingView(at: index, from: pagePath, to: &key) }
    }

    /// `addSayingView` for every published saying, after their count: a page listing them all.
    func addAllSayingViews(from pagePath: String, to key: inout StableHash) {
        key.add(UInt64(published.count))
        for index in published.indices { addSayingView(at: index, from: pagePath, to: &key) }
    }

    /// Everything `sayingView` takes from the saying and the build but the page's root and
    /// whether the body shows. Keep it in step with `sayingView`: a value it shows and this leaves
    /// out would leave its pages stale (debug builds catch it when a test changes that value).
    /// The body goes in as Markdown: its HTML follows from it, the site's raw-HTML choice and
    /// libcmark's version (in `pageKeySeed`), and is only made for the pages rendered.
    private static func sayingKey(_ saying: Saying, labels: SayingLabels, markdown: MarkdownRenderer, cardImages: CardImages) -> UInt64 {
        var key = StableHash()
        for text in [saying.id, saying.kor, saying.eng, saying.who, labels.date, labels.datetime, saying.body] { key.add(text) }
        key.add(markdown.allowRawHTML ? 1 : 0)
        key.add(labels.isNew ? 1 : 0)
        key.add(saying.isDraft ? 1 : 0)
        key.add(UInt64(saying.tags.count))
        for tag in saying.tags { key.add(tag) }
        let cardLinks: UInt64 = switch cardImages { case .none: 0; case .svg: 1; case .svgAndPNG: 2 }
        key.add(cardLinks)
        return key.value
    }

    /// Renders `template` as a full page at `meta.path`.
    func page(_ template: String, meta: PageMeta, body: some MustacheFields) throws -> OutputFile {
        let view = PageView(site: MustacheObject(site), links: site.links, meta: meta, strings: strings, body: body)
        return OutputFile(path: SitePaths.file(for: meta.path), bytes: try templates.library.renderUTF8(template, MustacheObject(view)))
    }

    /// Plans `template` as a page at `meta.path` that the writer renders only if no page on disk
    /// was rendered from the same key: the page's view (site, meta, strings and body, all a
    /// template can see) and what renders it. `bodyKey` must add all that `body` shows, which it
    /// can do without making the body (see `addSayingView`); `body` is called only to render, so
    /// that a plan of many pages does not hold all their views.
    func deferredPage<Body: MustacheFields & Sendable>(_ template: String, meta: PageMeta, bodyKey: @escaping @Sendable (inout StableHash) -> Void,
                                                       body: @escaping @Sendable () -> Body) -> DeferredFile {
        let (seed, rendering) = (pageKeySeed, pageRendering)
        return DeferredFile(path: SitePaths.file(for: meta.path)) {
            var key = StableHash()
            key.add(seed)
            key.add(template)
            key.add(meta)
            bodyKey(&key)
            return key.value
        } render: {
            try rendering.withCopy { shared in
                // Boxed here, where its type is known: handed over as `Any`, the renderer would find
                // its conformance with the runtime's protocol cast (3,000 instructions a page).
                let view = MustacheObject(PageView(site: shared.siteObject, links: shared.site.links, meta: meta, strings: shared.strings, body: body()))
                return try shared.library.renderUTF8(template, view)
            }
        }
    }

    /// Sets a page's sharing image to a card: the PNG when the build makes one, else the SVG.
    func withCard(_ meta: PageMeta, svg: String, png: String) -> PageMeta {
        var meta = meta
        switch cardImages {
        case .none: break
        case .svg: (meta.image, meta.imageType) = (absoluteURL(svg), "image/svg+xml")
        case .svgAndPNG: (meta.image, meta.imageType) = (absoluteURL(png), "image/png")
        }
        return meta
    }

    func meta(path: String, title: String, description: String? = nil, section: String) -> PageMeta {
        PageMeta(title: title, description: description ?? content.site.description, path: path, canonical: absoluteURL(path), section: section, root: SitePaths.root(from: path))
    }
}

/// A problem in the content that only rendering finds (two sources claiming one page),
/// reported like any other content error.
public struct ContentProblem: Error, Sendable {
    public var diagnostic: Diagnostic

    public init(_ location: SourceLocation, _ message: String) {
        diagnostic = .error(location, message)
    }
}

/// How a published saying's date and "new" mark read on every page that shows it.
struct SayingLabels: Sendable {
    let date: String
    let datetime: String
    let isNew: Bool
}

/// One named stage of rendering: reads the shared context, returns files.
public protocol RenderStep: Sendable {
    var name: String { get }
    func files(_ context: RenderContext) throws -> [OutputFile]
    /// Files rendered only if they changed since the last build (pages, one per saying).
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile]
    /// Files an outside tool makes from this step's files (card PNGs).
    func derived(_ context: RenderContext) -> [DerivedFile]
}

extension RenderStep {
    public func files(_ context: RenderContext) throws -> [OutputFile] { [] }
    public func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] { [] }
    public func derived(_ context: RenderContext) -> [DerivedFile] { [] }
}

/// A stage of rendering that needs the files the steps planned (the service worker lists and
/// hashes some of them). It may add files and turn deferred ones into files.
public protocol FinishingStep: Sendable {
    var name: String { get }
    func finish(_ plan: inout OutputPlan, _ context: RenderContext) throws
}

/// Runs the steps, side by side, and gathers their files into one plan in step order; then the
/// finishing steps, one after the other.
public struct SiteRenderer: Sendable {
    public var steps: [any RenderStep]
    public var finishingSteps: [any FinishingStep]

    public init(steps: [any RenderStep] = SiteRenderer.defaultSteps, finishingSteps: [any FinishingStep] = SiteRenderer.defaultFinishingSteps) {
        self.steps = steps
        self.finishingSteps = finishingSteps
    }

    /// The writer renders deferred pages in this order across its threads, so the steps with the
    /// few largest pages (the lists of every saying) come first and no thread ends on one alone.
    public static let defaultSteps: [any RenderStep] = [ReaderListPagesStep(), SayingPagesStep(), SearchIndexStep(), SettingsStep(), NoticesStep(), FreePagesStep(), GiftPagesStep(), NotFoundStep(), OfflinePageStep(), AssetsStep(), AppManifestStep(), FeedsStep(), SitemapStep(), SouvenirsStep(), CardsStep()]
    public static let defaultFinishingSteps: [any FinishingStep] = [ServiceWorkerStep()]

    public func render(_ context: RenderContext) throws -> OutputPlan {
        let outcomes = ParallelMap.map(steps) { step in
            Result { OutputPlan(files: try step.files(context), deferred: try step.deferredFiles(context), derived: step.derived(context)) }
        }
        var plan = OutputPlan()
        for outcome in outcomes {
            let part = try outcome.get()
            plan.add(contentsOf: part.files)
            plan.deferred += part.deferred
            plan.derived += part.derived
        }
        for step in finishingSteps { try step.finish(&plan, context) }
        return plan
    }
}

/// The parts of a deferred page's view that every page shares, and the templates.
private struct PageRendering: Sendable {
    let library: MustacheLibrary
    let site: SiteView
    let strings: [String: String]
    /// `site` boxed for templates once, not for every page.
    let siteObject: MustacheObject

    init(library: MustacheLibrary, site: SiteView, strings: [String: String]) {
        self.library = library
        self.site = site
        self.strings = strings
        siteObject = MustacheObject(site)
    }

    /// Equal values that share no storage with these (see `PerCoreCopies`).
    func independentCopy() -> PageRendering {
        var site = site
        for field in [\SiteView.title, \.description, \.baseURL, \.language, \.interfaceLanguage, \.theme, \.version, \.buildDate, \.buildDatetime] {
            site[keyPath: field] = site[keyPath: field].unshared
        }
        site.authorName = site.authorName?.unshared
        site.authorEmail = site.authorEmail?.unshared
        for list in [\SiteLinks.menu, \.footer] {
            site.links[keyPath: list] = site.links[keyPath: list].map { SiteLink(title: $0.title.unshared, url: $0.url.unshared, isExternal: $0.isExternal) }
        }
        return PageRendering(library: library.independentCopy(), site: site,
                             strings: Dictionary(uniqueKeysWithValues: strings.map { ($0.key.unshared, $0.value.unshared) }))
    }
}

private extension String {
    /// The same text in a buffer of its own.
    var unshared: String { String(decoding: Array(utf8), as: UTF8.self) }
}
