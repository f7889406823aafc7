import Mustache

/// What every page knows about the site.
struct SiteView: ViewFields, Sendable {
    var title: String
    var description: String
    var baseURL: String
    /// The tag as site.json writes it (`ko-KR`), for `<html lang>`.
    var language: String
    /// The language of the UI strings the tag matched (`ko`), for scripts that format dates.
    var interfaceLanguage: String
    var theme: String
    var authorName: String?
    var authorEmail: String?
    var version: String
    var buildDate: String
    var buildDatetime: String
    /// The colours of the browser's bar: the theme's background, one per colour scheme for `system`.
    var themeColors: [ThemeColor]
    /// The icon phones put on the home screen, from the site's root; nil without PNG icons.
    var touchIconPath: String?

    func listFields(to list: inout some FieldList) {
        list.field("title", title)
        list.field("description", description)
        list.field("baseURL", baseURL)
        list.field("language", language)
        list.field("interfaceLanguage", interfaceLanguage)
        list.field("theme", theme)
        list.field("authorName", authorName)
        list.field("authorEmail", authorEmail)
        list.field("version", version)
        list.field("buildDate", buildDate)
        list.field("buildDatetime", buildDatetime)
        list.field("themeColors", themeColors)
        list.field("touchIconPath", touchIconPath)
    }
}

/// A `<meta name="theme-color">`: a colour, for the colour scheme `media` names, or for any.
struct ThemeColor: ViewFields, Sendable, Equatable {
    var color: String
    var media: String?

    func listFields(to list: inout some FieldList) {
        list.field("color", color)
        list.field("media", media)
    }
}

/// What is particular to one page in the shared layout: its title, place and sharing metadata.
struct PageMeta: ViewFields, Sendable {
    /// The page's own title; the layout adds the site's name.
    var title: String
    var description: String
    /// URL path relative to the site root (`sayings/42/`).
    var path: String
    /// Absolute URL of this page.
    var canonical: String
    /// Absolute URL of the page's sharing image, if any.
    var image: String?
    var imageType: String?
    /// `website` or `article`.
    var openGraphType: String = "website"
    /// Kept out of search engines (personal lists, sealed-message pages).
    var noindex: Bool = false
    /// Which navigation entry is current (`home`, `search`, …).
    var section: String
    /// The prefix of links to other pages: relative (`../../`), or the site's root path (`/`) on
    /// `404.html`, which hosts serve at any depth.
    var root: String

    func listFields(to list: inout some FieldList) {
        list.field("title", title)
        list.field("description", description)
        list.field("path", path)
        list.field("canonical", canonical)
        list.field("image", image)
        list.field("imageType", imageType)
        list.field("openGraphType", openGraphType)
        list.field("noindex", noindex)
        list.field("root", root)
        list.field("section", section)
        list.field("isHome", section == "home")
        list.field("isSearch", section == "search")
        list.field("isFavorites", section == "favorites")
        list.field("isUnused", section == "unused")
        list.field("isSettings", section == "settings")
        list.field("isNotices", section == "notices")
        list.field("isGifts", section == "gifts")
        list.field("isSouvenirs", section == "souvenirs")
    }
}

/// The context of one rendered page: what every page of the build shares (the site, its links,
/// the UI strings), the page's metadata, and its body. Its key is the page's key, but for what
/// renders it (`RenderContext.deferredPage`). Not generic over its body: a generic view's fields
/// are looked up by code compiled for no type in particular, every field through witness tables.
struct PageView: ViewFields {
    let shared: PageParts
    let meta: Boxed<PageMeta>
    let body: any ViewFields

    init(_ shared: PageParts, meta: Boxed<PageMeta>, body: some ViewFields) { (self.shared, self.meta, self.body) = (shared, meta, body) }

    func listFields(to list: inout some FieldList) {
        let (root, path) = (meta.view.root, meta.view.path)
        list.field("site", shared.site)
        list.field("page", meta)
        list.field("t", shared.strings)
        list.field("root", root)
        list.field("menu", PageLinks(shared.menu, root: root, page: path))
        list.field("footerPages", PageLinks(shared.footer, root: root, page: path))
        list.field("hasFooterPages", !shared.footer.value.isEmpty)
        list.fields(of: body)
    }
}

/// What every page of a build shares, each part keyed once, and the templates that render them.
/// Deferred pages render on the writer's threads, each with a copy of its own (`PerCoreCopies`).
struct PageParts: Sendable {
    let library: MustacheLibrary
    let site: Shared<Boxed<SiteView>>
    let strings: Shared<[String: String]>
    let menu: Shared<[SiteLink]>
    let footer: Shared<[SiteLink]>

    init(library: MustacheLibrary, site: SiteView, links: SiteLinks, strings: [String: String]) {
        self.library = library
        self.site = Shared(Boxed(site))
        self.strings = Shared(strings)
        menu = Shared(links.menu)
        footer = Shared(links.footer)
    }

    /// Equal values that share no storage with these (see `PerCoreCopies`).
    func independentCopy() -> PageParts {
        var site = site.value.view
        for field in [\SiteView.title, \.description, \.baseURL, \.language, \.interfaceLanguage, \.theme, \.version, \.buildDate, \.buildDatetime] {
            site[keyPath: field] = site[keyPath: field].unshared
        }
        site.authorName = site.authorName?.unshared
        site.authorEmail = site.authorEmail?.unshared
        let links = SiteLinks(menu: menu.value.map(\.unshared), footer: footer.value.map(\.unshared))
        return PageParts(library: library.independentCopy(), site: site, links: links,
                         strings: Dictionary(uniqueKeysWithValues: strings.value.map { ($0.key.unshared, $0.value.unshared) }))
    }
}

private extension SiteLink {
    var unshared: SiteLink { SiteLink(title: title.unshared, url: url.unshared, isExternal: isExternal) }
}

private extension String {
    /// The same text in a buffer of its own.
    var unshared: String { String(decoding: Array(utf8), as: UTF8.self) }
}
