import Testing
@testable import ModakCore

@Suite("slugs and romanisation")
struct SlugTests {
    @Test(arguments: [
        ("모닥불", "modakbul"), ("시작이 반이다", "sijagi banida"), ("있으면", "isseumyeon"), ("앞에", "ape"),
        ("별로", "byeollo"), ("좋아", "joa"), ("싫어", "sireo"), ("넋이", "neoksi"), ("강아지", "gangaji"), ("꽃", "kkot"),
        ("티끌 모아 태산", "tikkeul moa taesan"), ("배우고, 익히면.", "baeugo, ikhimyeon."), ("Modak 모닥", "Modak modak")
    ])
    func revisedRomanization(_ hangul: String, _ latin: String) {
        #expect(Romanization.revised(hangul) == latin)
    }

    @Test func slugsAreLowercaseAsciiWordsAPersonWouldKeep() {
        #expect(Slug.make("Like getting warm, in front of a bonfire!") == "like-getting-warm-in-front-of-a-bonfire")
        #expect(Slug.make("천 리 길도 한 걸음부터") == "cheon-ri-gildo-han-georeumbuteo")
        #expect(Slug.make("🔥 漢字") == nil)
        #expect(Slug.make(String(repeating: "word ", count: 20))!.count <= 40)
        #expect(Slug.make(String(repeating: "x", count: 60)) == String(repeating: "x", count: 40))
    }

    @Test func accentsAndLigaturesFoldToAscii() {
        #expect(Slug.make("René Descartes") == "rene-descartes")
        #expect(Slug.make("Ｆｕｌｌ ﬁsh Ångström") == "full-fish-angstrom")
        #expect(Slug.make("김구 (Kim Gu)") == "gimgu-kim-gu")
    }

    @Test func aLongerLimitKeepsMoreWords() {
        let text = "one two three four five six seven eight nine ten eleven"
        #expect(Slug.make(text)!.count <= 40)
        #expect(Slug.make(text, maxLength: 60) == "one-two-three-four-five-six-seven-eight-nine-ten-eleven")
    }
}
