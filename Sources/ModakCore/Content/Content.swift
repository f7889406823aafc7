import Foundation

/// `site.json`: the settings of one site.
public struct SiteConfig: Sendable, Equatable {
    /// The bundled themes; `system` follows the reader's light or dark preference.
    public static let themes = ["bonfire", "light", "dark", "system"]

    public struct Author: Sendable, Equatable {
        public var name: String
        public var email: String?
        public init(name: String, email: String? = nil) { (self.name, self.email) = (name, email) }
    }

    /// A link of `menu`, shown in every page's navigation after the site's own.
    public struct MenuItem: Sendable, Equatable {
        public var title: String
        /// An absolute http(s) URL, or a path relative to the site root (`about/`, never starting with `/`).
        public var url: String
        public var source: SourceLocation

        public init(title: String, url: String, source: SourceLocation) {
            (self.title, self.url, self.source) = (title, url, source)
        }

        public var isExternal: Bool { URLRules.isAbsoluteWebURL(url) }
    }

    public var title: String
    public var description: String
    /// Always ends with `/`.
    public var baseURL: String
    /// The path of `baseURL`, where the site's pages start: `/`, or `/blog/` for
    /// `https://example.org/blog/`. Percent escapes decoded.
    public var rootPath: String {
        let path = URLComponents(string: baseURL)?.path ?? ""
        return path.hasSuffix("/") ? path : path + "/"
    }
    /// A BCP 47 tag, as written (`ko-KR`); `<html lang>` and the feeds carry it.
    public var language: String
    public var timeZone: TimeZone
    public var theme: String
    public var author: Author?
    public var newDays: Int
    public var feedLimit: Int
    public var cards: Bool
    /// Lets raw HTML in Markdown through; off by default because content comes from many hands.
    public var unsafeHTML: Bool
    /// Writes a `.gz` and a `.br` twin beside each text file, for servers that send them as they are.
    public var precompress: Bool
    public var menu: [MenuItem]
    /// site.json itself, and the line of `language` (for warnings about the site's settings).
    public var source: SourceLocation
    public var languageSource: SourceLocation

    public init(
        title: String, description: String = "", baseURL: String, language: String = "ko",
        timeZone: TimeZone = TimeZone(identifier: "Asia/Seoul")!, theme: String = "bonfire",
        author: Author? = nil, newDays: Int = 2, feedLimit: Int = 50, cards: Bool = true,
        unsafeHTML: Bool = false, precompress: Bool = false, menu: [MenuItem] = [],
        source: SourceLocation = SourceLocation(path: "site.json", line: 1), languageSource: SourceLocation? = nil
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        (self.language, self.timeZone, self.theme, self.author) = (language, timeZone, theme, author)
        (self.newDays, self.feedLimit, self.cards, self.unsafeHTML) = (newDays, feedLimit, cards, unsafeHTML)
        self.precompress = precompress
        (self.menu, self.source) = (menu, source)
        self.languageSource = languageSource ?? source
    }
}

/// One Korean/English quotation. Loaded from content, its texts and tags are NFC.
public struct Saying: Sendable, Equatable {
    public var id: String
    public var kor: String
    public var eng: String
    public var who: String
    public var time: Date
    public var tags: [String]
    /// Markdown commentary, possibly empty.
    public var body: String
    public var source: SourceLocation
    public var bodySource: MarkdownSource
    /// `draft: true`: built only when drafts are asked for (see `TimeRules.includeDrafts`).
    public var isDraft: Bool

    public init(
        id: String, kor: String, eng: String, who: String, time: Date, tags: [String] = [], body: String = "",
        source: SourceLocation, bodySource: MarkdownSource? = nil, isDraft: Bool = false
    ) {
        (self.id, self.kor, self.eng, self.who, self.time, self.tags) = (id, kor, eng, who, time, tags)
        (self.body, self.source, self.isDraft) = (body, source, isDraft)
        self.bodySource = bodySource ?? .string(at: source)
    }
}

public enum GiftGender: String, Sendable, Equatable, CaseIterable {
    case any, female, male
}

public struct Gift: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Whole KRW.
    public var price: Int
    /// An absolute URL, or a path relative to the `gifts/` folder.
    public var image: String
    public var tags: [String]
    public var link: String?
    public var description: String
    public var gender: GiftGender
    public var source: SourceLocation

    public init(
        id: String, name: String, price: Int, image: String, tags: [String], link: String? = nil,
        description: String = "", gender: GiftGender = .any, source: SourceLocation
    ) {
        (self.id, self.name, self.price, self.image, self.tags) = (id, name, price, image, tags)
        (self.link, self.description, self.gender, self.source) = (link, description, gender, source)
    }
}

public struct Question: Sendable, Equatable {
    /// Its id, what it asks, and the gift tag it is about (a no removes the gifts with the tag).
    public var id, text, tag: String
    public var source: SourceLocation

    public init(id: String, text: String, tag: String, source: SourceLocation) {
        (self.id, self.text, self.tag, self.source) = (id, text, tag, source)
    }
}

