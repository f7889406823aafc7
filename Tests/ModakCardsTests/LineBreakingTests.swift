import Testing
import CardSamples
@testable import ModakCards

/// Wraps `text` at `width` (1/1000 em) and returns the lines' text.
private func wrap(_ text: String, width: Int, balanced: Bool = true) -> [String] {
    let block = TextBlock(text, metrics: .notoSansKRRegular)
    return block.lines(maxWidth: width, balanced: balanced).map(block.text(of:))
}

private func measure(_ text: String) -> Int { FontMetrics.notoSansKRRegular.width(of: text) }

@Suite struct LineBreakingTests {
    let korean = "아는 것을 안다고 하고, 모르는 것을 모른다고 하는 것, 이것이 바로 아는 것이다."

    @Test func koreanBreaksOnlyBetweenWords() {
        // At every width from 5 to 40 syllables, lines are whole words.
        let words = korean.split(separator: " ").map(String.init)
        for width in stride(from: 5 * 920, through: 40 * 920, by: 257) {
            let lines = wrap(korean, width: width)
            #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words, "width \(width)")
            for line in lines { #expect(measure(line) <= width, "\(line) at \(width)") }
        }
    }

    @Test func koreanWordIsKeptWholeEvenWhenLineIsShort() {
        // "모른다고" (4 syllables) must not be split although 3 syllables would fit after "것을".
        let lines = wrap("모르는 것을 모른다고", width: 7 * 920)
        #expect(lines == ["모르는 것을", "모른다고"])
    }

    @Test func wordWiderThanTheLineIsBrokenBetweenClusters() {
        let word = String(repeating: "antidisestablishment", count: 3) // 60 letters
        let width = measure("antidisestablishment") + 100
        let lines = wrap(word, width: width)
        #expect(lines.joined() == word)
        #expect(lines.count == 3)
        for line in lines { #expect(measure(line) <= width) }
    }

    @Test func brokenLongWordIsBalancedToo() {
        // Greedy leaves a 2-letter last line; balancing spreads the word evenly.
        let word = String(repeating: "a", count: 42)
        let width = measure(String(repeating: "a", count: 20))
        #expect(wrap(word, width: width, balanced: false).map(\.count) == [20, 20, 2])
        #expect(wrap(word, width: width).map(\.count) == [14, 14, 14])
    }

    @Test func onlyTheOverlongWordIsBroken() {
        let long = String(repeating: "x", count: 40)
        let width = measure(String(repeating: "x", count: 25))
        let lines = wrap("short words \(long) stay whole", width: width)
        for word in ["short", "words", "stay", "whole"] {
            #expect(lines.contains { $0.split(separator: " ").contains(Substring(word)) }, "\(word) in \(lines)")
        }
        #expect(lines.joined(separator: " ").filter { $0 == "x" }.count == 40)
    }

    @Test func emojiSequencesAndCombiningMarksAreNeverSplit() {
        let family: Character = "👨‍👩‍👧"
        let accented: Character = "e\u{301}"
        let text = String(repeating: String(family), count: 9) + String(repeating: String(accented), count: 9)
        let lines = wrap(text, width: 3 * FontMetrics.emojiAdvance)
        #expect(lines.count > 3)
        for line in lines {
            #expect(line.allSatisfy { $0 == family || $0 == accented }, "\(line.unicodeScalars.map(\.value))")
        }
        #expect(lines.joined() == text)
    }

    @Test func englishWrapsAtSpacesAndAfterHyphens() {
        #expect(wrap("a well-known saying", width: measure("a well-kn")) == ["a well-", "known", "saying"])
        // A hyphen not between letters is no break opportunity.
        #expect(wrap("x -- y", width: measure("x -")) == ["x", "--", "y"])
    }

    @Test func newlinesAreRespected() {
        #expect(wrap("하나\n둘", width: 100_000) == ["하나", "둘"])
        // Runs of blank lines collapse to one; blank lines at either end go.
        #expect(wrap("\n\n하나\n\n\n\n둘\n\n", width: 100_000) == ["하나", "", "둘"])
        // Spaces collapse and are trimmed around lines.
        #expect(wrap("  a   b  \n  c ", width: 100_000) == ["a b", "c"])
    }

    @Test func balancedLinesLeaveNoOrphanWord() {
        let text = "The quick brown fox jumps over the lazy dog"
        let width = measure("The quick brown fox jumps over the lazy")
        let greedy = wrap(text, width: width, balanced: false)
        #expect(greedy == ["The quick brown fox jumps over the lazy", "dog"])
        let balanced = wrap(text, width: width)
        #expect(balanced.count == 2)
        #expect(balanced.joined(separator: " ") == text)
        #expect(balanced[1].split(separator: " ").count >= 3)
        #expect(abs(measure(balanced[0]) - measure(balanced[1])) < measure("jumps over"))
    }

    @Test func balancingKeepsTheLineCount() {
        let text = CardSamples.hangul(syllables: 300)
        for width in stride(from: 20_000, through: 60_000, by: 3_333) {
            #expect(wrap(text, width: width).count == wrap(text, width: width, balanced: false).count)
        }
    }

    @Test func greedyLineCountNeverGrowsWithWidth() {
        // The font-size search depends on this.
        let paragraph = Paragraph(utf8: Array(CardSamples.englishWords(60).utf8), metrics: .notoSansKRRegular)
        var previous = Int.max
        for width in stride(from: 3_000, through: 80_000, by: 500) {
            let count = paragraph.greedyLines(maxWidth: width).count
            #expect(count <= previous)
            previous = count
        }
    }

    @Test func ellipsisFitsTheLine() {
        let block = TextBlock("모닥불 곁에서 나눈 이야기", metrics: .notoSansKRRegular)
        let line = block.lines(maxWidth: 100_000)[0]
        let cut = block.ellipsized(line, maxWidth: line.width)
        #expect(cut.text.hasSuffix("…"))
        #expect(cut.width <= line.width)
        #expect(cut.width == measure(cut.text))
        #expect(!cut.text.contains(" …"))
    }

    @Test func breakingSpacesAreTheSpaceSeparatorsButTheNoBreakOnes() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected =
                scalar.properties.generalCategory == .spaceSeparator && ![0xA0, 0x2007, 0x202F].contains(value)
            #expect(Paragraph.isBreakingSpace(scalar) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test func textOfTheFastPathHasOneScalarPerCluster() {
        // The fast path skips grapheme segmentation for texts made only of these scalars: none of
        // them may join its neighbour, whichever of them it is.
        let all = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter(Paragraph.standsAlone)
        #expect(all.count > 30_000)
        let neighbours: [Unicode.Scalar] = ["a", " ", "-", "가", "힣", "ㄱ", "中", "。", "\u{3000}", "é", "Ａ", "…"]
        for scalar in all {
            for other in neighbours {
                #expect(
                    String(String.UnicodeScalarView([scalar, other])).count == 2, "U+\(String(scalar.value, radix: 16))"
                )
                #expect(
                    String(String.UnicodeScalarView([other, scalar])).count == 2, "U+\(String(scalar.value, radix: 16))"
                )
            }
        }
        for text in ["e\u{301}", "👍🏽", "\u{1100}\u{1161}", "각\u{11A8}", "a\u{200D}b", "🇰🇷", "\u{0600}1"] {
            #expect(!text.unicodeScalars.allSatisfy(Paragraph.standsAlone), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func fastAndFullSegmentationAgree() {
        // The same text through the fast path, and with a combining mark appended to force the full
        // segmentation: the clusters before the mark must be the same.
        let texts = ["아는 것을  안다고 하고, well-known — 말—글 ｆｕｌｌ　width 中文。", "  a  b", "x -- y", "a\u{2014}b"]
        for text in texts {
            let fast = Paragraph(utf8: Array(text.utf8), metrics: .notoSansKRRegular)
            let full = Paragraph(utf8: Array((text + "e\u{301}").utf8), metrics: .notoSansKRRegular)
            #expect(text.unicodeScalars.allSatisfy(Paragraph.standsAlone))
            #expect(full.clusters.count == fast.clusters.count + 1)
            for (a, b) in zip(fast.clusters, full.clusters) {
                #expect(
                    a.bytes == b.bytes && a.width == b.width && a.isSpace == b.isSpace && a.breakAfter == b.breakAfter)
            }
            #expect(fast.text(of: 0..<fast.clusters.count) + "e\u{301}" == full.text(of: 0..<full.clusters.count))
        }
    }

    @Test func theLineBreakerMakesTheLinesOfTheRulesAndCountsThem() {
        // The line breaker goes word by word; the rules are stated cluster by cluster
        // (`clusterByClusterLines`). They must agree at every width, with words that need cutting
        // and without, and the count must be the lines'.
        let texts =
            Self.mixedTexts(count: 400, longest: 40, seed: 99, extraPiece: "--")
            + Self.mixedTexts(count: 200, longest: 12, seed: 3, extraPiece: "\u{2060}")
        for text in texts {
            let paragraph = Paragraph(utf8: Array(text.utf8), metrics: .notoSansKRRegular)
            for width in stride(from: 1, through: paragraph.widestWord * 3 + 2_000, by: 97) {
                let lines = paragraph.greedyLines(maxWidth: width)
                #expect(lines == Self.clusterByClusterLines(paragraph, maxWidth: width), "\(text) at \(width)")
                #expect(paragraph.greedyLineCount(maxWidth: width) == lines.count, "\(text) at \(width)")
            }
        }
    }

    /// First-fit wrapping as the rules state it: each line takes clusters until one that is not a
    /// space would overflow, then ends after the last break opportunity, or before that cluster
    /// when there is none (a word wider than the line; at least one cluster); spaces around a
    /// line are dropped.
    private static func clusterByClusterLines(_ paragraph: Paragraph, maxWidth: Int) -> [Range<Int>] {
        let clusters = paragraph.clusters
        var lines: [Range<Int>] = []
        var start = 0
        while start < clusters.count {
            var end = clusters.count
            var lastBreak: Int?
            for index in start..<clusters.count {
                if !clusters[index].isSpace && paragraph.width(of: start..<index + 1) > maxWidth {
                    end = lastBreak.map { $0 + 1 } ?? max(index, start + 1)
                    break
                }
                if clusters[index].breakAfter { lastBreak = index }
            }
            var contentEnd = end
            while contentEnd > start && clusters[contentEnd - 1].isSpace { contentEnd -= 1 }
            lines.append(start..<contentEnd)
            start = end
            while start < clusters.count && clusters[start].isSpace { start += 1 }
        }
        return lines.isEmpty ? [0..<0] : lines
    }

    @Test func balancingStartingAtTheShareOfTheTextFindsTheNarrowestWidth() {
        // When every word fits, the search for balanced lines starts at the lines' share of the text
        // instead of at the widest word: it must end where a search from the widest word ends.
        for text in Self.mixedTexts(count: 100, longest: 60, seed: 7, extraPiece: "\u{3000}") {
            let paragraph = Paragraph(utf8: Array(text.utf8), metrics: .notoSansKRRegular)
            let widest = paragraph.widestWord
            for width in stride(from: max(widest, 1), through: widest * 4 + 3_000, by: 337) {
                let count = paragraph.greedyLines(maxWidth: width).count
                var low = max(1, widest)
                var high = width
                while low < high {
                    let mid = (low + high) / 2
                    if paragraph.greedyLines(maxWidth: mid).count <= count { high = mid } else { low = mid + 1 }
                }
                #expect(
                    paragraph.balancedLines(maxWidth: width) == paragraph.greedyLines(maxWidth: high),
                    "\(text) at \(width)")
            }
        }
    }

    @Test func textDrawnAsIsIsItsOwnUnbrokenLine() {
        let texts =
            Self.mixedTexts(count: 400, longest: 8, seed: 5, extraPiece: "\u{3000}")
            + ["", " ", "2015년 1월 1일", " 2015년", "2015년 ", "1월  1일", "a\nb", "Nov 30, 2026", "e\u{301}"]
        var drawnAsIs = 0
        for text in texts {
            let block = TextBlock(text, metrics: .notoSansKRRegular)
            guard let width = Paragraph.widthDrawnAsIs(text, metrics: .notoSansKRRegular) else { continue }
            drawnAsIs += 1
            let lines = block.lines(maxWidth: .max, balanced: false)
            #expect(lines.count == 1 && block.text(of: lines[0]) == text && lines[0].width == width, "\(text)")
        }
        #expect(drawnAsIs > 50)
    }

    @Test func aLineTextCollapsesSpacesInsideIt() {
        let paragraph = Paragraph(utf8: Array("  가 나  다\u{3000} \u{3000}라 ".utf8), metrics: .notoSansKRRegular)
        let all = 0..<paragraph.clusters.count
        #expect(paragraph.text(of: all) == "가 나 다\u{3000}라")
        #expect(paragraph.text(of: 0..<3) == "가 나")
        #expect(paragraph.text(of: 0..<3, suffix: "…") == "가 나…")
        #expect(paragraph.text(of: 2..<2) == "")
    }

    /// `count` texts of up to `longest` pieces: Hangul, spaces, hyphens and dashes, a zero-width
    /// space, an emoji, a combining mark, a word too long for any line, and `extraPiece`; the same
    /// texts for the same seed.
    private static func mixedTexts(count: Int, longest: Int, seed: UInt64, extraPiece: String) -> [String] {
        let pieces = [
            "모닥불", "가", " ", "  ", "well-known", "a", "\u{200B}", "—", "😀", "e\u{301}", "x-y", "Supercalifragilistic",
            extraPiece
        ]
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        return (0..<count).map { _ in (0..<next(longest)).map { _ in pieces[next(pieces.count)] }.joined() }
    }
}
