import Mustache

/// What every page knows about the site.
public struct SiteView: Sendable, Encodable, MustacheFields {
    public var title: String
    public var description: String
    public var baseURL: String
    /// The tag as site.json writes it (`ko-KR`), for `<html lang>`.
    public var language: String
    /// The language of the UI strings the tag matched (`ko`), for scripts that format dates.
    public var interfaceLanguage: String
    public var theme: String
    public var authorName: String?
    public var authorEmail: String?
    public var version: String
    public var buildDate: String
    public var buildDatetime: String
    /// The colours of the browser's bar: the theme's background, one per colour scheme for `system`.
    public var themeColors: [ThemeColor]
    /// The icon phones put on the home screen, from the site's root; nil without PNG icons.
    public var touchIconPath: String?
    /// Pages see these through `PageView`, relative to themselves.
    public var links: SiteLinks

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "title": title
        case "description": description
        case "baseURL": baseURL
        case "language": language
        case "interfaceLanguage": interfaceLanguage
        case "theme": theme
        case "authorName": authorName
        case "authorEmail": authorEmail
        case "version": version
        case "buildDate": buildDate
        case "buildDatetime": buildDatetime
        case "themeColors": themeColors
        case "touchIconPath": touchIconPath
        default: nil
        }
    }
}

/// A `<meta name="theme-color">`: a colour, for the colour scheme `media` names, or for any.
public struct ThemeColor: Sendable, Encodable, Equatable, MustacheFields {
    public var color: String
    public var media: String?

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "color": color
        case "media": media
        default: nil
        }
    }
}

/// What is particular to one page in the shared layout: its title, place and sharing metadata.
public struct PageMeta: Sendable, Encodable, MustacheFields {
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
    /// The prefix of links to other pages: relative (`../../`), or the site's root path (`/`) on
    /// `404.html`, which hosts serve at any depth.
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
    /// The site and the page's metadata boxed once, not at every `{{site.…}}` and `{{page.…}}`.
    let site: MustacheObject
    let meta: MustacheObject
    let root: String
    let path: String
    let links: SiteLinks
    let strings: [String: String]
    let body: Body

    init(site: MustacheObject, links: SiteLinks, meta: PageMeta, strings: [String: String], body: Body) {
        self.site = site
        self.links = links
        self.meta = MustacheObject(meta)
        root = meta.root
        path = meta.path
        self.strings = strings
        self.body = body
    }

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "site": site
        case "page": meta
        case "t": strings
        case "root": root
        case "menu": SiteLinks.views(links.menu, root: root, from: path)
        case "footerPages": SiteLinks.views(links.footer, root: root, from: path)
        case "hasFooterPages": !links.footer.isEmpty
        default: body.mustacheField(name)
        }
    }
}

/// Deferred pages render on the writer's threads.
extension PageView: Sendable where Body: Sendable {}

extension PageMeta: StableHashFields {
    func feed(_ fields: inout StableHash.Fields) {
        fields.add("title", title)
        fields.add("description", description)
        fields.add("path", path)
        fields.add("canonical", canonical)
        fields.add("image", image)
        fields.add("imageType", imageType)
        fields.add("openGraphType", openGraphType)
        fields.add("noindex", noindex)
        fields.add("section", section)
        fields.add("root", root)
    }
}