/// A time-capsule message, sealed until `deliver`.
public struct Souvenir: Sendable, Equatable {
    public var title: String?
    /// Markdown.
    public var message: String
    public var deliver: Date
    public var source: SourceLocation
    public var messageSource: MarkdownSource

    public init(
        title: String?, message: String, deliver: Date, source: SourceLocation, messageSource: MarkdownSource? = nil
    ) {
        (self.title, self.message, self.deliver, self.source) = (title, message, deliver, source)
        self.messageSource = messageSource ?? .string(at: source)
    }
}

/// An announcement; like a saying, it is scheduled until its `date`.
public struct Notice: Sendable, Equatable {
    public var slug, title: String
    public var date: Date
    public var body: String
    public var source: SourceLocation
    public var bodySource: MarkdownSource
    public var isDraft: Bool

    public init(
        slug: String, title: String, date: Date, body: String, source: SourceLocation,
        bodySource: MarkdownSource? = nil, isDraft: Bool = false
    ) {
        (self.slug, self.title, self.date, self.body, self.source) = (slug, title, date, body, source)
        (self.bodySource, self.isDraft) = (bodySource ?? .string(at: source), isDraft)
    }
}

/// A free page such as "about"; rendered at `<slug>/index.html`.
public struct Page: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var body: String
    public var source: SourceLocation
    public var bodySource: MarkdownSource
    public var isDraft: Bool

    public init(
        slug: String, title: String, body: String, source: SourceLocation, bodySource: MarkdownSource? = nil,
        isDraft: Bool = false
    ) {
        (self.slug, self.title, self.body, self.source, self.isDraft) = (slug, title, body, source, isDraft)
        self.bodySource = bodySource ?? .string(at: source)
    }
}

/// Where a Markdown text lies in its file, so that a warning about one of its lines points at that line.
public struct MarkdownSource: Sendable, Equatable {
    /// The file line of the text's first line.
    public var start: SourceLocation
    /// True for a Markdown file's body, whose lines are the file's; a JSON string is written on one line.
    public var followsFileLines: Bool

    public static func body(from start: SourceLocation) -> MarkdownSource {
        MarkdownSource(start: start, followsFileLines: true)
    }

    public static func string(at location: SourceLocation) -> MarkdownSource {
        MarkdownSource(start: location, followsFileLines: false)
    }

    /// Where the text's 1-based `line` is written.
    public func location(ofLine line: Int) -> SourceLocation {
        followsFileLines ? SourceLocation(path: start.path, line: start.line + line - 1) : start
    }
}

/// An entry of `authors.json`: an author's name in each language, and other spellings of it.
public struct AuthorNames: Sendable, Equatable {
    /// The name as the sayings write it in `who` (the entry's key).
    public var who: String
    public var ko: String?
    public var en: String?
    public var aliases: [String]
    public var source: SourceLocation

    public init(who: String, ko: String? = nil, en: String? = nil, aliases: [String] = [], source: SourceLocation) {
        (self.who, self.ko, self.en, self.aliases, self.source) = (who, ko, en, aliases, source)
    }

    /// The name in `language`, a BCP 47 tag whose language is `ko` or `en` (`ko-KR` too), or nil
    /// when the entry has none for it.
    public func name(in language: String) -> String? {
        switch language.prefix(while: { $0 != "-" }).lowercased() {
        case "ko": ko
        case "en": en
        default: nil
        }
    }

    /// The names beside `who` that find the author's sayings in a search.
    public var otherNames: [String] { [ko, en].compactMap { $0 } + aliases }
}

/// A file copied to the output as it is: a template set's `assets/`, the content's `static/` and gift illustrations.
public struct Asset: Sendable, Equatable {
    /// Path relative to the output folder.
    public var outputPath: String
    public var bytes: [UInt8]

    public init(outputPath: String, bytes: [UInt8]) { (self.outputPath, self.bytes) = (outputPath, bytes) }
}

/// Everything a site is made of, validated.
public struct ContentSet: Sendable {
    public var site: SiteConfig
    public var sayings: [Saying]
    public var gifts: [Gift]
    public var questions: [Question]
    public var souvenirs: [Souvenir]
    public var notices: [Notice]
    public var pages: [Page]
    public var assets: [Asset]
    /// `authors.json`, by `who` as the sayings write it; empty without the file.
    public var authors: [String: AuthorNames]

    public init(
        site: SiteConfig, sayings: [Saying] = [], gifts: [Gift] = [], questions: [Question] = [],
        souvenirs: [Souvenir] = [], notices: [Notice] = [], pages: [Page] = [], assets: [Asset] = [],
        authors: [String: AuthorNames] = [:]
    ) {
        (self.site, self.sayings, self.gifts, self.questions) = (site, sayings, gifts, questions)
        (self.souvenirs, self.notices, self.pages) = (souvenirs, notices, pages)
        (self.assets, self.authors) = (assets, authors)
    }

    /// How the site names the author written `who` wherever it shows it (pages, feeds, cards):
    /// the authors.json name in the site's `language`, or `who` as written.
    public func authorName(_ who: String) -> String {
        authors[who]?.name(in: site.language) ?? who
    }
}
