import Mustache

/// What every page knows about the site.
public struct SiteView: Sendable, MustacheFields {
    public var title: String
    public var description: String
    public var baseURL: String
    public var language: String
    public var theme: String
    public var authorName: String?
    public var authorEmail: String?
    public var version: String
    public var buildDate: String
    public var buildDatetime: String

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "title": title
        case "description": description
        case "baseURL": baseURL
        case "language": language
        case "theme": theme
        case "authorName": authorName
        case "authorEmail": authorEmail
        case "version": version
        case "buildDate": buildDate
        case "buildDatetime": buildDatetime
        default: nil
        }
    }
}

/// What is particular to one page in the shared layout: its title, place and sharing metadata.
public struct PageMeta: Sendable, MustacheFields {
    /// The page's own title; the layout adds the site's name.
    public var title: String
    public var description: String
    /// URL path relative to the site root (`sayings/42/`).
    public var path: String
    /// Absolute URL of this page.
    public var canonical: String
    /// Absolute URL of the page's sharing image, if any.
    public var image: String?
    public var imageType: String?
    /// `website` or `article`.
    public var openGraphType: String = "website"
    /// Kept out of search engines (personal lists, sealed-message pages).
    public var noindex: Bool = false
    /// Which navigation entry is current (`home`, `search`, …).
    public var section: String
    /// The prefix of links to other pages: relative (`../../`), or the absolute base URL on `404.html`,
    /// which hosts serve at any depth.
    public var root: String

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "title": title
        case "description": description
        case "path": path
        case "canonical": canonical
        case "image": image
        case "imageType": imageType
        case "openGraphType": openGraphType
        case "noindex": noindex
        case "root": root
        case "section": section
        case "isHome": section == "home"
        case "isSearch": section == "search"
        case "isFavorites": section == "favorites"
        case "isUnused": section == "unused"
        case "isSettings": section == "settings"
        case "isNotices": section == "notices"
        case "isGifts": section == "gifts"
        case "isSouvenirs": section == "souvenirs"
        default: nil
        }
    }
}

/// The context of one rendered page: the site, the page's metadata, the UI strings, and its body.
struct PageView<Body: MustacheFields>: MustacheFields {
    let site: SiteView
    let meta: PageMeta
    let strings: [String: String]
    let body: Body

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "site": site
        case "page": meta
        case "t": strings
        case "root": meta.root
        default: body.mustacheField(name)
        }
    }
}

/// A saying as templates show it; `url` and `cardURL` are relative to the page showing it.
public struct SayingView: Sendable, MustacheFields {
    public var id: String
    public var kor: String
    public var eng: String
    public var who: String
    public var date: String
    public var datetime: String
    public var isNew: Bool
    public var url: String
    public var cardURL: String?
    public var cardPNGURL: String?
    public var bodyHTML: String
    public var tags: [String]

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "id": id
        case "kor": kor.isEmpty ? nil : kor
        case "eng": eng.isEmpty ? nil : eng
        case "who": who.isEmpty ? nil : who
        case "date": date
        case "datetime": datetime
        case "isNew": isNew
        case "url": url
        case "cardURL": cardURL
        case "cardPNGURL": cardPNGURL
        case "bodyHTML": bodyHTML.isEmpty ? nil : bodyHTML
        case "tags": tags.isEmpty ? nil : tags
        default: nil
        }
    }
}

struct HomeBody: MustacheFields {
    let today: SayingView?
    let sayings: [SayingView]

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "today": today
        case "sayings": sayings
        case "hasSayings": !sayings.isEmpty
        case "count": sayings.count
        default: nil
        }
    }
}

struct SayingBody: MustacheFields {
    let saying: SayingView
    let previous: SayingView?
    let next: SayingView?

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "saying": saying
        case "previous": previous
        case "next": next
        default: nil
        }
    }
}

struct EmptyBody: MustacheFields {
    func mustacheField(_ name: String) -> Any? { nil }
}
