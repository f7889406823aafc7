import ModakCore
import UTF8Bytes

/// `tags/<slug>/feed.xml` and `authors/<slug>/feed.xml`: RSS 2.0 of the newest `feedLimit`
/// sayings of one tag or one author, laid out as `feed.xml` is. An item holds what `feed.xml`'s
/// does but the commentary: its `description` is the texts and the author, a paragraph each, as
/// HTML (which readers render: the texts are escaped as HTML, then as XML). These feeds hold every
/// saying at least once, and a saying's content, rendered and made portable through libxml2, cost
/// about 500,000 instructions; the text is written as the sitemap is, as escaped text rather than
/// through libxml2's writer.
enum ListFeed {
    static func rss(title: String, description: String, pagePath: String, positions: [Int], _ context: RenderContext) -> String {
        let site = context.content.site
        let dates = context.dates
        let sayings = positions.lazy.map { context.published[$0] }.filter { !$0.isDraft }.prefix(site.feedLimit)
        let updated = sayings.first?.time ?? FeedChannel.emptyFeedDate
        var xml = """
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
            <atom:link href="\(attribute(context.absoluteURL(SitePaths.feed(of: pagePath))))" rel="self" type="application/rss+xml"/>

        """
        for saying in sayings {
            let url = XMLText.escaped(context.absoluteURL(SitePaths.saying(saying.id)))
            let texts = [saying.kor, saying.eng].map(\.trimmedOfWhitespace).filter { !$0.isEmpty }
            xml += "    <item>\n      <title>\(XMLText.escaped(FeedText.headline(texts[0])))</title>\n"
            xml += "      <link>\(url)</link>\n      <guid isPermaLink=\"true\">\(url)</guid>\n"
            xml += "      <pubDate>\(dates.rfc822(saying.time))</pubDate>\n      <dc:creator>\(XMLText.escaped(saying.who))</dc:creator>\n"
            for tag in saying.tags { xml += "      <category>\(XMLText.escaped(tag))</category>\n" }
            let paragraphs = (texts + ["— " + saying.who]).map { "<p>" + MarkupEscaper.html.escaped($0) + "</p>" }
            xml += "      <description>\(XMLText.escaped(paragraphs.joined()))</description>\n    </item>\n"
        }
        return xml + "  </channel>\n</rss>\n"
    }

    /// A URL made from `baseURL` and a slug, in double quotes.
    private static func attribute(_ url: String) -> String {
        XMLText.escaped(url).replacingOccurrences(of: "\"", with: "&quot;")
    }
}
