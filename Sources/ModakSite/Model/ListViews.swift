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
