import Foundation
import ModakXML
import Testing

@Suite struct XMLTests {
    @Test func writerEscapesTextAndDropsForbiddenCharacters() {
        let writer = XMLWriter(indent: false)
        writer.start("feed", [("a", "x\"<y>")])
        writer.element("title", text: "a ]]> b <script>\u{1}\u{0B}c & d")
        let xml = writer.finish()
        #expect(xml.contains("<title>a ]]&gt; b &lt;script&gt;c &amp; d</title>"))
        #expect(xml.contains(#"a="x&quot;&lt;y&gt;""#))
        #expect(!xml.contains("\u{1}"))
    }

    /// `XMLText.escaped` (the sitemap's URLs) must give what the writer gives for the same text.
    @Test(
        "escaped text is what XMLWriter writes",
        arguments: [
            "https://example.org/a?b=1&c=<2>", "plain", "quote \" apostrophe ' ]]>", "cr\r\nlf\ttab",
            "\u{1}\u{FFFE}x\u{0B}",
            "한글 & 🔥", "&amp; already", ""
        ])
    func escapedTextMatchesTheWriter(_ text: String) {
        let writer = XMLWriter(indent: false)
        writer.element("a", text: text)
        let xml = writer.finish()
        let open = xml.range(of: "<a>")
        let content = open.map { String(xml[$0.upperBound...].prefix { $0 != "<" }) } ?? ""
        #expect(XMLText.escaped(text) == content, "\(xml.debugDescription)")
    }

    @Test func htmlFragmentLinksCanBeRewritten() {
        let document = HTMLDocument(
            html: #"<p>See <a href="../x/">x</a> and <img src="a.png" alt="">.</p>"#, fragment: true)
        document.rewriteAttributes { _, name, value in
            name == "href" || name == "src" ? "https://example.org/" + value : nil
        }
        #expect(
            document.html
                == #"""
                <p>See <a href="https://example.org/../x/">x</a> and <img src="https://example.org/a.png" \#
                alt="">.</p>
                """#
        )
    }

    @Test func elementsCarryTheirLines() {
        let document = HTMLDocument(html: "<!DOCTYPE html>\n<html><body>\n<p>\n<a href=\"/x\">x</a></p></body></html>")
        let link = document.elements.first { $0.name == "a" }
        #expect(link?.attributes["href"] == "/x")
        #expect(link?.line == 4)
    }

    @Test func theXMLCheckNeverLoadsExternalEntities() {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<x>&e;</x>\n"
        #expect(XMLWellFormedness.problem(in: Array(xml.utf8)) == nil)
        #expect(XMLWellFormedness.problem(in: [])?.message == "the document is empty")
        #expect(XMLWellFormedness.problem(in: Array("<a>\n<b></a>".utf8))?.line == 2)
    }
}
