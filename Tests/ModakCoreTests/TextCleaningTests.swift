import Foundation
import Testing
@testable import ModakCore

@Suite("control characters")
struct TextCleaningTests {
    @Test(
        arguments: [0x01, 0x0B, 0x0C, 0x1B, 0x7F, 0x85, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]
            as [UInt32])
    func forbiddenCodePointsAreRemoved(_ code: UInt32) throws {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: ["a", try #require(Unicode.Scalar(code)), "b"])
        #expect(TextCleaning.clean(String(text)) == ("ab", 1))
    }

    @Test func ordinaryTextIsKeptAsItIs() {
        let text = "모닥불\t앞에서\r\n— “Bonfire” 🔥 \u{202E}bidi\u{202C} ＡＢ"
        let cleaned = TextCleaning.clean(text)
        #expect(cleaned.text == text)
        #expect(cleaned.firstLine == nil)
    }

    @Test func theLineOfTheFirstRemovedCharacterIsKnown() {
        #expect(TextCleaning.clean("one\ntwo\nth\u{2}ree\u{3}").firstLine == 3)
    }

    @Test func jsonEscapesAndMarkdownBodiesAreCleanedWithAWarningAtTheirLine() throws {
        let (content, log) = loadSite([
            "sayings/a.json":
                "[{\"id\": \"a\", \"kor\": \"가\\u0001나\", \"eng\": \"x\", \"who\": \"w\",\n \"time\": \"2026-11-01\"}]",
            "sayings/b.md": sayingMarkdown(id: "b", body: "first line\nsecond \u{1B}line")
        ])
        let sayings = try #require(content?.sayings)
        #expect(sayings.first { $0.id == "a" }?.kor == "가나")
        #expect(sayings.first { $0.id == "b" }?.body.contains("second line") == true)
        let warnings = log.warnings.map(\.description)
        #expect(
            warnings.contains {
                $0.hasPrefix("content/sayings/a.json:1: warning: `kor` holds invisible control characters")
            })
        #expect(
            warnings.contains { $0.hasPrefix("content/sayings/b.md:") && $0.contains("invisible control characters") })
        #expect(!log.hasErrors)
    }
}

@Suite("NFC")
struct NFCTests {
    /// `nfc` takes a shortcut for text of plain Hangul syllables and scalars below U+0300: over text
    /// mixing those with the scalars around their edges, it must agree with full normalisation.
    @Test func agreesWithFoundationAroundTheShortcutsEdges() {
        let scalars: [UInt32] = [
            0x41, 0x7E, 0xE9, 0x2FF, 0x300, 0x301, 0x340, 0x1100, 0x1161, 0x11A8, 0xA000, 0xABFF,
            0xAC00, 0xAC01, 0xD7A3, 0xD7B0, 0xD7FB, 0x4E00, 0x1F525, 0x0915, 0x093C, 0xFB1D
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                text.append(Unicode.Scalar(scalars.randomElement(using: &generator)!)!)
            }
            let string = String(text)
            #expect(
                string.nfc.unicodeScalars.elementsEqual(string.precomposedStringWithCanonicalMapping.unicodeScalars),
                "\(string.unicodeScalars.map(\.value))")
        }
    }
}

@Suite("trimming")
struct TrimmingTests {
    @Test(arguments: [
        "", " ", "\n\t ", "a", " a ", "\u{3000}모닥불\u{00A0}\n", "\r\n<p>x</p>\n\n", "\u{85}a b\u{2028}", "a\u{301} ",
        "🔥 \u{200B}"
    ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(text.trimmedOfWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmedOfWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
