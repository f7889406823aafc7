/// A list of sayings (all of them, a tag's, an author's, a month's) as pages of `pageSize`,
/// numbered from the oldest: page 1 holds the oldest sayings, and the last page, the list's front,
/// the newest `pageSize` to `2 × pageSize − 1`. A saying added at the top joins the front; the
/// numbered pages keep their sayings, and only every `pageSize` additions does the front give its
/// oldest sayings to a new numbered page (when every page's "of M" changes too).
struct SayingList: Sendable {
    static let pageSize = 20

    /// Positions in `RenderContext.published`, newest first.
    let positions: [Int]
    /// The front's URL path (`""` for the home page, `tags/courage/`); numbered pages are below it.
    let base: String

    var pageCount: Int { max(1, positions.count / Self.pageSize) }

    /// The positions on page `number` (1 … `pageCount`), newest first.
    func positions(onPage number: Int) -> ArraySlice<Int> {
        let olderCount = (number - 1) * Self.pageSize
        let upTo = number == pageCount ? positions.count : number * Self.pageSize
        return positions[(positions.count - upTo)..<(positions.count - olderCount)]
    }

    /// The front for the last page, `page/N/` below it for the others.
    func path(ofPage number: Int) -> String {
        number == pageCount ? base : base + "page/\(number)/"
    }

    /// The pager of page `number`, its links starting at `root`.
    func pager(onPage number: Int, root: String, label: PageLabel) -> PagerView {
        let url = { (page: Int) in RelativeURL(root, path(ofPage: page)) }
        return PagerView(
            number: number, count: pageCount, label: label.text(number: number, count: pageCount),
            newerURL: number < pageCount ? url(number + 1) : nil, olderURL: number > 1 ? url(number - 1) : nil,
            newestURL: number + 1 < pageCount ? url(pageCount) : nil, oldestURL: number > 2 ? url(1) : nil
        )
    }
}

/// "Page N of M", from the UI string `pageOfPages`.
struct PageLabel: Sendable {
    let pattern: String

    func text(number: Int, count: Int) -> String {
        pattern.replacingOccurrences(of: "{number}", with: NumberText.grouped(number))
            .replacingOccurrences(of: "{count}", with: NumberText.grouped(count))
    }
}

/// Where one page of a list stands among the others. Newer pages come before it in the reading
/// order from the front, so the newer page is `rel="prev"` and the older `rel="next"`.
struct PagerView: ViewFields {
    let number: Int
    let count: Int
    let label: String
    let newerURL: RelativeURL?
    let olderURL: RelativeURL?
    /// The front and page 1, when they are neither this page nor its neighbours.
    let newestURL: RelativeURL?
    let oldestURL: RelativeURL?

    func listFields(to list: inout some FieldList) {
        list.field("number", number)
        list.field("count", count)
        list.field("label", label)
        list.field("hasPages", count > 1)
        list.field("newerURL", newerURL)
        list.field("olderURL", olderURL)
        list.field("newestURL", newestURL)
        list.field("oldestURL", oldestURL)
    }
}

/// A page of a list of sayings: a numbered page of the archive, or a page of a tag, an author or a month.
struct SayingListBody: ViewFields {
    let heading: String
    /// How many sayings the whole list has, on its front only: a numbered page keeps its bytes
    /// as sayings are added.
    let count: Int?
    let sayings: [SayingView]
    let pager: PagerView
    /// The list's own RSS feed (tags and authors).
    let feedURL: RelativeURL?

    func listFields(to list: inout some FieldList) {
        list.field("heading", heading)
        list.field("count", count.map(NumberText.grouped))
        list.field("sayings", sayings)
        list.field("hasSayings", !sayings.isEmpty)
        list.field("pager", pager)
        list.field("feedURL", feedURL)
    }
}

/// A tag, an author or a month in the index of them all (`tags/`, `authors/`, `archive/`); a
/// month's name is the month alone (`11월`, `November`).
struct TermView: ViewFields {
    let name: String
    let url: RelativeURL
    let count: Int

    func listFields(to list: inout some FieldList) {
        list.field("name", name)
        list.field("url", url)
        list.field("count", NumberText.grouped(count))
    }
}

/// `tags/` and `authors/`.
struct TermIndexBody: ViewFields {
    let heading: String
    let intro: String
    let terms: [TermView]

    func listFields(to list: inout some FieldList) {
        list.field("heading", heading)
        list.field("intro", intro)
        list.field("terms", terms)
        list.field("hasTerms", !terms.isEmpty)
        list.field("count", NumberText.grouped(terms.count))
    }
}

struct YearView: ViewFields {
    let year: Int
    let months: [TermView]

    func listFields(to list: inout some FieldList) {
        list.field("year", String(year))
        list.field("months", months)
        list.field("count", NumberText.grouped(months.reduce(0) { $0 + $1.count }))
    }
}

/// `archive/`: every month with sayings, newest first, by year.
struct ArchiveIndexBody: ViewFields {
    let years: [YearView]
    let count: Int

    func listFields(to list: inout some FieldList) {
        list.field("years", years)
        list.field("hasYears", !years.isEmpty)
        list.field("count", NumberText.grouped(count))
    }
}

/// A tag of a saying, linking its page (`tagLinks` of a saying).
struct TagLinkView: ViewFields {
    let name: String
    let url: RelativeURL

    func listFields(to list: inout some FieldList) {
        list.field("name", name)
        list.field("url", url)
    }
}
