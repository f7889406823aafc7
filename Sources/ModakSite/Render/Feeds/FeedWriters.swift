import Foundation
import ModakXML

/// RSS 2.0 with the full content in `content:encoded` and the feed's own address in `atom:link`.
enum RSSFeed {
    static func xml(_ channel: FeedChannel, selfURL: String, dates: DateText) -> String {
        let writer = XMLWriter()
        writer.start(
            "rss",
            [
                ("version", "2.0"),
                ("xmlns:atom", "http://www.w3.org/2005/Atom"),
                ("xmlns:content", "http://purl.org/rss/1.0/modules/content/"),
                ("xmlns:dc", "http://purl.org/dc/elements/1.1/")
            ])
        writer.start("channel")
        writer.element("title", text: channel.title)
        writer.element("link", text: channel.homeURL)
        writer.element("description", text: channel.description)
        writer.element("language", text: channel.language)
        writer.element("generator", text: FeedGenerator.name)
        writer.element("docs", text: "https://www.rssboard.org/rss-specification")
        // RSS wants an e-mail address here; without one the author is named on each item instead.
        if let author = channel.author, let email = author.email, !email.isEmpty {
            writer.element("managingEditor", text: "\(email) (\(author.name))")
        }
        writer.element("lastBuildDate", text: dates.rfc822(channel.updated))
        writer.empty("atom:link", [("href", selfURL), ("rel", "self"), ("type", "application/rss+xml")])
        for item in channel.items {
            writer.start("item")
            writer.element("title", text: item.title)
            writer.element("link", text: item.url)
            writer.element("guid", [("isPermaLink", "true")], text: item.url)
            writer.element("pubDate", text: dates.rfc822(item.date))
            if let author = item.author { writer.element("dc:creator", text: author) }
            for tag in item.tags { writer.element("category", text: tag) }
            writer.element("description", text: item.summaryHTML)
            writer.element("content:encoded", text: item.contentHTML)
            writer.end()
        }
        return writer.finish()
    }
}

/// Atom 1.0 (RFC 4287): ids are the permalinks, content is escaped HTML.
enum AtomFeed {
    static func xml(_ channel: FeedChannel, selfURL: String, dates: DateText) -> String {
        let writer = XMLWriter()
        writer.start("feed", [("xmlns", "http://www.w3.org/2005/Atom"), ("xml:lang", channel.language)])
        writer.element("id", text: channel.homeURL)
        writer.element("title", text: channel.title)
        writer.element("subtitle", text: channel.description)
        writer.element("updated", text: dates.rfc3339(channel.updated))
        writer.empty("link", [("rel", "alternate"), ("type", "text/html"), ("href", channel.homeURL)])
        writer.empty("link", [("rel", "self"), ("type", "application/atom+xml"), ("href", selfURL)])
        // A feed-level author covers entries without one, as RFC 4287 requires.
        writer.start("author")
        writer.element("name", text: channel.author?.name ?? channel.title)
        if let email = channel.author?.email, !email.isEmpty { writer.element("email", text: email) }
        writer.end()
        writer.element("generator", [("version", ModakVersion.current)], text: "Modak")
        for item in channel.items {
            writer.start("entry")
            writer.element("id", text: item.url)
            writer.element("title", [("type", "text")], text: item.title)
            writer.empty("link", [("rel", "alternate"), ("type", "text/html"), ("href", item.url)])
            writer.element("published", text: dates.rfc3339(item.date))
            writer.element("updated", text: dates.rfc3339(item.date))
            if let author = item.author {
                writer.start("author")
                writer.element("name", text: author)
                writer.end()
            }
            for tag in item.tags { writer.empty("category", [("term", tag)]) }
            writer.element("summary", [("type", "text")], text: item.summary)
            writer.element("content", [("type", "html")], text: item.contentHTML)
            writer.end()
        }
        return writer.finish()
    }
}

/// JSON Feed 1.1, with sorted keys so the same content gives the same bytes (those
/// `JSONSerialization` wrote with `.prettyPrinted` and `.sortedKeys`, kept byte for byte).
/// Text is cleaned of the same control characters as the XML feeds, so all three say the same.
enum JSONFeed {
    static func json(_ channel: FeedChannel, selfURL: String, dates: DateText) -> String {
        let clean = XMLText.sanitized
        var json = PrettyJSON()
        func authors(_ name: String) {
            json.key("authors")
            json.openArray()
            json.startElement()
            json.openObject()
            json.key("name")
            json.string(clean(name))
            json.closeObject()
            json.closeArray()
        }
        json.openObject()
        if let author = channel.author { authors(author.name) }
        json.key("description")
        json.string(clean(channel.description))
        json.key("feed_url")
        json.string(selfURL)
        json.key("home_page_url")
        json.string(channel.homeURL)
        json.key("items")
        json.openArray()
        for item in channel.items {
            json.startElement()
            json.openObject()
            if let author = item.author { authors(author) }
            json.key("content_html")
            json.string(clean(item.contentHTML))
            json.key("date_published")
            json.string(dates.rfc3339(item.date))
            json.key("id")
            json.string(item.url)
            json.key("summary")
            json.string(clean(item.summary))
            if !item.tags.isEmpty {
                json.key("tags")
                json.openArray()
                for tag in item.tags {
                    json.startElement()
                    json.string(clean(tag))
                }
                json.closeArray()
            }
            json.key("title")
            json.string(clean(item.title))
            json.key("url")
            json.string(item.url)
            json.closeObject()
        }
        json.closeArray()
        json.key("language")
        json.string(channel.language)
        json.key("title")
        json.string(clean(channel.title))
        json.key("version")
        json.string("https://jsonfeed.org/version/1.1")
        json.closeObject()
        return String(decoding: json.bytes + [UInt8(ascii: "\n")], as: UTF8.self)
    }
}

enum FeedGenerator {
    static let name = "Modak \(ModakVersion.current)"
}
