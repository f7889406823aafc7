import Testing
@testable import ModakSite

/// Titles cut for link previews and the description of a shared card (`PreviewText`).
@Suite struct PreviewTextTests {
    @Test func aTitleThatFitsIsLeftAsItIs() {
        let title = String(repeating: "a", count: PreviewText.titleLimit)
        #expect(PreviewText.title(title) == title)
        #expect(PreviewText.title("짧은 제목") == "짧은 제목")
    }

    @Test func anEnglishTitleIsCutAfterItsLastWholeWord() {
        let title = "The journey of a thousand miles begins with a single step, and it goes on for a very long while"
        let cut = PreviewText.title(title)
        #expect(cut == "The journey of a thousand miles begins with a single step, and it…")
        #expect(cut.count <= PreviewText.titleLimit)
    }

    @Test func aCutRightBeforeASpaceKeepsTheLastWordAndDropsADanglingComma() {
        // The 69 characters that fit end exactly with "uvw," before a space.
        let title = String(repeating: "abcd ", count: 13) + "uvw, xyz tail"
        #expect(PreviewText.title(title) == String(repeating: "abcd ", count: 13) + "uvw…")
    }

    @Test func aKoreanTitleIsCutBetweenWordsNotInsideOne() {
        let title = "천 리 길도 한 걸음부터 시작된다는 말은 오래된 지혜이지만, 오늘 아침 다시 읽으니 새롭게 들린다. 작은 걸음 하나가 결국 먼 곳까지 데려다준다는 것을 잊지 말자."
        let cut = PreviewText.title(title)
        #expect(cut.count <= PreviewText.titleLimit && cut.hasSuffix("…"))
        let kept = cut.dropLast()
        #expect(title.hasPrefix(kept) && title[title.index(title.startIndex, offsetBy: kept.count)] == " ")
        #expect(cut == "천 리 길도 한 걸음부터 시작된다는 말은 오래된 지혜이지만, 오늘 아침 다시 읽으니 새롭게 들린다. 작은 걸음 하나가 결국…")
    }

    @Test func emojiAreCountedAndKeptWhole() {
        // 👨‍👩‍👧 is one character of five scalars; 🇰🇷 one of two.
        let title = String(repeating: "👨‍👩‍👧 ", count: 40) + "🇰🇷"
        let cut = PreviewText.title(title)
        #expect(cut == String(repeating: "👨‍👩‍👧 ", count: 34) + "👨‍👩‍👧…")
        #expect(cut.count == 70)
    }

    /// Hangul written as jamo joins into syllables: 70 of them fit, though they are 140 scalars.
    @Test func charactersOfSeveralScalarsCountOnce() {
        let syllables = String(repeating: "\u{1100}\u{1161}", count: PreviewText.titleLimit)
        #expect(PreviewText.title(syllables) == syllables)
        #expect(PreviewText.title(syllables + " 끝") == String(repeating: "\u{1100}\u{1161}", count: 69) + "…")
    }

    @Test func oneOverLongWordIsCutBetweenCharacters() {
        let word = String(repeating: "가👍🏽", count: 50)
        let cut = PreviewText.title(word)
        #expect(cut.count == PreviewText.titleLimit)
        #expect(cut == String(word.prefix(PreviewText.titleLimit - 1)) + "…")
    }

    @Test func aCardIsDescribedByItsTextsAndAuthorOnOneLine() {
        #expect(
            PreviewText.cardDescription(kor: "천 리 길도\n한 걸음부터", eng: "A journey of a thousand miles", who: "노자")
                == "천 리 길도 한 걸음부터 / A journey of a thousand miles — 노자")
        #expect(
            PreviewText.cardDescription(kor: "", eng: "Know thyself.", who: "Socrates")
                == "Know thyself. — Socrates")
        #expect(PreviewText.cardDescription(kor: "", eng: "", who: "Anonymous") == "— Anonymous")
    }
}
