import ModakCore
import StableHashing

/// The links of `menu` in every page's navigation, and the free pages the menu does not link in
/// every page's footer: with both, no free page is an orphan.
struct SiteLinks: Sendable, Equatable {
    var menu: [SiteLink]
    var footer: [SiteLink]

    init(menu: [SiteLink], footer: [SiteLink]) { (self.menu, self.footer) = (menu, footer) }

    init(menu items: [SiteConfig.MenuItem], pages: [Page]) {
        menu = items.map { SiteLink(title: $0.title, url: $0.url, isExternal: $0.isExternal) }
        let inMenu = menu.filter { !$0.isExternal }.map { Self.pagePath(of: $0.url) }
        footer = pages.map { SiteLink(title: $0.title, url: SitePaths.page($0.slug), isExternal: false) }.filter {
            !inMenu.contains($0.url)
        }
    }

    /// The page a path inside the site names, as `SitePaths` writes page paths: `about`,
    /// `about/` and `about/index.html` are all `about/`; a query or fragment is left off.
    static func pagePath(of url: String) -> String {
        var path = String(url.prefix { $0 != "?" && $0 != "#" })
        if path == "index.html" || path.hasSuffix("/index.html") { path.removeLast("index.html".count) }
        return path.isEmpty || path.hasSuffix("/") || path.split(separator: "/").last!.contains(".") ? path : path + "/"
    }

    /// `links` as the page at `page` (its path) shows them, with paths inside the site starting at `root`.
    static func views(_ links: [SiteLink], root: String, from page: String) -> [LinkView] {
        links.map { link in
            link.isExternal
                ? LinkView(title: link.title, url: link.url, isCurrent: false, isExternal: true)
                : LinkView(
                    title: link.title, url: root + link.url, isCurrent: pagePath(of: link.url) == page,
                    isExternal: false)
        }
    }
}

/// Links of the site as the page at `page` (its path) shows them: keyed as the links, keyed once
/// per build, and the page.
struct PageLinks: ViewValue {
    let links: Shared<[SiteLink]>
    let root: String
    let page: String

    init(_ links: Shared<[SiteLink]>, root: String, page: String) {
        (self.links, self.root, self.page) = (links, root, page)
    }

    var templateValue: Any? { SiteLinks.views(links.value, root: root, from: page) }

    func addKey(to key: inout StableHash) {
        links.addKey(to: &key)
        key.add(root)
        key.add(page)
    }
}

extension SiteLinks {
    /// A warning for each `menu` path that leads to no file the build writes (`planned`, output
    /// paths), with the nearest page's path when one is close: a typo there breaks every page.
    static func unknownTargets(of menu: [SiteConfig.MenuItem], planned: Set<String>) -> [Diagnostic] {
        let pages = planned.filter { $0 == "index.html" || $0.hasSuffix("/index.html") }.map {
            String($0.dropLast("index.html".count))
        }.sorted()
        return menu.filter { !$0.isExternal }.compactMap { item in
            let path = pagePath(of: item.url)
            guard !planned.contains(SitePaths.file(for: path)) else { return nil }
            let suggestion = KeySuggestion.nearest(to: path, among: pages).map { ": did you mean `\($0)`?" } ?? ""
            return .warning(
                item.source,
                "the menu entry `\(item.title)` links `\(item.url)`, which is no page of the site\(suggestion)")
        }
    }
}
