import Foundation
import ModakInput
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

@Suite struct PriceFormatTests {
    @Test(arguments: [
        (0, "0원", "₩0"), (999, "999원", "₩999"), (1000, "1,000원", "₩1,000"), (3000, "3,000원", "₩3,000"),
        (35000, "35,000원", "₩35,000"),
        (123_456, "123,456원", "₩123,456"), (2_000_000, "2,000,000원", "₩2,000,000"),
        (50_000_000, "50,000,000원", "₩50,000,000")
    ])
    func wonWithCommasEveryThreeDigits(amount: Int, korean: String, english: String) throws {
        let templates = try TemplateLoader.load(folders: [Fixtures.templates])
        #expect(PriceFormat(pattern: try #require(templates.strings["ko"]?["price"])).text(amount) == korean)
        #expect(PriceFormat(pattern: try #require(templates.strings["en"]?["price"])).text(amount) == english)
    }
}

@Suite struct TagSlugTests {
    static let awkwardTags = [
        "food", "Food", "FOOD", "집들이", "집 들이", "Warm & Cozy", "warm-cozy", "a/b", "a b", "../etc", "..", ".", "",
        " ", "tag", "-lead", "trail-", "double--dash", "100%", "%2e%2e", "x\u{0}y", "\u{1F381}", "e\u{301}", "\u{E9}",
        String(repeating: "long", count: 30)
    ]

    @Test func plainTagsAreTheirOwnSlug() {
        for tag in ["food", "home-bar", "k-pop", "2026"] {
            #expect(TagSlug.slug(tag) == tag)
        }
    }

    @Test func everyTagGivesASafeFolderName() {
        for tag in Self.awkwardTags {
            let slug = TagSlug.slug(tag)
            #expect(!slug.isEmpty && slug.utf8.count <= 64, "\(tag.debugDescription) → \(slug)")
            #expect(
                slug.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 },
                "\(tag.debugDescription) → \(slug)")
            #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"), "\(tag.debugDescription) → \(slug)")
            #expect(URLRules.isContainedRelativePath(SitePaths.giftTag(slug) + "index.html"))
        }
    }

    @Test func distinctTagsGetDistinctSlugs() {
        let slugs = Self.awkwardTags.map(TagSlug.slug)
        #expect(Set(slugs).count == Self.awkwardTags.count, "\(slugs)")
    }

    @Test func rewrittenTagsKeepTheirReadablePartAndAStableHash() {
        #expect(TagSlug.slug("Food").hasPrefix("food-"))
        #expect(TagSlug.slug("Warm & Cozy").hasPrefix("warm-cozy-"))
        #expect(TagSlug.slug("집들이").hasPrefix("tag-"))
        // Slugs are URLs people bookmark: the hash must not change between builds or machines.
        #expect(TagSlug.slug("집들이") == TagSlug.slug("집들이"))
        var hash = FNV1a()
        hash.add("집들이")
        #expect(TagSlug.slug("집들이") == "tag-" + String(String(hash.value, radix: 16).leftPadded(to: 16).prefix(8)))
    }
}

@Suite struct GiftURLTests {
    @Test func imagePathsAreRelativeToTheGiftsFolderAndSeenFromThePage() {
        #expect(SitePaths.giftImage("images/mug.svg", from: "gifts/") == "../gifts/images/mug.svg")
        #expect(SitePaths.giftImage("images/mug.svg", from: "gifts/mug/") == "../../gifts/images/mug.svg")
        #expect(SitePaths.giftImage("images/mug.svg", from: "gifts/tags/home/") == "../../../gifts/images/mug.svg")
        #expect(SitePaths.giftImage("mug.svg", from: "") == "./gifts/mug.svg")
    }

