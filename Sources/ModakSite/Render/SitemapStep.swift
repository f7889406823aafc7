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

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let writer = XMLWriter()
        writer.start("urlset", [("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9")])
        for entry in Self.entries(context) {
            writer.start("url")
            writer.element("loc", text: context.absoluteURL(entry.path))
            writer.element("lastmod", text: context.dates.rfc3339(entry.lastModified))
            writer.end()
        }
        let robots = "User-agent: *\nAllow: /\n\nSitemap: \(context.absoluteURL(SitePaths.sitemap))\n"
        return [OutputFile(path: SitePaths.sitemap, text: writer.finish()), OutputFile(path: SitePaths.robots, text: robots)]
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
