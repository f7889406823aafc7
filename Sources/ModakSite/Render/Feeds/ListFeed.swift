import ModakCore
import ModakXML
import UTF8Bytes

/// `tags/<slug>/feed.xml` and `authors/<slug>/feed.xml`: RSS 2.0 of the newest `feedLimit`
/// sayings of one tag or one author, laid out as `feed.xml` is. An item holds what `feed.xml`'s
/// does but the commentary: its `description` is the texts and the author, a paragraph each, as
/// HTML (which readers render: the texts are escaped as HTML, then as XML). These feeds hold every
/// saying at least once, and a saying's content, rendered and made portable through libxml2, cost
/// about 500,000 instructions; the text is written as the sitemap is, as escaped text rather than
/// through libxml2's writer.
///
/// A saying is in the feeds of its author and of each of its tags, so its item is written once,
/// when a feed first needs it, and copied into the others.
struct ListFeed {
    private let context: RenderContext
    private var items: [[UInt8]?]

    init(_ context: RenderContext) {
        self.context = context
        items = Array(repeating: nil, count: context.published.count)
    }

    mutating func rss(title: String, description: String, pagePath: String, positions: [Int]) -> [UInt8] {
        let context = self.context
        let site = context.content.site
        let dates = context.dates
        let shown = positions.lazy.filter { !context.published[$0].isDraft }.prefix(site.feedLimit)
        let updated = shown.first.map { context.published[$0].time } ?? FeedChannel.emptyFeedDate
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel>
                <title>\(XMLText.escaped(title))</title>
                <link>\(XMLText.escaped(context.absoluteURL(pagePath)))</link>
                <description>\(XMLText.escaped(description))</description>
                <language>\(XMLText.escaped(site.language))</language>
                <generator>\(FeedGenerator.name)</generator>
                <docs>https://www.rssboard.org/rss-specification</docs>
                <lastBuildDate>\(dates.rfc822(updated))</lastBuildDate>
                <atom:link href="\(XMLText.escaped(context.absoluteURL(SitePaths.feed(of: pagePath))))" rel="self" \
            type="application/rss+xml"/>

            """
        var xml = Array(head.utf8)
        for position in shown {
            if items[position] == nil { items[position] = Array(item(context.published[position]).utf8) }
            xml += items[position]!
        }
        xml += "  </channel>\n</rss>\n".utf8
        return xml
    }

    private func item(_ saying: Saying) -> String {
        let url = XMLText.escaped(context.absoluteURL(SitePaths.saying(saying.id)))
        let texts = [saying.kor.trimmedOfWhitespace, saying.eng.trimmedOfWhitespace].filter { !$0.isEmpty }
        let who = context.content.authorName(saying.who)
        var xml = "    <item>\n      <title>\(XMLText.escaped(FeedText.headline(texts[0])))</title>\n"
        xml += "      <link>\(url)</link>\n      <guid isPermaLink=\"true\">\(url)</guid>\n"
        xml +=
            """
                  <pubDate>\(context.dates.rfc822(saying.time))</pubDate>\n      \
            <dc:creator>\(XMLText.escaped(who))</dc:creator>\n
            """
        for tag in saying.tags { xml += "      <category>\(XMLText.escaped(tag))</category>\n" }
        let paragraphs = (texts + ["— " + who]).map { "<p>" + MarkupEscaper.html.escaped($0) + "</p>" }
        xml += "      <description>\(XMLText.escaped(paragraphs.joined()))</description>\n    </item>\n"
        return xml
    }
}
