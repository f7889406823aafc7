import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import CardSamples
@testable import ModakCards

/// Parses SVG and collects what the tests look at.
private final class SVGInspector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var current: String?

    static func inspect(_ svg: String) throws -> SVGInspector {
        let inspector = SVGInspector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = inspector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return inspector
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        elements.append((name, attributes))
        if name == "text" { current = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text = current { texts.append(text) }
        if name == "text" { current = nil }
    }

    func all(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
}

private let saying = CardContent(
    id: "confucius-1", korean: "아는 것을 안다고 하라.",
    english: "Know what you know.", author: "공자", siteName: "모닥", dateLabel: "2026-11-28")

@Suite struct CardRendererTests {
    @Test func aRendererMadeForASiteDrawsItsCardsAsAnyRenderer() {
        // The site name laid out once must give the cards it gives when laid out per card, and a
        // card of another site must get its own name.
        let names = ["모닥불 이야기", "  Sayings & <co>  ", "", String(repeating: "아주 긴 이름 ", count: 30), "e\u{301}😀"]
        for name in names {
            for theme in CardTheme.all {
                let prepared = CardRenderer(theme: theme, siteName: name)
                for other in names {
                    let content = CardContent(
                        id: "x", korean: "모닥불 곁에서", english: "By the fire", author: "누군가",
                        siteName: other, dateLabel: "2026년 11월 28일")
                    #expect(
                        prepared.svg(for: content) == CardRenderer(theme: theme).svg(for: content), "\(name) / \(other)"
                    )
                }
            }
        }
    }

    @Test func cardIsAnAccessibleOpenGraphSizedSVG() throws {
        let svg = CardRenderer(theme: .bonfire).svg(for: saying)
        let doc = try SVGInspector.inspect(svg)
        let root = try #require(doc.all("svg").first)
        #expect(root["width"] == "1200" && root["height"] == "630" && root["viewBox"] == "0 0 1200 630")
        #expect(root["role"] == "img")
        #expect(root["aria-labelledby"] == "card-confucius-1-title card-confucius-1-desc")
        #expect(doc.all("title").first?["id"] == "card-confucius-1-title")
        #expect(doc.all("desc").first?["id"] == "card-confucius-1-desc")
        #expect(svg.contains("<title id=\"card-confucius-1-title\">아는 것을 안다고 하라. — 공자</title>"))
        #expect(svg.contains("Know what you know."))
    }

    @Test func everyLineIsATextElementWithPositionAndLanguage() throws {
        let doc = try SVGInspector.inspect(CardRenderer(theme: .light).svg(for: saying))
        #expect(doc.texts == ["아는 것을 안다고 하라.", "Know what you know.", "— 공자", "모닥", "2026-11-28"])
        let texts = doc.all("text")
        #expect(texts.map { $0["lang"] } == ["ko", "en", "ko", "ko", "en"])
        #expect(texts.allSatisfy { $0["xml:lang"] == $0["lang"] && $0["x"] != nil && $0["y"] != nil })
        let group = try #require(doc.all("g").first { $0["class"] == "text" })
        #expect(group["font-family"] == CardRenderer.fontFamily)
        #expect(
            CardRenderer.fontFamily.hasPrefix(
                "'Noto Sans CJK KR', 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic'"))
    }

    @Test func backgroundAndDecorationsAreMarkedForTools() throws {
        let doc = try SVGInspector.inspect(CardRenderer(theme: .dark).svg(for: saying))
        let classes = doc.all("g").compactMap { $0["class"] }
        #expect(classes == ["bg", "decor", "text"])
        #expect(doc.all("path").count == 3) // the flame
    }

    @Test func markupInTheSayingIsEscaped() throws {
        let content = CardContent(
            id: "x\"><script>", korean: "<b>굵게</b> & \"따옴표\"",
            english: "</text><script>alert('x')</script>", author: "A & B <C>",
            siteName: "<site>", dateLabel: "'now'")
        let svg = CardRenderer(theme: .bonfire).svg(for: content)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;b&gt;굵게&lt;/b&gt; &amp; &quot;따옴표&quot;"))
        let doc = try SVGInspector.inspect(svg)
        #expect(doc.texts.contains("</text><script>alert('x')</script>"))
        #expect(doc.texts.contains("— A & B <C>"))
        #expect(doc.all("svg").first?["aria-labelledby"] == "card-xscript-title card-xscript-desc")
    }

    @Test func elementIDsKeepTheASCIINameCharactersOfTheFirst64Scalars() {
        #expect(ElementIDs(cardID: "confucius-1").prefix == "card-confucius-1")
        #expect(ElementIDs(cardID: "공자_말씀-1 ü").prefix == "card-_-1")
        #expect(ElementIDs(cardID: "공자").prefix == "card")
        #expect(ElementIDs(cardID: "").prefix == "card")
        // 63 Hangul scalars and two letters: only the first letter is among the first 64 scalars.
        #expect(ElementIDs(cardID: String(repeating: "가", count: 63) + "ab").prefix == "card-a")
        #expect(
            ElementIDs(cardID: String(repeating: "x", count: 70)).prefix == "card-" + String(repeating: "x", count: 64))
        // A combining mark is a scalar of its own: it counts, and is dropped.
        #expect(
            ElementIDs(cardID: "e\u{301}" + String(repeating: "y", count: 63)).prefix == "card-e"
                + String(repeating: "y", count: 62))
    }

    @Test func descriptionHasALineForEachPartThatIsThere() {
        func description(_ korean: String, _ english: String, _ author: String, _ site: String, _ date: String?)
            -> String
        {
            var svg = SVGWriter()
            CardRenderer.appendDescription(
                korean: korean, english: english, author: author, siteName: site, dateLabel: date, to: &svg)
            return String(decoding: svg.output, as: UTF8.self)
        }
        #expect(description("가\n나", "A", "공자", "모닥", "2026-11-28") == "가 나\nA\n— 공자\n모닥, 2026-11-28")
        #expect(description("", "A", " ", "모닥", nil) == "A\n모닥")
        #expect(description("가", "", "", "", "2026-11-28") == "가\n2026-11-28")
        #expect(description("", "", "", "", "2026-11-28") == "2026-11-28")
        #expect(description("", "", "", "모닥", "") == "모닥")
        #expect(description("", "", "", "", nil) == "")
        // Written escaped, part by part, straight into the SVG.
        #expect(
            description("\n가\n\n<나>\n", "A & B", "\"공자\"", "", "'28")
                == "가 &lt;나&gt;\nA &amp; B\n— &quot;공자&quot;\n&apos;28")
    }

    @Test func controlAndBidiCharactersNeverReachTheSVG() throws {
        let content = CardContent(
            id: "c", korean: "앞\u{202E}뒤\u{202C}\u{7}\u{0}", english: "a\u{2066}b\u{2069}\u{1B}c",
            author: "\u{202D}x\u{8}", siteName: "s\u{FFFF}", dateLabel: "d\u{9F}")
        let svg = CardRenderer(theme: .bonfire).svg(for: content)
        let forbidden: [Unicode.Scalar] = [
            "\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{202D}", "\u{7}", "\u{0}",
            "\u{1B}", "\u{8}", "\u{FFFF}", "\u{9F}"
        ]
        #expect(!svg.unicodeScalars.contains { forbidden.contains($0) })
        #expect(try SVGInspector.inspect(svg).texts.prefix(2) == ["앞뒤", "abc"])
    }

    @Test func outputIsDeterministic() {
        for theme in CardTheme.all {
            for content in CardSamples.all {
                #expect(CardRenderer(theme: theme).svg(for: content) == CardRenderer(theme: theme).svg(for: content))
            }
        }
    }

    @Test func everySampleIsWellFormedXML() throws {
        for theme in CardTheme.all {
            for content in CardSamples.all {
                let doc = try SVGInspector.inspect(CardRenderer(theme: theme).svg(for: content))
                #expect(!doc.texts.isEmpty, "\(content.id)")
            }
        }
    }

    @Test func themeColoursAreUsed() {
        let svg = CardRenderer(theme: .light).svg(for: saying)
        let light = CardTheme.light
        for colour in [
            light.background.top, light.text.primary, light.text.secondary, light.text.accent, light.fire.flameCore
        ] {
            #expect(svg.contains(colour))
        }
        #expect(!svg.contains(CardTheme.bonfire.background.top))
    }

    @Test func aTemplateIsCutAtTheSlotsLeftToFill() {
        enum Slot: String { case a, b }
        let template = SVGTemplate("<x {a} y=\"{fixed}\">{b}</x>{a}", fixed: ["fixed": "{1}"], slot: Slot.init)
        #expect(template.slots == [.a, .b, .a])
        #expect(template.runs.map { String(decoding: $0, as: UTF8.self) } == ["<x ", " y=\"{1}\">", "</x>", ""])
        var svg = SVGWriter()
        template.write(to: &svg) { slot, svg in svg.append(string: slot.rawValue.uppercased()) }
        #expect(String(decoding: svg.output, as: UTF8.self) == "<x A y=\"{1}\">B</x>A")
    }

    @Test func numbersHaveAFixedNumberOfDecimals() {
        #expect(SVGWriter.number(0) == "0.0")
        #expect(SVGWriter.number(12.34) == "12.3")
        #expect(SVGWriter.number(12.35, decimals: 2) == "12.35")
        #expect(SVGWriter.number(-3.06) == "-3.1")
        #expect(SVGWriter.number(-0.01) == "0.0")
        #expect(SVGWriter.number(0.3, decimals: 2) == "0.30")
        #expect(SVGWriter.number(1199.96) == "1200.0")
        #expect(SVGWriter.number(5, decimals: 0) == "5")
        #expect(SVGWriter.number(0, decimals: 0) == "0")
        #expect(SVGWriter.number(0.05) == "0.1")
        #expect(SVGWriter.number(-0.05) == "-0.1")
        #expect(SVGWriter.number(-0.04) == "0.0")
        #expect(SVGWriter.number(2.25) == "2.3")
        #expect(SVGWriter.number(9.999, decimals: 2) == "10.00")
        #expect(SVGWriter.number(100, decimals: 3) == "100.000")
        #expect(SVGWriter.number(0.007, decimals: 3) == "0.007")
        #expect(SVGWriter.number(-1234567.89) == "-1234567.9")
        #expect(SVGWriter.number(9_007_199_254_740_992, decimals: 0) == "9007199254740992")
    }
}

