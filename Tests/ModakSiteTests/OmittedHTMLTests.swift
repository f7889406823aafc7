import Foundation
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// Raw HTML in Markdown, left out of the pages unless the site opts in: a warning on the line it is written on.
@Suite struct OmittedHTMLTests {
    static let hint = #"is left out of the page: set "unsafeHTML": true in site.json to keep raw HTML"#
    static let files = [
        // Line 8 starts the body; the span is on its second line.
        "content/sayings/lamp.md": WrittenSite.saying + "A lamp\nlit with <span class=\"glow\">care</span>.\n",
        // Not HTML: code, an escaped `<`, an autolink, and a comment (hidden either way).
        "content/sayings/code.md": WrittenSite.saying.replacingOccurrences(of: "lamp", with: "code")
            + "Write `<b>` or \\<b>, see <https://example.org>.\n\n<!-- a note -->\n\n    <pre>indented</pre>\n",
        "content/sayings/more.json": """
        [
          {"id": "more", "kor": "더", "who": "Modak", "time": "2026-11-21",
           "body": "One\\n\\n<div class=\\"box\\">Two</div>"}
        ]
        """,
        "content/souvenirs/letter.md": "---\ndeliver: 2026-11-01\n---\n\nDear <i>you</i>\n",
        "content/notices/open.md": "---\ntitle: Open\ndate: 2026-11-02\n---\n<table><tr><td>x</td></tr></table>\n",
        "content/pages/about.md": "---\ntitle: About\n---\nNo HTML here.\n"
    ]

    @Test func rawHTMLIsAWarningAtItsLineThatNamesUnsafeHTML() throws {
        let site = try WrittenSite(Self.files)
        #expect(site.result.succeeded, "\(site.result.diagnostics)")
        let content = site.folder.path + "/content/"
        #expect(
            site.warnings
                == [
                    """
                    \(content)notices/open.md:5: warning: the raw HTML `<table><tr><td>x</td></tr></table>` \
                    \(Self.hint)
                    """,
                    "\(content)sayings/lamp.md:9: warning: the raw HTML `<span class=\"glow\">` \(Self.hint)",
                    "\(content)sayings/more.json:3: warning: the raw HTML `<div class=\"box\">Two</div>` \(Self.hint)",
                    "\(content)souvenirs/letter.md:5: warning: the raw HTML `<i>` \(Self.hint)"
                ].map { $0 + " (only if you trust everyone who writes the content)" })
        #expect(try !site.page("sayings/lamp/index.html").contains("glow"), "the HTML itself stays out")
    }

    @Test func aSiteThatOptsInHearsNothing() throws {
        var files = Self.files
        files["content/site.json"] = WrittenSite.siteJSON.replacingOccurrences(of: "}", with: #", "unsafeHTML": true}"#)
        let site = try WrittenSite(files)
        #expect(site.result.succeeded && site.warnings == [], "\(site.result.diagnostics)")
        #expect(try site.page("sayings/lamp/index.html").contains(#"<span class="glow">"#))
    }
}
