import CCmark
import Foundation
import ModakCore
#if canImport(Glibc)
    import Glibc
    import ModakXML
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
                let rendered = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count, { cmark_markdown_to_html($0, buffer.count, options) })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}

/// Raw HTML that a site without `unsafeHTML` leaves out of its pages: a warning at the line it is written on,
/// so that nobody wonders where a `<span>` went.
public enum OmittedHTML {
    /// One warning per Markdown text that holds raw HTML, at its first.
    public static func warnings(in content: ContentSet) -> [Diagnostic] {
        let texts =
            content.sayings.map { ($0.body, $0.bodySource) }
            + content.souvenirs.map { ($0.message, $0.messageSource) }
            + content.notices.map { ($0.body, $0.bodySource) } + content.pages.map { ($0.body, $0.bodySource) }
        return texts.compactMap { text, source in
            firstRawHTML(in: text).map { html, line in
                .warning(
                    source.location(ofLine: line),
                    "the raw HTML `\(html)` is left out of the page: "
                        + "set \"unsafeHTML\": true in site.json to keep raw HTML "
                        + "(only if you trust everyone who writes the content)")
            }
        }
    }

    /// The first raw HTML but comments in `markdown` (its first line, at most 60 characters) and the 1-based line
    /// it starts on, as CommonMark reads it: a `<` in code or escaped as `\<` is not HTML.
    static func firstRawHTML(in markdown: String) -> (html: String, line: Int)? {
        guard markdown.utf8.contains(UInt8(ascii: "<")) else { return nil }
        var source = markdown
        guard
            let document = source.withUTF8({ buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
                }
            })
        else { return nil }
        defer { cmark_node_free(document) }
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            let node = cmark_iter_get_node(iterator)
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                let literal = cmark_node_get_literal(node)
            else { continue }
            let html = String(cString: literal).prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            // A comment is hidden either way: leaving it out loses nothing a reader would see.
            if html.hasPrefix("<!--") { continue }
            return (html.count > 60 ? html.prefix(59) + "…" : html, Int(cmark_node_get_start_line(node)))
        }
        return nil
    }
}
