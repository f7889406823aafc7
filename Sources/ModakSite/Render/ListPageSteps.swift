import ModakCore
import ModakOutput

/// The home page and the archive: every published saying in pages of `SayingList.pageSize` (the
/// home page shows the newest, the front of the list; `page/<n>/` the others), `archive/` by year
/// and month, and each month's pages. Every published saying is reachable from the home page by
/// links alone.
struct ArchivePagesStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        let all = SayingList(positions: Array(context.published.indices), base: SitePaths.home)
        var files = [home(all, context)]
        for number in 1..<all.pageCount {
            files.append(context.listPage(all, number, heading: context.string("allSayings"), section: "archive"))
        }
        files.append(archiveIndex(context))
        for month in context.taxonomy.months {
            let list = SayingList(positions: month.sayings, base: SitePaths.month(year: month.year, month: month.month))
            let heading = context.dates.month(year: month.year, month: month.month)
            files += (1...list.pageCount).map { context.listPage(list, $0, heading: heading, section: "archive") }
        }
        return files
    }

    private func home(_ all: SayingList, _ context: RenderContext) -> DeferredFile {
        let path = SitePaths.home
        let todayIndex = context.sayingOfTheDay.flatMap { today in context.published.firstIndex { $0.id == today.id } }
        var meta = context.meta(path: path, title: context.content.site.title, section: "home")
        // The day's saying's own card: `cards/today.*` shows another saying each day under one URL.
        if let today = context.sayingOfTheDay {
            meta = context.withCard(meta, of: today)
        }
        let front = all.pageCount
        return context.deferredPage("home", meta: meta) {
            HomeBody(
                today: todayIndex.map { context.sayingView(at: $0, from: path) },
                sayings: context.sayingViews(all.positions(onPage: front), from: path), count: all.positions.count,
                pager: all.pager(onPage: front, root: SitePaths.root(from: path), label: context.pageLabel),
                sayingData: context.sayingDataView(from: path))
        }
    }

    private func archiveIndex(_ context: RenderContext) -> DeferredFile {
        let path = SitePaths.archive
        let root = SitePaths.root(from: path)
        let meta = context.meta(path: path, title: context.string("archiveTitle"), section: "archive")
        return context.deferredPage("archive", meta: meta) {
            var years: [YearView] = []
            for month in context.taxonomy.months {
                let link = TermView(
                    name: context.dates.monthName(month.month),
                    url: RelativeURL(root, SitePaths.month(year: month.year, month: month.month)),
                    count: month.sayings.count)
                if years.last?.year == month.year {
                    years[years.count - 1] = YearView(year: month.year, months: years[years.count - 1].months + [link])
                } else {
                    years.append(YearView(year: month.year, months: [link]))
                }
            }
            return ArchiveIndexBody(years: years, count: context.published.count)
        }
    }
}

/// `tags/` and `authors/`, the pages of each tag and each author, and the feed of each.
struct TermPagesStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        TermKind.allCases.map { index($0, context) }
            + TermKind.allCases.flatMap { kind in
                kind.terms(of: context.taxonomy).flatMap { term in
                    let list = SayingList(positions: term.sayings, base: kind.path(term.slug))
                    let heading = kind.heading(of: term, context)
                    return (1...list.pageCount).map {
                        context.listPage(
                            list, $0, heading: heading, section: kind.rawValue, feed: SitePaths.feed(of: list.base))
                    }
                }
            }
    }

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let site = context.content.site.title
        var feed = ListFeed(context)
        return TermKind.allCases.flatMap { kind in
            kind.terms(of: context.taxonomy).map { term in
                let heading = kind.heading(of: term, context)
                return OutputFile(
                    path: SitePaths.feed(of: kind.path(term.slug)),
                    bytes: feed.rss(
                        title: "\(site) · \(heading)", description: heading, pagePath: kind.path(term.slug),
                        positions: term.sayings))
            }
        }
    }

    private func index(_ kind: TermKind, _ context: RenderContext) -> DeferredFile {
        let meta = context.meta(path: kind.indexPath, title: context.string(kind.indexTitleKey), section: kind.rawValue)
        let root = SitePaths.root(from: kind.indexPath)
        // By the names shown, in code-point order (an author's may not be the name as written).
        let terms = kind.terms(of: context.taxonomy)
            .map { term in
                TermView(
                    name: kind.name(of: term, context), url: RelativeURL(root, kind.path(term.slug)),
                    count: term.sayings.count)
            }
            .sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
        return context.deferredPage("terms", meta: meta) {
            TermIndexBody(heading: meta.title, intro: context.string(kind.introKey), terms: terms)
        }
    }
}

/// Tags or authors: where their pages are, and the UI strings that name them. The raw value is
/// the pages' section.
enum TermKind: String, CaseIterable, Sendable {
    case tags, authors

    func terms(of taxonomy: SayingTaxonomy) -> [SayingTaxonomy.Term] {
        self == .tags ? taxonomy.tags : taxonomy.authors
    }

    var indexPath: String { self == .tags ? SitePaths.tags : SitePaths.authors }

    func path(_ slug: String) -> String { self == .tags ? SitePaths.tag(slug) : SitePaths.author(slug) }

    var indexTitleKey: String { self == .tags ? "tagsTitle" : "authorsTitle" }

    var introKey: String { self == .tags ? "tagsIntro" : "authorsIntro" }

    /// `Tag: courage`, `Sayings of Laozi`.
    func heading(of term: SayingTaxonomy.Term, _ context: RenderContext) -> String {
        let (key, placeholder) = self == .tags ? ("tagTitle", "{tag}") : ("authorTitle", "{author}")
        return context.string(key).replacingOccurrences(of: placeholder, with: name(of: term, context))
    }

    /// How pages name `term`: a tag as written, an author as `ContentSet.authorName` does.
    func name(of term: SayingTaxonomy.Term, _ context: RenderContext) -> String {
        self == .tags ? term.name : context.content.authorName(term.name)
    }
}

extension RenderContext {
    /// Page `number` of `list`, rendered by `list`: its sayings, its pager and, for a tag or an
    /// author, a link to its feed (`feed`, from the site's root).
    func listPage(_ list: SayingList, _ number: Int, heading: String, section: String, feed: String? = nil)
        -> DeferredFile
    {
        let path = list.path(ofPage: number)
        let root = SitePaths.root(from: path)
        let title =
            list.pageCount > 1 ? "\(heading) · \(pageLabel.text(number: number, count: list.pageCount))" : heading
        return deferredPage("list", meta: meta(path: path, title: title, section: section)) { [self] in
            SayingListBody(
                heading: heading, count: number == list.pageCount ? list.positions.count : nil,
                sayings: sayingViews(list.positions(onPage: number), from: path),
                pager: list.pager(onPage: number, root: root, label: pageLabel),
                feedURL: feed.map { RelativeURL(root, $0) })
        }
    }

    var pageLabel: PageLabel { PageLabel(pattern: string("pageOfPages")) }

    /// What the scripts of the page at `pagePath` need to read the data files.
    func sayingDataView(from pagePath: String) -> SayingDataView {
        SayingDataView(facts: sayingData, root: SitePaths.root(from: pagePath))
    }
}
