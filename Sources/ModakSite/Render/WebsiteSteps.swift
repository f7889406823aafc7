import Foundation
import ModakCore
import ModakOutput

/// The reader's lists and the search page, filled in the browser from the data files
/// (`SayingDataStep`, `SearchIndexStep`) and `localStorage`: none carries the sayings themselves.
/// Without JavaScript they say so and link the archive, where every saying is.
struct ReaderListPagesStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        [
            page("favorites", path: SitePaths.favorites, titleKey: "favoritesTitle", context),
            page("unused", path: SitePaths.unused, titleKey: "unusedTitle", context),
            page("search", path: SitePaths.search, titleKey: "searchTitle", context)
        ]
    }

    private func page(_ template: String, path: String, titleKey: String, _ context: RenderContext) -> DeferredFile {
        var meta = context.meta(path: path, title: context.string(titleKey), section: template)
        meta.noindex = true
        return context.deferredPage(template, meta: meta) {
            // The template's links are filled in by the script.
            ClientListBody(
                count: context.published.count,
                itemTemplate: SayingView(facts: context.clientTemplate, root: "", body: nil),
                sayingData: context.sayingDataView(from: path))
        }
    }
}

/// Theme, font and text size (kept in the browser), the version, the build date and the contact.
struct SettingsStep: RenderStep {
    static let fonts = ["sans", "serif", "rounded"]
    static let sizes = ["small", "medium", "large", "x-large"]

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let path = SitePaths.settings
        let root = SitePaths.root(from: path)
        let body = SettingsBody(
            themes: choices(SiteConfig.themes, labelPrefix: "theme.", selected: context.content.site.theme, context),
            fonts: choices(Self.fonts, labelPrefix: "font.", selected: "sans", context),
            sizes: choices(Self.sizes, labelPrefix: "size.", selected: "medium", context),
            noticesURL: root + SitePaths.notices,
            howToUseURL: context.pages.contains { $0.slug == "how-to-use" } ? root + SitePaths.page("how-to-use") : nil
        )
        // Modak's own page: described in Modak's words, not by the site's description.
        let meta = context.meta(
            path: path, title: context.string("settingsTitle"), description: context.string("settingsDescription"),
            section: "settings")
        return [try context.page("settings", meta: meta, body: body)]
    }

    private func choices(_ values: [String], labelPrefix: String, selected: String, _ context: RenderContext)
        -> [Choice]
    {
        values.map { Choice(value: $0, label: context.strings[labelPrefix + $0] ?? $0, selected: $0 == selected) }
    }
}

/// `notices/` (newest first) and one page per notice.
struct NoticesStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let notices = context.notices.sorted { ($0.date, $1.slug) > ($1.date, $0.slug) }
        let listPath = SitePaths.notices
        let list = NoticeListBody(notices: notices.map { article($0, from: listPath, context, withBody: false) })
        var files = [
            try context.page(
                "notices",
                meta: context.meta(path: listPath, title: context.string("noticesTitle"), section: "notices"),
                body: list)
        ]
        for notice in notices {
            let path = SitePaths.notice(notice.slug)
            var meta = context.meta(path: path, title: notice.title, section: "notices")
            meta.openGraphType = "article"
            let body = ArticleBody(
                article: article(notice, from: path, context, withBody: true),
                backURL: SitePaths.root(from: path) + listPath)
            files.append(try context.page("article", meta: meta, body: body))
        }
        return files
    }

    private func article(_ notice: Notice, from pagePath: String, _ context: RenderContext, withBody: Bool)
        -> ArticleView
    {
        ArticleView(
            title: notice.title, url: SitePaths.root(from: pagePath) + SitePaths.notice(notice.slug),
            date: context.dates.long(notice.date), datetime: context.dates.rfc3339(notice.date),
            bodyHTML: withBody ? context.markdown.html(notice.body, at: pagePath) : "", isDraft: notice.isDraft
        )
    }
}

/// The free pages of `content/pages` (about, how to use…) at `<slug>/`.
struct FreePagesStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        try context.pages.map { page in
            let path = SitePaths.page(page.slug)
            let article = ArticleView(
                title: page.title, url: "./", date: nil, datetime: nil,
                bodyHTML: context.markdown.html(page.body, at: path), isDraft: page.isDraft)
            return try context.page(
                "article", meta: context.meta(path: path, title: page.title, section: "page"),
                body: ArticleBody(article: article, backURL: nil))
        }
    }
}

extension RenderContext {
    /// The site's root path (`/`, or `/blog/` for a base URL of `https://example.org/blog/`): where
    /// the links of a page served at any depth start (`404.html`, the offline page). The same host
    /// serves them, whether that is the real site or a local preview.
    var rootPath: String { content.site.rootPath }

    /// A UI string, or its key when a translation lacks it (visible, so it gets noticed and fixed).
    func string(_ key: String) -> String { strings[key] ?? key }
}