@Suite struct CardThemeTests {
    /// Every colour of `theme`, in its declared order.
    static func colours(_ theme: CardTheme) -> [String] {
        let (background, text, fire) = (theme.background, theme.text, theme.fire)
        return [
            background.top, background.bottom, background.glow, text.primary, text.secondary, text.accent, text.muted,
            fire.log, fire.logShade, fire.logEnd, fire.flameOuter, fire.flameMiddle, fire.flameCore
        ]
    }

    @Test func themesAreFoundByName() {
        for (name, theme) in [("bonfire", CardTheme.bonfire), ("Light", .light), ("DARK", .dark)] {
            #expect(CardTheme.named(name).map(Self.colours) == Self.colours(theme), "\(name)")
        }
        #expect(CardTheme.named("sepia") == nil)
        #expect(CardTheme.named("") == nil)
    }

    @Test func themesAreDistinctAndWellFormed() {
        #expect(Set(CardTheme.all.map(\.name)) == ["bonfire", "light", "dark"])
        #expect(Set(CardTheme.all.map(Self.colours)).count == CardTheme.all.count)
        for theme in CardTheme.all {
            let colours = Self.colours(theme)
            for colour in colours {
                #expect(
                    colour.count == 7 && colour.first == "#" && colour.dropFirst().allSatisfy(\.isHexDigit),
                    "\(theme.name): \(colour)")
            }
        }
    }
}
