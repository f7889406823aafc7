import CCmark
#if canImport(Glibc)
import Glibc
#endif

/// CommonMark to HTML through libcmark.
///
/// Safe by default: raw HTML becomes `<!-- raw HTML omitted -->` and `javascript:`-style links are
/// dropped, because content comes from many hands. `allowRawHTML` is the site's explicit opt-in.
public struct MarkdownRenderer: Sendable {
    public let allowRawHTML: Bool

    public init(allowRawHTML: Bool = false) {
        self.allowRawHTML = allowRawHTML
    }

    /// libcmark's version: part of every page key, since another version may render the same
    /// Markdown differently.
    public static let engineVersion = UInt64(cmark_version())

    /// `markdown` as HTML shown on the page at `pagePath`. Root-relative URLs (`/feed.xml`) mean
    /// the site's root, which may lie below the host's (`https://name.github.io/lanterns/`): they
    /// become relative to the page (`../../feed.xml`), as every link of the site is, so the page
    /// works under any base path and from a local folder. Other HTML is left as libcmark wrote it.
    public func html(_ markdown: String, at pagePath: String) -> String {
        let html = html(markdown)
        guard HTMLReferences.mayHoldRootRelativeURL(html) else { return html }
        let document = HTMLDocument(html: html, fragment: true)
        let root = SitePaths.root(from: pagePath)
        let changed = HTMLReferences.rewrite(document) { reference in
            HTMLReferences.rootRelativePath(reference).map { root + $0 }
        }
        return changed ? document.html : html
    }

    private func html(_ markdown: String) -> String {
        if markdown.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return "" }
        let options = allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        var source = markdown
        return source.withUTF8 { buffer -> String in
            guard let base = buffer.baseAddress,
                  let rendered = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, { cmark_markdown_to_html($0, buffer.count, options) })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
