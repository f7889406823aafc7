import Foundation
import ModakCore
@testable import ModakSite
import Testing

/// Folder names of tags and authors (`NameSlugs`): safe as paths, unique, and stable as sayings are added.
@Suite struct SayingTaxonomyTests {
    @Test func namesBecomeLowercaseAsciiWordsRomanisedAndWithoutAccents() {
        #expect(
            NameSlugs.assign(["김구 (Kim Gu)", "René Descartes", "Laozi", "사랑"]) == [
                "gimgu-kim-gu", "rene-descartes", "laozi", "sarang"
            ])
        let hashed = NameSlugs.assign(["孔子", "🔥"])
        #expect(hashed.allSatisfy { $0.count == 8 && $0.allSatisfy(\.isHexDigit) } && hashed[0] != hashed[1])
    }

    @Test func theOlderOfTwoNamesKeepsTheSlugAndTheNewerGetsItsHash() {
        let slugs = NameSlugs.assign(["Kim Gu", "kim gu", "KIM-GU"])
        #expect(slugs[0] == "kim-gu")
        #expect(slugs[1].hasPrefix("kim-gu-") && slugs[1] != slugs[2])
        // Each slug depends on the names before it only: names added after change none of them.
        #expect(NameSlugs.assign(["Kim Gu", "kim gu", "KIM-GU", "Kim  Gu"]).prefix(3) == slugs[...])
        #expect(NameSlugs.assign(["kim gu"]) == ["kim-gu"])
    }

    @Test func everySlugIsSafeAsAPathAndUnique() {
        let names = [
            "a/../b", "..", "-", "Ω", "x" + String(repeating: " long", count: 30), "<script>", "A", "a", "a-", "ａ"
        ]
        let slugs = NameSlugs.assign(names)
        #expect(Set(slugs).count == slugs.count)
        for slug in slugs {
            #expect(
                (1...64).contains(slug.count)
                    && slug.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
                "\(slug)")
        }
    }

    @Test func sayingsAreGroupedByTagAuthorAndMonthNewestFirst() {
        func saying(_ id: String, _ who: String, _ tags: [String]) -> Saying {
            Saying(
                id: id, kor: "", eng: id, who: who, time: Date(timeIntervalSince1970: 0), tags: tags, body: "",
                source: SourceLocation(path: "x", line: 1))
        }
        let published = [saying("c", "Lee", ["b"]), saying("b", "Kim", ["a", "b"]), saying("a", "Lee", [])]
        let days = [
            CivilDay(year: 2026, month: 2, day: 1), CivilDay(year: 2026, month: 1, day: 31),
            CivilDay(year: 2026, month: 1, day: 2)
        ]
        let taxonomy = SayingTaxonomy(published: published, days: days)
        #expect(taxonomy.authors.map(\.name) == ["Kim", "Lee"])
        #expect(taxonomy.authors.map(\.sayings) == [[1], [0, 2]])
        #expect(taxonomy.tags.map(\.sayings) == [[1], [0, 1]])
        #expect(taxonomy.tagsOf == [[1], [0, 1], []])
        #expect(taxonomy.months.map { [$0.year, $0.month] } == [[2026, 2], [2026, 1]])
        #expect(taxonomy.months.map(\.sayings) == [[0], [1, 2]])
    }
}
