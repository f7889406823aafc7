import ModakCore

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
            HomeBody(today: todayIndex.map { context.sayingView(at: $0, from: path) },
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
                let link = TermView(name: context.dates.monthName(month.month), url: RelativeURL(root, SitePaths.month(year: month.year, month: month.month)),
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
        let taxonomy = context.taxonomy
        var files = [
            index(taxonomy.tags, path: SitePaths.tags, pathOf: SitePaths.tag, kind: "tags", context),
            index(taxonomy.authors, path: SitePaths.authors, pathOf: SitePaths.author, kind: "authors", context),
        ]
        for (terms, pathOf, kind) in [(taxonomy.tags, SitePaths.tag, "tags"), (taxonomy.authors, SitePaths.author, "authors")] {
            for term in terms {
                let list = SayingList(positions: term.sayings, base: pathOf(term.slug))
                let heading = Self.heading(of: term, kind: kind, context)
                files += (1...list.pageCount).map { context.listPage(list, $0, heading: heading, section: kind, feed: SitePaths.feed(of: list.base)) }
            }
        }
        return files
    }

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let taxonomy = context.taxonomy
        let site = context.content.site.title
        var feed = ListFeed(context)
        return [(taxonomy.tags, SitePaths.tag, "tags"), (taxonomy.authors, SitePaths.author, "authors")].flatMap { terms, pathOf, kind in
            terms.map { term in
                let heading = Self.heading(of: term, kind: kind, context)
                return OutputFile(path: SitePaths.feed(of: pathOf(term.slug)), bytes: feed.rss(
                    title: "\(site) · \(heading)", description: heading, pagePath: pathOf(term.slug), positions: term.sayings))
            }
        }
    }

    /// `Tag: courage`, `Sayings of Laozi`.
    static func heading(of term: SayingTaxonomy.Term, kind: String, _ context: RenderContext) -> String {
        context.string(kind == "tags" ? "tagTitle" : "authorTitle").replacingOccurrences(of: kind == "tags" ? "{tag}" : "{author}", with: term.name)
    }

    private func index(_ terms: [SayingTaxonomy.Term], path: String, pathOf: @escaping @Sendable (String) -> String, kind: String, _ context: RenderContext) -> DeferredFile {
        let meta = context.meta(path: path, title: context.string(kind == "tags" ? "tagsTitle" : "authorsTitle"), section: kind)
        let root = SitePaths.root(from: path)
        return context.deferredPage("terms", meta: meta) {
            TermIndexBody(heading: meta.title, intro: context.string(kind == "tags" ? "tagsIntro" : "authorsIntro"),
                          terms: terms.map { TermView(name: $0.name, url: RelativeURL(root, pathOf($0.slug)), count: $0.sayings.count) })
        }
    }
}

extension RenderContext {
    /// Page `number` of `list`, rendered by `list`: its sayings, its pager and, for a tag or an
    /// author, a link to its feed (`feed`, from the site's root).
    func listPage(_ list: SayingList, _ number: Int, heading: String, section: String, feed: String? = nil) -> DeferredFile {
        let path = list.path(ofPage: number)
        let root = SitePaths.root(from: path)
        let title = list.pageCount > 1 ? "\(heading) · \(pageLabel.text(number: number, count: list.pageCount))" : heading
        return deferredPage("list", meta: meta(path: path, title: title, section: section)) { [self] in
            SayingListBody(heading: heading, count: number == list.pageCount ? list.positions.count : nil, sayings: sayingViews(list.positions(onPage: number), from: path),
                           pager: list.pager(onPage: number, root: root, label: pageLabel), feedURL: feed.map { RelativeURL(root, $0) })
        }
    }

    var pageLabel: PageLabel { PageLabel(pattern: string("pageOfPages")) }

    /// What the scripts of the page at `pagePath` need to read the data files.
    func sayingDataView(from pagePath: String) -> SayingDataView {
        SayingDataView(facts: sayingData, root: SitePaths.root(from: pagePath))
    }
}
