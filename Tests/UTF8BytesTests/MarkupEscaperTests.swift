import Testing
import UTF8Bytes

@Suite("markup escaper")
struct MarkupEscaperTests {
    static let forms: [(name: String, escaper: MarkupEscaper, escaped: String)] = [
        ("html", .html, "\"&'<>"), ("xml", .xml, "\"&'<>"), ("libxml2Text", .libxml2Text, "\r\"&<>")
    ]

    @Test func eachFormEscapesItsFiveBytes() {
        for form in Self.forms {
            let members = (0...255).map(UInt8.init).filter(form.escaper.escapes)
            #expect(members == Array(form.escaped.utf8).sorted(), "\(form.name)")
        }
    }

    @Test func eachEscapedByteIsFoundAtEveryPositionOfTheWordScan() {
        // The scan reads eight bytes at a time: each byte must be found wherever it falls in a
        // word, among bytes close to it in value and among UTF-8 lead and continuation bytes.
        let filler = Array("%=?!#;:@[\u{C}한".utf8)
        for form in Self.forms {
            for special in Array(form.escaped.utf8) {
                for length in 1...20 {
                    for position in 0..<length {
                        var bytes = (0..<length).map { filler[$0 % filler.count] }
                        bytes[position] = special
                        let found = bytes.withUnsafeBufferPointer { form.escaper.firstIndex(in: $0, from: 0) }
                        #expect(found == position, "\(form.name) \(bytes) \(special)")
                        let after = bytes.withUnsafeBufferPointer {
                            form.escaper.firstIndex(in: $0, from: position + 1)
                        }
                        #expect(after == length, "\(form.name) \(bytes) from \(position + 1)")
                    }
                }
            }
        }
    }

    @Test func theFormsDifferInTheApostropheAndTheCarriageReturn() {
        let text = "<a href=\"x\">Tom & Jerry's</a>\r\n"
        #expect(MarkupEscaper.html.escaped(text) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;\r\n")
        #expect(MarkupEscaper.xml.escaped(text) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;\r\n")
        #expect(
            MarkupEscaper.libxml2Text.escaped(text) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;&#13;\n")
    }

    @Test func textWithNothingToEscapeIsReturnedAsItIs() {
        #expect(MarkupEscaper.html.escaped("plain 한글 🔥") == "plain 한글 🔥")
        #expect(MarkupEscaper.html.escaped("") == "")
        var bytes: [UInt8] = Array("a".utf8)
        MarkupEscaper.xml.append("b 한", to: &bytes)
        #expect(bytes == Array("ab 한".utf8))
    }

    @Test func escapingWorksInsideGraphemeClusters() {
        // "&" followed by a combining mark is one Character, but its "&" must still be escaped.
        #expect(MarkupEscaper.xml.escaped("&\u{301}<\u{301}") == "&amp;\u{301}&lt;\u{301}")
        #expect(MarkupEscaper.html.escaped("\"\u{301}'\u{301}") == "&quot;\u{301}&#39;\u{301}")
    }

    @Test func longTextIsEscapedAsCharacterByCharacter() {
        let pieces = ["가나다", "&", "abcdefgh", "<<", "'", "\r", "\"", "🔥", ">", " "]
        var text = ""
        for index in 0..<400 { text += pieces[(index * 7 + index / 3) % pieces.count] }
        for form in Self.forms {
            let expected = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'" where form.name == "html": "&#39;"
                case "'" where form.name == "xml": "&apos;"
                case "\r" where form.name == "libxml2Text": "&#13;"
                default: String(scalar)
                }
            }.joined()
            #expect(form.escaper.escaped(text) == expected, "\(form.name)")
        }
    }
}
