import ModakCore
import Mustache

extension PageView {
    init(_ shared: PageParts, meta: Boxed<PageMeta>, body: some ViewFields) { (self.shared, self.meta, self.body) = (shared, meta, body) }
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

/// `mailto:` links (RFC 6068): the address and the subject percent-encoded as UTF-8, every byte but
/// ASCII letters, digits and `-._~` (and `@` in the address), so that any title makes a valid URL.
enum MailtoLink {
    static func url(to address: String, subject: String) -> String {
        "mailto:" + SitePaths.percentEncoded(address, keeping: UInt8(ascii: "@")) + "?subject="
            + SitePaths.percentEncoded(subject)
    }
}
