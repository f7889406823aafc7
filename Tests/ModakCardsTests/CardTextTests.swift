import Testing
@testable import ModakCards

@Suite struct CardTextTests {
    @Test func controlCharactersAreRemoved() {
        #expect(CardText.sanitize("a\u{0}b\u{7}c\u{1B}d\u{7F}e\u{85}f\u{9F}g") == "abcdefg")
        #expect(CardText.sanitize("x\u{FFFE}y\u{FFFF}z") == "xyz")
    }

    @Test func newlinesAreNormalisedAndTabsBecomeSpaces() {
        #expect(CardText.sanitize("a\r\nb\rc\nd\u{2028}e\u{2029}f") == "a\nb\nc\nd\ne\nf")
        #expect(CardText.sanitize("a\tb") == "a b")
        #expect(CardText.sanitize("a\r\nb\nc", keepNewlines: false) == "a b c")
    }

    @Test func bidiControlsAreStripped() {
        let text = "\u{202A}a\u{202B}b\u{202C}c\u{202D}d\u{202E}e\u{2066}f\u{2067}g\u{2068}h\u{2069}"
        #expect(CardText.sanitize(text) == "abcdefgh")
    }

    @Test func ordinaryTextIsUntouched() {
        let text = "아는 것을 안다고 하고 — “Know” 👨‍👩‍👧 é"
        #expect(CardText.sanitize(text) == text)
    }
}
