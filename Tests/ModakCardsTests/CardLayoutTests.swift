import Testing
import CardSamples
@testable import ModakCards

private func layout(korean: String = "", english: String = "", author: String = "Anonymous") -> CardLayout {
    CardRenderer(theme: .bonfire).layout(
        for: CardContent(
            id: "t", korean: korean, english: english, author: author, siteName: "모닥 Modak", dateLabel: "2026-11-28"))
}

@Suite struct CardLayoutTests {
    @Test func shortSayingsAreLarge() {
        #expect(layout(korean: "꿈").primarySize == CardGeometry.quotationSizes.largest)
        #expect(layout(english: "Dream.").primarySize == CardGeometry.quotationSizes.largest)
    }

    @Test func fontSizeShrinksAsTextGrowsAndNeverBelowTheFloor() {
        var sizes: [Int] = []
        for syllables in [2, 10, 25, 50, 100, 200, 300, 600, 2_000] {
            sizes.append(layout(korean: CardSamples.hangul(syllables: syllables)).primarySize)
        }
        #expect(sizes == sizes.sorted(by: >), "\(sizes)")
        #expect(sizes.first! > sizes.last!)
        #expect(sizes.allSatisfy { $0 >= CardGeometry.quotationSizes.smallest })
        #expect(sizes.last == CardGeometry.quotationSizes.smallest)
    }

    @Test func longestSayingsFitWithoutTruncation() {
        let cases = [
            layout(korean: CardSamples.hangul(syllables: 300)),
            layout(english: CardSamples.englishWords(60)),
            layout(korean: CardSamples.hangul(syllables: 300), english: CardSamples.englishWords(60)),
            layout(english: String(repeating: "antidisestablishment", count: 3))
        ]
        for card in cases {
            #expect(!card.truncated)
            #expect(card.lines.allSatisfy { !$0.text.hasSuffix("…") })
        }
    }

    @Test func textTooLongEvenAtTheFloorIsTruncatedWithAnEllipsis() {
        let card = layout(korean: CardSamples.hangul(syllables: 1_500), english: CardSamples.englishWords(300))
        #expect(card.truncated)
        #expect(card.primarySize == CardGeometry.quotationSizes.smallest)
        let quote = card.lines.filter { $0.role == .quote }
        let translation = card.lines.filter { $0.role == .translation }
        #expect(quote.last?.text.hasSuffix("…") == true)
        #expect(translation.last?.text.hasSuffix("…") == true)
        #expect(card.lines.contains { $0.role == .author })
        let bottom = card.lines.filter { $0.role != .siteName && $0.role != .date }.map(\.box.maxY).max()!
        #expect(bottom <= CardGeometry.column.maxY)
    }

    @Test func longAuthorTakesAtMostTwoLines() {
        let author = String(repeating: "Antoine de Saint-Exupéry ", count: 12)
        let lines = layout(korean: "짧은 말.", author: author).lines.filter { $0.role == .author }
        #expect(lines.count == CardGeometry.author.maxLines)
        #expect(lines.first!.text.hasPrefix("— Antoine"))
        #expect(lines.last!.text.hasSuffix("…"))
    }

    @Test func everyLineOfTheStressSetStaysInsideTheSafeArea() {
        let renderer = CardRenderer(theme: .bonfire)
        for content in CardSamples.all {
            let card = renderer.layout(for: content)
            for line in card.lines {
                #expect(CardGeometry.safeArea.contains(line.box), "\(content.id): \(line.text) \(line.box)")
                #expect(line.box.width <= CardGeometry.column.width, "\(content.id): \(line.text)")
                // Clear of the bonfire in the bottom-right corner.
                #expect(line.box.maxX <= 1000 || line.box.maxY <= 470, "\(content.id): \(line.text)")
            }
            // Lines do not overlap one another.
            let boxes = card.lines.map(\.box).sorted { $0.minY < $1.minY }
            for (upper, lower) in zip(boxes, boxes.dropFirst()) where upper.minX < lower.maxX && lower.minX < upper.maxX
            {
                #expect(upper.maxY <= lower.minY, "\(content.id)")
            }
        }
    }

    @Test func blocksAppearInOrderWithTheirLanguages() {
        let card = layout(korean: "시작이 반이다.", english: "Well begun is half done.", author: "Aristotle")
        #expect(card.lines.map(\.role) == [.quote, .translation, .author, .siteName, .date])
        #expect(card.lines.map(\.lang.code) == ["ko", "en", "en", "ko", "en"])
        #expect(card.lines[1].fontSize < card.lines[0].fontSize)
    }

    @Test func eitherBlockMayBeEmpty() {
        let englishOnly = layout(english: "Well begun is half done.")
        #expect(englishOnly.lines.first?.role == .quote)
        #expect(englishOnly.lines.first?.lang == .english)
        #expect(!englishOnly.lines.contains { $0.role == .translation })

        let koreanOnly = layout(korean: "시작이 반이다.")
        #expect(koreanOnly.lines.first?.lang == .korean)
        #expect(!koreanOnly.lines.contains { $0.role == .translation })
    }

    @Test func aZeroWidthCharacterAfterTheLastSpaceIsCountedWithTheLines() {
        // The word joiner is a word of its own, of no width. The line count once left it out while
        // the lines did not, so the count was one short and the card cut a line it had room for.
        let korean = "é모닥불The quick brown foxThe quick brown fox \u{2060}"
        let english =
            "아는 것을 안다고 하고가😀모닥불\u{200B}Supercalifragilisticexpialidocious😀😀😀"
            + "The quick brown foxThe quick brown fox가😀모닥불well-knownwell-knowna모닥불The quick brown fox"
        let card = layout(korean: korean, english: english)
        #expect(!card.truncated)
        #expect(card.lines.last { $0.role == .quote }?.text.hasSuffix(" \u{2060}") == true)
    }

    @Test func blankAuthorDrawsNoDash() {
        #expect(!layout(korean: "꿈", author: "  \t ").lines.contains { $0.role == .author })
    }

    @Test func explicitNewlinesMakeLines() {
        let card = layout(korean: "첫째 줄\n둘째 줄")
        #expect(card.lines.filter { $0.role == .quote }.map(\.text) == ["첫째 줄", "둘째 줄"])
    }

    @Test func shortTextIsCentredVertically() {
        let card = layout(korean: "꿈", author: "")
        let box = card.lines[0].box
        let column = CardGeometry.column
        let middle = (column.minY + column.maxY) / 2
        #expect(abs((box.minY + box.maxY) / 2 - middle) < 0.15 * Double(card.primarySize))
    }
}
