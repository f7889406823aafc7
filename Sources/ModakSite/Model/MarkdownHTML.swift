import StableHashing

/// Markdown shown as HTML on the page at `pagePath`, rendered when a template first shows it, once.
/// Keyed as the Markdown, the page (links in it are made relative to the page) and whether raw HTML
/// passes: libcmark's version is in every key already. So pages a rebuild skips never render theirs.
/// A class, to render once however often a template shows it; a view holding one is made and
/// rendered on one thread.
final class MarkdownHTML: ViewValue {
    private let markdown: String
    private let pagePath: String
    private let renderer: MarkdownRenderer
    private var html: String?

    init(_ markdown: String, at pagePath: String, renderer: MarkdownRenderer) {
        (self.markdown, self.pagePath, self.renderer) = (markdown, pagePath, renderer)
    }

    var templateValue: Any? {
        let html = html ?? renderer.html(markdown, at: pagePath)
        self.html = html
        return html.isEmpty ? nil : html
    }

    func addKey(to key: inout StableHash) {
        key.add(renderer.allowRawHTML ? 1 : 0)
        key.add(markdown)
        key.add(pagePath)
    }
}
