import Testing
@testable import ModakCore

@Suite("control characters")
struct TextCleaningTests {
    @Test(arguments: [0x01, 0x0B, 0x0C, 0x1B, 0x7F, 0x85, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF] as [UInt32])
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
            "sayings/a.json": "[{\"id\": \"a\", \"kor\": \"가\\u0001나\", \"eng\": \"x\", \"who\": \"w\",\n \"time\": \"2026-11-01\"}]",
            "sayings/b.md": sayingMarkdown(id: "b", body: "first line\nsecond \u{1B}line"),
        ])
        let sayings = try #require(content?.sayings)
        #expect(sayings.first { $0.id == "a" }?.kor == "가나")
        #expect(sayings.first { $0.id == "b" }?.body.contains("second line") == true)
        let warnings = log.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/sayings/a.json:1: warning: `kor` holds invisible control characters") })
        #expect(warnings.contains { $0.hasPrefix("content/sayings/b.md:") && $0.contains("invisible control characters") })
        #expect(!log.hasErrors)
    }
}
