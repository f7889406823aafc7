import Foundation
import ModakCore
import ModakOutput
import ModakXML

/// `sitemap.xml` (sitemaps.org 0.9) of every public page, and `robots.txt` pointing to it.
///
/// Personal pages (favorites, unused, search, settings), souvenirs and `404.html` are left out:
/// they are either empty to a crawler or kept from search engines on purpose.
struct SitemapStep: RenderStep {
    /// One listed page: its URL path and when its content last changed (a content date, never the clock).
    struct Entry: Equatable {
        var path: String
        var lastModified: Date
    }

    /// The protocol's limit of URLs in one sitemap file; larger sites get a sitemap index.
    static let urlsPerFile = 50_000
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let robots = OutputFile(
            path: SitePaths.robots,
            text: "User-agent: *\nAllow: /\n\nSitemap: \(context.absoluteURL(SitePaths.sitemap))\n")
        let entries = Self.entries(context)
        guard entries.count > Self.urlsPerFile else {
            return [OutputFile(path: SitePaths.sitemap, text: Self.urlSet(entries, context)), robots]
        }
        let parts = stride(from: 0, to: entries.count, by: Self.urlsPerFile).map {
            entries[$0..<min($0 + Self.urlsPerFile, entries.count)]
        }
        let index = XMLWriter()
        index.start("sitemapindex", [("xmlns", Self.namespace)])
        for (number, part) in parts.enumerated() {
            index.start("sitemap")
            index.element("loc", text: context.absoluteURL(Self.partPath(number + 1)))
            index.element("lastmod", text: context.dates.rfc3339(part.map(\.lastModified).max()!))
            index.end()
        }
        let files = parts.enumerated().map {
            OutputFile(path: Self.partPath($0.offset + 1), text: Self.urlSet($0.element, context))
        }
        return files + [OutputFile(path: SitePaths.sitemap, text: index.finish()), robots]
    }

    static func partPath(_ number: Int) -> String { "sitemap-\(number).xml" }

    /// A `<urlset>` document, laid out as `XMLWriter` lays it out (the bytes earlier builds wrote),
    /// but appended as text: libxml2's writer costs far more per URL than the text it writes
    /// (bench/README.md#decision-the-sitemap-appended-as-text), and a rebuild plans every URL.
    private static func urlSet(_ entries: some Sequence<Entry>, _ context: RenderContext) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"\(namespace)\">\n"
        xml.reserveCapacity(entries.underestimatedCount * 128)
        for entry in entries {
            xml += "  <url>\n    <loc>"
            xml += XMLText.escaped(context.absoluteURL(entry.path))
            xml += "</loc>\n    <lastmod>"
            xml += context.dates.rfc3339(entry.lastModified)
            xml += "</lastmod>\n  </url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    /// The listed pages, each kind of page on one line.
    /// Drafts stay out even of a build with drafts: it is a preview, and crawlers should not learn of them.
    static func entries(_ context: RenderContext) -> [Entry] {
        let sayings = context.published.filter { !$0.isDraft }
        let notices = context.notices.filter { !$0.isDraft }
        let newestSaying = sayings.first?.time
        let newestNotice = notices.map(\.date).max()
        // Pages without a date of their own change with the site: its newest dated content.
        let siteUpdated = [newestSaying, newestNotice].compactMap { $0 }.max() ?? FeedChannel.emptyFeedDate
        // Lists by the newest saying they hold; their numbered pages are found by their links.
        let taxonomy = context.taxonomy
        let lists =
            [(SitePaths.archive, context.published.indices.first)]
            + taxonomy.months.map { (SitePaths.month(year: $0.year, month: $0.month), $0.sayings.first) }
            + [(SitePaths.tags, context.published.indices.first)]
            + taxonomy.tags.map { (SitePaths.tag($0.slug), $0.sayings.first) }
            + [(SitePaths.authors, context.published.indices.first)]
            + taxonomy.authors.map { (SitePaths.author($0.slug), $0.sayings.first) }
        return [Entry(path: SitePaths.home, lastModified: newestSaying ?? siteUpdated)]
            + sayings.map { Entry(path: SitePaths.saying($0.id), lastModified: $0.time) }
            + lists.map { Entry(path: $0, lastModified: $1.map { context.published[$0].time } ?? siteUpdated) }
            + [Entry(path: SitePaths.notices, lastModified: newestNotice ?? siteUpdated)]
            + notices.map { Entry(path: SitePaths.notice($0.slug), lastModified: $0.date) }
            + context.pages.filter { !$0.isDraft }.map {
                Entry(path: SitePaths.page($0.slug), lastModified: siteUpdated)
            }
            + GiftPagesStep.pagePaths(context.content.gifts).map { Entry(path: $0, lastModified: siteUpdated) }
    }
}
