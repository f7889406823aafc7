import Testing
@testable import ModakCards

@Suite struct FontMetricsTests {
    let regular = FontMetrics.notoSansKRRegular
    let bold = FontMetrics.notoSansKRBold

    @Test func hangulSyllablesAreOneRangeOfEqualWidth() {
        for scalar in ["가", "각", "힣", "뷁", "똠"] as [Character] {
            #expect(regular.width(of: scalar) == 920)
            #expect(bold.width(of: scalar) == 920)
        }
    }

    @Test func latinWidthsComeFromTheFont() {
        #expect(regular.width(of: "A") == 608)
        #expect(bold.width(of: "A") == 641)
        #expect(regular.width(of: "i") < regular.width(of: "m"))
        // The space is measured in its wider Korean form (locl KOR).
        #expect(regular.width(of: " ") == 280)
        #expect(regular.width(of: "ab") == regular.width(of: "a") + regular.width(of: "b"))
    }

    @Test func punctuationAndJamoAreInTheTable() throws {
        for scalar in ["「", "」", "…", "—", "ㄱ", "ᄀ", "！", "é"] as [Unicode.Scalar] {
            #expect(regular.tableAdvance(of: scalar) != nil, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// Whole blocks of 256 code points are looked up directly, the rest searched: both must give
    /// what the table says, at block edges too.
    @Test func lookupAgreesWithTheTableAtEveryCodePoint() {
        let table: [UInt32] = [
            0x20, 0x20, 280, 0x41, 0x5A, 600, 0x100, 0x1FF, 500, 0x2FF, 0x400, 510,
            0xAC00, 0xD7A3, 920, 0xD800, 0xD8FE, 700, 0xFFFF, 0x10100, 900
        ]
        let metrics = FontMetrics(table: table)
        func listed(_ cp: UInt32) -> Int? {
            stride(from: 0, to: table.count, by: 3).first { table[$0] <= cp && cp <= table[$0 + 1] }.map {
                Int(table[$0 + 2])
            }
        }
        for cp in UInt32(0)...0x10200 {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            #expect(metrics.tableAdvance(of: scalar) == listed(cp), "U+\(String(cp, radix: 16))")
        }
    }

    @Test func unknownCharactersFallBackConservatively() {
        // CJK Extension B ideograph: not in the table, assumed 1 em.
        #expect(regular.width(of: "𠀀") == FontMetrics.fallbackAdvance)
        // Emoji get the colour emoji font's advance, wider than 1 em.
        #expect(regular.width(of: "😀") == FontMetrics.emojiAdvance)
        #expect(FontMetrics.emojiAdvance >= 1245)
        // Invisible format characters take no room.
        #expect(regular.advance(of: "\u{200D}") == 0)
    }

    @Test func emojiSequencesAreOneGlyph() {
        for sequence in ["👨‍👩‍👧", "🇰🇷", "👍🏽", "❤️", "1️⃣"] as [Character] {
            #expect(regular.width(of: sequence) == FontMetrics.emojiAdvance, "\(sequence)")
        }
    }

    @Test func combiningMarksDoNotWidenTheirBase() {
        let decomposed: Character = "e\u{301}"
        #expect(regular.width(of: decomposed) == regular.width(of: "e"))
    }

    @Test func stringWidthSumsClusters() {
        #expect(regular.width(of: "가 나") == 920 + 280 + 920)
        #expect(regular.width(of: "") == 0)
    }
}
