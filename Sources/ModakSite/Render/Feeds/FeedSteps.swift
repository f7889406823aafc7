import Foundation
import ModakCore
import ModakOutput
import ParallelWork

/// `feed.xml` (RSS 2.0), `atom.xml` (Atom 1.0) and `feed.json` (JSON Feed 1.1): the newest
/// `feedLimit` published sayings with their full content.
struct FeedsStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let channel = try Self.channel(context)
        let dates = context.dates
        return [
            OutputFile(
                path: SitePaths.rss,
                text: RSSFeed.xml(channel, selfURL: context.absoluteURL(SitePaths.rss), dates: dates)),
            OutputFile(
                path: SitePaths.atom,
                text: AtomFeed.xml(channel, selfURL: context.absoluteURL(SitePaths.atom), dates: dates)),
            OutputFile(
                path: SitePaths.jsonFeed,
                text: JSONFeed.json(channel, selfURL: context.absoluteURL(SitePaths.jsonFeed), dates: dates))
        ]
    }

    static func channel(_ context: RenderContext) throws -> FeedChannel {
        // Never a draft, even in a build with drafts: readers keep what a feed once held.
        let indices = context.published.indices.lazy.filter { !context.published[$0].isDraft }.prefix(
            context.content.site.feedLimit)
        let items = try ParallelMap.map(Array(indices)) { index in Result { try item(index, context) } }.map {
            try $0.get()
        }
        let site = context.content.site
        return FeedChannel(
            title: site.title, description: site.description, homeURL: site.baseURL, language: site.language,
            author: site.author, items: items)
    }

    /// One saying as a feed item: its page's content (texts, author, commentary) as readers will show it.
    static func item(_ index: Int, _ context: RenderContext) throws -> FeedItem {
        let saying = context.published[index]
        let path = SitePaths.saying(saying.id)
        let url = context.absoluteURL(path)
        // The texts and author alone make the preview; with the commentary, the full content.
        let render = { (withBody: Bool) in
            try context.templates.library.render(
                "partials/feed-item", context.sayingView(at: index, from: path, withBody: withBody))
        }
        let texts = [saying.kor, saying.eng].map { $0.trimmedOfWhitespace }.filter { !$0.isEmpty }
        let who = context.content.authorName(saying.who)
        return FeedItem(
            url: url, title: FeedText.headline(texts[0]),
            summary: texts.joined(separator: "\n") + "\n— \(who)",
            summaryHTML: FeedHTML.portable(try render(false), pageURL: url, siteURL: context.content.site.baseURL),
            contentHTML: FeedHTML.portable(try render(true), pageURL: url, siteURL: context.content.site.baseURL),
            date: saying.time,
            author: who, tags: saying.tags
        )
    }
}