    @Test func absoluteImageURLsStayAsTheyAre() {
        #expect(
            SitePaths.giftImage("https://cdn.example/a.png?x=1", from: "gifts/mug/") == "https://cdn.example/a.png?x=1")
    }

    @Test func fileNamesArePercentEncoded() {
        #expect(SitePaths.giftImage("images/free hug.svg", from: "gifts/") == "../gifts/images/free%20hug.svg")
        #expect(SitePaths.giftImage("images/머그.svg", from: "gifts/") == "../gifts/images/%EB%A8%B8%EA%B7%B8.svg")
        #expect(SitePaths.giftImage("images/100%.svg", from: "gifts/") == "../gifts/images/100%25.svg")
    }
}

@Suite struct GiftPagesTests {
    func build(_ content: String, in folder: TemporaryFolder) -> BuildResult {
        SiteBuilder.pinned.build(request(content: content, output: folder.path + "/public"))
    }

    func dataFileName(in folder: TemporaryFolder) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/public/gifts").filter {
            $0.hasPrefix("data-")
        }
        return try #require(names.count == 1 ? names[0] : nil, "\(names)")
    }

    @Test func catalogueListsEveryGiftWithItsPriceImageAndTags() throws {
        let folder = try TemporaryFolder()
        let result = build(Fixtures.content("gifts"), in: folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        let page = try #require(folder.read("public/gifts/index.html"))
        // The fixture is an English site: prices are written `₩35,000` (a Korean one writes `35,000원`).
        for (id, price) in [("free-hug", "₩0"), ("mug", "₩3,000"), ("watch", "₩2,000,000"), ("no-tags", "₩50,000,000")]
        {
            #expect(page.contains(#"data-gift-id="\#(id)""#))
            #expect(page.contains(#"href="../gifts/\#(id)/""#))
            #expect(page.contains(price), "price of \(id)")
        }
        #expect(page.contains(#"src="../gifts/images/free%20hug.svg""#))
        #expect(page.contains(#"src="https://cdn.example/watch.png""#))
        #expect(page.contains(#"data-price="2000000""#))
        #expect(page.contains(#"data-tags="home drink""#))
        #expect(page.contains(#"href="../gifts/tags/\#(TagSlug.slug("집들이"))/""#))
        #expect(page.contains(">집들이 <"))
        #expect(page.contains(#"id="gift-filter""#) && page.contains(#"href="../gifts/quiz/""#))
        #expect(page.contains(#"aria-current="page">Gifts<"#), "the Gifts menu entry is current")
    }

    @Test func giftPageShowsEverythingAndLinksOutSafely() throws {
        let folder = try TemporaryFolder()
        #expect(build(Fixtures.content("gifts"), in: folder).succeeded)
        let page = try #require(folder.read("public/gifts/mug/index.html"))
        #expect(page.contains("<h1>Mug</h1>"))
        #expect(page.contains("₩3,000"))
        #expect(page.contains("A &lt;mug&gt; &amp; a saucer."), "descriptions are escaped")
        #expect(page.contains(#"src="../../gifts/images/mug.svg""#))
        #expect(page.contains(#"<a class="button" href="https://shop.example/mug" rel="external noopener">"#))
        #expect(page.contains(#"href="../../gifts/tags/home/""#) && page.contains(#"href="../../gifts/tags/drink/""#))
        let noLink = try #require(folder.read("public/gifts/free-hug/index.html"))
        #expect(!noLink.contains("noopener"), "no shop link without `link`")
    }

    @Test func everyTagHasAPageListingExactlyItsGifts() throws {
        let folder = try TemporaryFolder()
        #expect(build(Fixtures.content("gifts"), in: folder).succeeded)
        let home = try #require(folder.read("public/gifts/tags/home/index.html"))
        #expect(home.contains(#"data-gift-id="mug""#) && home.contains(#"data-gift-id="watch""#))
        #expect(!home.contains(#"data-gift-id="free-hug""#) && !home.contains(#"data-gift-id="no-tags""#))
        #expect(home.contains(#"href="../../../gifts/tags/home/" aria-current="page""#))
        for tag in ["집들이", "Warm & Cozy", "drink", "tech"] {
            let page = try #require(folder.read("public/gifts/tags/\(TagSlug.slug(tag))/index.html"), "page of \(tag)")
            #expect(page.contains(tag.replacingOccurrences(of: "&", with: "&amp;")))
        }
        let tagFolders = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/public/gifts/tags")
        #expect(tagFolders.count == 5)
    }

    @Test func quizPageHasTheHooksAndLoadsTheHashedDataFile() throws {
        let folder = try TemporaryFolder()
        #expect(build(Fixtures.content("gifts"), in: folder).succeeded)
        let page = try #require(folder.read("public/gifts/quiz/index.html"))
        for hook in [
            #"id="gender""#, #"id="birth-month""#, #"id="birth-day""#, #"id="budget-min""#, #"id="budget-max""#,
            #"data-answer="O""#, #"data-answer="X""#, #"data-answer="skip""#, #"id="gift-result""#,
            #"id="another-gift""#,
            "<noscript>", "<progress", #"inputmode="numeric""#, #"data-max-budget="50000000""#
        ] {
            #expect(page.contains(hook), "\(hook)")
        }
        let name = try dataFileName(in: folder)
        #expect(name.wholeMatch(of: /data-[0-9a-f]{10}\.json/) != nil, "\(name)")
        #expect(page.contains(#"data-src="../../gifts/\#(name)""#))

        let bytes = try #require(FileManager.default.contents(atPath: folder.path + "/public/gifts/" + name))
        let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let gifts = try #require(json["gifts"] as? [[String: Any]])
        let questions = try #require(json["questions"] as? [[String: Any]])
        #expect(gifts.map { $0["id"] as? String } == ["free-hug", "mug", "watch", "no-tags"])
        #expect(questions.map { $0["id"] as? String } == ["q-home", "q-tech", "q-warm"])
        let free = gifts[0]
        #expect(free["image"] as? String == "images/free%20hug.svg", "relative to the data file's folder")
        #expect(free["url"] as? String == "free-hug/")
        #expect(free["priceText"] as? String == "₩0")
        #expect(free["tags"] as? [String] == ["집들이", "Warm & Cozy"])
        #expect(gifts[2]["image"] as? String == "https://cdn.example/watch.png")
        #expect(gifts[2]["gender"] as? String == "male")
        #expect(gifts[3]["gender"] as? String == "any")
        #expect(gifts[1]["link"] as? String == "https://shop.example/mug")
        #expect(gifts[0]["link"] == nil)
        // The illustrations the data file points at are in the output.
        #expect(folder.exists("public/gifts/images/free hug.svg"))
    }

    /// The data file as `JSONEncoder` wrote it before (`.sortedKeys`, `.withoutEscapingSlashes`),
    /// whatever the texts hold.
    @Test func theDataFileIsWhatJSONEncoderWrote() throws {
        struct Item: Encodable {
            let id, name: String, price: Int, priceText, image, url: String, tags: [String], gender: String,
                link: String?
        }
        struct QuestionItem: Encodable { let id, text, tag: String }
        struct Document: Encodable { let gifts: [Item], questions: [QuestionItem] }
        let odd = "a\"b\\c/d\u{1}\u{1F}\u{7F}\t\n\r\u{8}\u{C} 한글 🔥 \u{2028}\u{FEFF}e\u{301}"
        let source = SourceLocation(path: "gifts/gifts.json", line: 1)
        let gifts = [
            Gift(
                id: "mug", name: odd, price: 9000, image: "images/a b.svg", tags: [odd, "x"],
                link: "https://shop.example/a?b=1&c=/d", gender: .female, source: source),
            Gift(id: "free", name: "", price: 0, image: "https://cdn.example/x.png", tags: [], source: source)
        ]
        let questions = [Question(id: "q", text: odd, tag: "t/\u{0}", source: source)]
        let price = PriceFormat(pattern: "₩{amount}")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(
            Document(
                gifts: gifts.map {
                    Item(
                        id: $0.id, name: $0.name, price: $0.price, priceText: price.text($0.price),
                        image: URLRules.isAbsoluteWebURL($0.image) ? $0.image : SitePaths.percentEncodedPath($0.image),
                        url: $0.id + "/", tags: $0.tags, gender: $0.gender.rawValue, link: $0.link)
                },
                questions: questions.map { QuestionItem(id: $0.id, text: $0.text, tag: $0.tag) }))
        let file = GiftQuizData.file(gifts: gifts, questions: questions, price: price)
        #expect(String(decoding: file.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(
            GiftQuizData.file(gifts: [], questions: [], price: price).bytes
                == Array(#"{"gifts":[],"questions":[]}"#.utf8))
    }

    @Test func theDataFileNameFollowsItsContent() throws {
        let folder = try TemporaryFolder()
        let content = try Fixtures.copy("gifts", into: folder)
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        #expect(build(content, in: first).succeeded)
        #expect(build(content, in: second).succeeded)
        #expect(try dataFileName(in: first) == dataFileName(in: second), "same content, same name")

        let giftsFile = content + "/gifts/gifts.json"
        let text = try String(contentsOfFile: giftsFile, encoding: .utf8)
        try text.replacingOccurrences(of: #""price": 3000"#, with: #""price": 3500"#).write(
            toFile: giftsFile, atomically: true, encoding: .utf8)
        #expect(build(content, in: second).succeeded)
        let changed = try dataFileName(in: second)
        #expect(changed != (try dataFileName(in: first)), "a changed price gives a new name")
        #expect(try #require(second.read("public/gifts/quiz/index.html")).contains(changed))
        #expect(!second.exists("public/gifts/" + (try dataFileName(in: first))), "the old data file is removed")
    }

    @Test func aGiftIdTakenByTheSiteIsAnErrorAtItsLine() throws {
        let folder = try TemporaryFolder()
        let content = try Fixtures.copy("gifts", into: folder)
        let giftsFile = content + "/gifts/gifts.json"
        let text = try String(contentsOfFile: giftsFile, encoding: .utf8)
        try text.replacingOccurrences(of: #""id": "watch""#, with: #""id": "quiz""#).write(
            toFile: giftsFile, atomically: true, encoding: .utf8)
        let result = build(content, in: folder)
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(problem.path == content + "/gifts/gifts.json" && problem.line == 4, "\(problem)")
        #expect(problem.message.contains("`quiz`"))
    }

    @Test func theSitemapListsEveryGiftPage() throws {
        let folder = try TemporaryFolder()
        #expect(build(Fixtures.content("gifts"), in: folder).succeeded)
        let sitemap = try #require(folder.read("public/sitemap.xml"))
        var expected = ["gifts/", "gifts/quiz/", "gifts/free-hug/", "gifts/mug/", "gifts/watch/", "gifts/no-tags/"]
        expected += ["집들이", "Warm & Cozy", "home", "drink", "tech"].map { "gifts/tags/\(TagSlug.slug($0))/" }
        for path in expected {
            #expect(sitemap.contains("<loc>https://gifts.example/\(path)</loc>"), "\(path)")
            #expect(folder.exists("public/" + path + "index.html"), "\(path) is a page")
        }
        #expect(!sitemap.contains("data-"), "the data file is not a page")
    }

    @Test func aSiteWithoutGiftsStillHasACatalogueAndQuiz() throws {
        let folder = try TemporaryFolder()
        #expect(build(Fixtures.content("basic"), in: folder).succeeded)
        let page = try #require(folder.read("public/gifts/index.html"))
        #expect(page.contains(#"class="empty""#))
        #expect(folder.exists("public/gifts/quiz/index.html"))
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
