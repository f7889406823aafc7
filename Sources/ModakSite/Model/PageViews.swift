import ModakCore
import Mustache

extension PageView {
    init(_ shared: PageParts, meta: Boxed<PageMeta>, body: some ViewFields) {
        (self.shared, self.meta, self.body) = (shared, meta, body)
    }
}

/// What every page of a build shares, each part keyed once, and the templates that render them.
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
}

/// `mailto:` links (RFC 6068): the address and the subject percent-encoded as UTF-8, every byte but
/// ASCII letters, digits and `-._~` (and `@` in the address), so that any title makes a valid URL.
enum MailtoLink {
    static func url(to address: String, subject: String) -> String {
        "mailto:" + SitePaths.percentEncoded(address, keeping: UInt8(ascii: "@")) + "?subject="
            + SitePaths.percentEncoded(subject)
    }
}
