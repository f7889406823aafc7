import Foundation
import ModakCore

/// `sitemap.xml` (sitemaps.org 0.9) of every public page, and `robots.txt` pointing to it.
///
/// Personal pages (favorites, unused, search, settings), souvenirs and `404.html` are left out:
/// they are either empty to a crawler or kept from search engines on purpose.
struct SitemapStep: RenderStep {
    let name = "sitemap"

    /// One listed page: its URL path and when its content last changed (a content date, never the clock).
    struct Entry: Equatable {
        var path: String
        var lastModified: Date
    }

    /// The protocol's limit of URLs in one sitemap file; larger sites get a sitemap index.
    static let urlsPerFile = 50_000
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let robots = OutputFile(path: SitePaths.robots, text: "User-agent: *\nAllow: /\n\nSitemap: \(context.absoluteURL(SitePaths.sitemap))\n")
        let entries = Self.entries(context)
        guard entries.count > Self.urlsPerFile else {
            return [OutputFile(path: SitePaths.sitemap, text: Self.urlSet(entries, context)), robots]
        }
        let parts = stride(from: 0, to: entries.count, by: Self.urlsPerFile).map { entries[$0..<min($0 + Self.urlsPerFile, entries.count)] }
        let index = XMLWriter()
        index.start("sitemapindex", [("xmlns", Self.namespace)])
        for (number, part) in parts.enumerated() {
            index.start("sitemap")
            index.element("loc", text: context.absoluteURL(Self.partPath(number + 1)))
            index.element("lastmod", text: context.dates.rfc3339(part.map(\.lastModified).max()!))
            index.end()
        }
        let files = parts.enumerated().map { OutputFile(path: Self.partPath($0.offset + 1), text: Self.urlSet($0.element, context)) }
        return files + [OutputFile(path: SitePaths.sitemap, text: index.finish()), robots]
    }

    static func partPath(_ number: Int) -> String { "sitemap-\(number).xml" }

    private static func urlSet(_ entries: some Sequence<Entry>, _ context: RenderContext) -> String {
        let writer = XMLWriter()
        writer.start("urlset", [("xmlns", namespace)])
        for entry in entries {
            writer.start("url")
            writer.element("loc", text: context.absoluteURL(entry.path))
            writer.element("lastmod", text: context.dates.rfc3339(entry.lastModified))
            writer.end()
        }
        return writer.finish()
    }

    /// The listed pages, each kind of page on one line.
    static func entries(_ context: RenderContext) -> [Entry] {
        let content = context.content
        let newestSaying = context.published.first?.time
        let newestNotice = content.notices.map(\.date).max()
        // Pages without a date of their own change with the site: its newest dated content.
        let siteUpdated = [newestSaying, newestNotice].compactMap { $0 }.max() ?? FeedChannel.emptyFeedDate
        return [Entry(path: SitePaths.home, lastModified: newestSaying ?? siteUpdated)]
            + context.published.map { Entry(path: SitePaths.saying($0.id), lastModified: $0.time) }
            + [Entry(path: SitePaths.notices, lastModified: newestNotice ?? siteUpdated)]
            + content.notices.map { Entry(path: SitePaths.notice($0.slug), lastModified: $0.date) }
            + content.pages.map { Entry(path: SitePaths.page($0.slug), lastModified: siteUpdated) }
            + GiftPagesStep.pagePaths(content.gifts).map { Entry(path: $0, lastModified: siteUpdated) }
    }
}
