import Foundation
import Testing
@testable import ModakCore

@Suite("Loading content")
struct LoadingTests {
    @Test func markdownSaying() throws {
        let text = """
            ---
            id: 42
            kor: 모닥불 앞에 있으면 몸이 따뜻해지듯이
            eng: Like getting warm in front of a bonfire
            who: Modak
            time: 2026-11-28 09:00
            tags: [warmth, courage]        # optional
            ---
            Optional *Markdown* commentary.
            """
        let (content, log) = loadSite(["sayings/42.md": text])
        #expect(log.items.isEmpty, "\(log.items)")
        let saying = try #require(content?.sayings.first)
        #expect(content?.sayings.count == 1)
        #expect(saying.id == "42")
        #expect(saying.kor == "모닥불 앞에 있으면 몸이 따뜻해지듯이")
        #expect(saying.eng == "Like getting warm in front of a bonfire")
        #expect(saying.who == "Modak")
        #expect(saying.time == instant("2026-11-28T00:00:00Z"))
        #expect(saying.tags == ["warmth", "courage"])
        #expect(saying.body == "Optional *Markdown* commentary.")
        #expect(saying.source == SourceLocation(path: "content/sayings/42.md", line: 1))
    }

    @Test func markdownSayingWithOnlyOneLanguage() throws {
        let (content, log) = loadSite([
            "sayings/k.md": sayingMarkdown(id: "k", eng: nil),
            "sayings/e.md": sayingMarkdown(id: "e", kor: nil),
            "sayings/q.md": sayingMarkdown(id: "q", kor: #""""#)
        ])
        #expect(!log.hasErrors, "\(log.errorLines)")
        let byID = Dictionary(uniqueKeysWithValues: (content?.sayings ?? []).map { ($0.id, $0) })
        #expect(byID["k"]?.eng == "")
        #expect(byID["e"]?.kor == "")
        #expect(byID["q"]?.kor == "")
        #expect(byID["q"]?.eng == "Bonfire")
    }

    @Test func jsonSingleObject() throws {
        let json = """
            {
              "id": "one",
              "kor": "하나",
              "eng": "One",
              "who": "Modak",
              "time": "2026-11-28T09:30:00+09:00",
              "body": "Some **Markdown**."
            }
            """
        let (content, log) = loadSite(["sayings/one.json": json])
        #expect(log.items.isEmpty, "\(log.items)")
        let saying = try #require(content?.sayings.first)
        #expect(saying.id == "one")
        #expect(saying.tags == [])
        #expect(saying.body == "Some **Markdown**.")
        #expect(saying.time == instant("2026-11-28T00:30:00Z"))
        #expect(saying.source == SourceLocation(path: "content/sayings/one.json", line: 1))
    }

    @Test func jsonArray() throws {
        let json = """
            [
              {"id": "a", "kor": "가", "eng": "", "who": "X", "time": "2026-11-01", "tags": ["t1", "t2"]},
              {
                "id": 7,
                "eng": "Seven",
                "who": "Y",
                "time": "2026-11-02 10:00",
                "tags": null,
                "body": null
              }
            ]
            """
        let (content, log) = loadSite(["sayings/classics.json": json])
        #expect(log.items.isEmpty, "\(log.items)")
        let sayings = try #require(content?.sayings)
        #expect(sayings.map(\.id) == ["a", "7"])
        #expect(sayings[0].tags == ["t1", "t2"])
        #expect(sayings[0].body == "")
        #expect(sayings[1].kor == "")
        #expect(sayings[1].tags == [])
        #expect(sayings.map(\.source.line) == [2, 3])
    }

    @Test func textIsNFCNormalised() throws {
        let decomposed = "\u{1100}\u{1161}" // ᄀ + ᅡ = 가
        let (content, _) = loadSite(["sayings/n.md": sayingMarkdown(id: "n", kor: decomposed, who: "e\u{301}")])
        let saying = try #require(content?.sayings.first)
        #expect(saying.kor.unicodeScalars.map(\.value) == [0xAC00])
        #expect(saying.who.unicodeScalars.map(\.value) == [0xE9])
    }

    @Test func markdownSouvenir() throws {
        let text = "---\ndeliver: 2026-12-25 08:00\ntitle: 'Merry Christmas'\n---\nOpen me on Christmas.\n"
        let (content, log) = loadSite(["souvenirs/xmas.md": text])
        #expect(log.items.isEmpty, "\(log.items)")
        let souvenir = try #require(content?.souvenirs.first)
        #expect(souvenir.title == "Merry Christmas")
        #expect(souvenir.message == "Open me on Christmas.\n")
        #expect(souvenir.deliver == instant("2026-12-24T23:00:00Z"))
        #expect(souvenir.source == SourceLocation(path: "content/souvenirs/xmas.md", line: 1))
    }

    @Test func markdownSouvenirWithoutTitle() throws {
        let (content, log) = loadSite(["souvenirs/a.md": "---\ndeliver: 2027-01-01\n---\nHello.\n"])
        #expect(log.items.isEmpty)
        #expect(content?.souvenirs.first?.title == nil)
    }

    @Test func jsonSouvenirs() throws {
        let json = """
            [
              {"message": "First", "deliverDate": "2026-12-01"},
              {"message": "Second", "deliverDate": "2027-01-01T00:00:00Z", "title": "New year"}
            ]
            """
        let (content, log) = loadSite(["souvenirs/batch.json": json])
        #expect(log.items.isEmpty, "\(log.items)")
        let souvenirs = try #require(content?.souvenirs)
        #expect(souvenirs.map(\.message) == ["First", "Second"])
        #expect(souvenirs.map(\.title) == [nil, "New year"])
        #expect(souvenirs.map(\.deliver) == [instant("2026-11-30T15:00:00Z"), instant("2027-01-01T00:00:00Z")])
        #expect(souvenirs.map(\.source.line) == [2, 3])
    }

    @Test func jsonSouvenirFileMustBeAnArray() {
        let (content, log) = loadSite(["souvenirs/one.json": #"{"message": "x", "deliverDate": "2026-12-01"}"#])
        #expect(content == nil)
        #expect(
            log.errorLines == ["content/souvenirs/one.json:1: the file must hold an array of objects, not an object"])
    }

    @Test func notice() throws {
        let (content, log) = loadSite([
            "notices/welcome.md": "---\ntitle: 환영합니다\ndate: 2026-11-01\n---\n# Hello\n",
            "notices/other.md": "---\ntitle: Other\ndate: 2026-11-02 12:00\nslug: custom-slug\n---\n"
        ])
        #expect(log.items.isEmpty, "\(log.items)")
        let notices = try #require(content?.notices)
        #expect(notices.map(\.slug) == ["custom-slug", "welcome"])
        let welcome = try #require(notices.first { $0.slug == "welcome" })
        #expect(welcome.title == "환영합니다")
        #expect(welcome.date == instant("2026-10-31T15:00:00Z"))
        #expect(welcome.body == "# Hello\n")
    }

    @Test func page() throws {
        let (content, log) = loadSite([
            "pages/about.md": "---\ntitle: About\n---\nAbout Modak.\n",
            "pages/how to use.md": "---\ntitle: How to use\nslug: how-to-use\n---\nSteps.\n"
        ])
        #expect(log.items.isEmpty, "\(log.items)")
        let pages = try #require(content?.pages)
        #expect(pages.map(\.slug) == ["about", "how-to-use"])
        #expect(pages[0].title == "About")
        #expect(pages[0].body == "About Modak.\n")
        #expect(pages[0].source == SourceLocation(path: "content/pages/about.md", line: 1))
    }

    @Test func pageFileNameThatCannotBeASlug() {
        let (content, log) = loadSite(["pages/how to use.md": "---\ntitle: How\n---\n"])
        #expect(content == nil)
        #expect(log.errorLines.count == 1)
        #expect(
            log.errorLines.first?.hasPrefix("content/pages/how to use.md:1: the file name `how to use` cannot be a URL")
                == true)
    }

    static let giftsJSON = """
        [
          {"id": "mug", "name": "머그컵", "price": 15000, "image": "images/mug.svg", "tags": ["kitchen", "warm"]},
          {
            "id": "scarf",
            "name": "Scarf",
            "price": 0,
            "image": "https://example.org/scarf.png",
            "tags": [],
            "link": "https://shop.example.org/scarf",
            "description": "Soft.",
            "gender": "female"
          },
          {"id": "watch", "name": "Watch", "price": 50000000, "image": "w.png", "tags": ["luxury"], "gender": "male"}
        ]
        """

    static let questionsJSON = """
        [
          {"id": "q1", "text": "Do they cook?", "tag": "kitchen"},
          {"id": "q2", "text": "Do they like luxury?", "tag": "luxury"}
        ]
        """

    @Test func giftsAndQuestions() throws {
        let (content, log) = loadSite(["gifts/gifts.json": Self.giftsJSON, "gifts/questions.json": Self.questionsJSON])
        #expect(log.items.isEmpty, "\(log.items)")
        let gifts = try #require(content?.gifts)
        #expect(gifts.map(\.id) == ["mug", "scarf", "watch"])
        let mug = gifts[0]
        #expect(mug.name == "머그컵")
        #expect(mug.price == 15000)
        #expect(mug.image == "images/mug.svg")
        #expect(mug.tags == ["kitchen", "warm"])
        #expect(mug.link == nil)
        #expect(mug.description == "")
        #expect(mug.gender == .any)
        #expect(mug.source == SourceLocation(path: "content/gifts/gifts.json", line: 2))
        #expect(gifts[1].price == 0)
        #expect(gifts[1].link == "https://shop.example.org/scarf")
        #expect(gifts[1].description == "Soft.")
        #expect(gifts[1].gender == .female)
        #expect(gifts[1].source.line == 3)
        #expect(gifts[2].price == 50_000_000)
        #expect(gifts[2].gender == .male)

        let questions = try #require(content?.questions)
        #expect(
            questions == [
                Question(
                    id: "q1", text: "Do they cook?", tag: "kitchen",
                    source: SourceLocation(path: "content/gifts/questions.json", line: 2)),
                Question(
                    id: "q2", text: "Do they like luxury?", tag: "luxury",
                    source: SourceLocation(path: "content/gifts/questions.json", line: 3))
            ])
    }

    @Test func assetsAreCopiedAsTheyAre() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00]
        let (content, log) = loadSite(
            [:],
            extra: [
                sourceFile("gifts/images/mug.svg", "<svg/>"),
                sourceFile("static/favicon.png", bytes: png),
                sourceFile("static/fonts/a.woff2", bytes: [1, 2, 3])
            ])
        #expect(log.items.isEmpty, "\(log.items)")
        let assets = try #require(content?.assets)
        #expect(
            assets == [
                Asset(outputPath: "gifts/images/mug.svg", bytes: Array("<svg/>".utf8)),
                Asset(outputPath: "favicon.png", bytes: png),
                Asset(outputPath: "fonts/a.woff2", bytes: [1, 2, 3])
            ])
    }

    @Test func hiddenFilesAreIgnoredAndStrayFilesWarnedInTheWordsOfTheirFolder() throws {
        let (content, log) = loadSite(
            [
                "sayings/.DS_Store": "junk",
                "sayings/.draft.md": "not front matter",
                "README.md": "# notes",
                "drafts/x.md": sayingMarkdown(id: "x"),
                "sayings/notes.txt": "text",
                "sayings/draft.md~": sayingMarkdown(id: "old"),
                "sayings/README": "about these sayings",
                "sayings/a.md": sayingMarkdown(id: "a"),
                "souvenirs/letter.txt": "Dear me",
                "notices/n.json": "[]",
                "pages/about.html": "<p>About</p>",
                "gifts/extra.json": "[]",
                "gifts/images/extra.json": "{}"
            ],
            extra: [
                sourceFile("sayings/image.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0xFF]),
                sourceFile("gifts/images/mug.png", bytes: [0x89, 0x50])
            ])
        #expect(!log.hasErrors)
        #expect(content?.sayings.map(\.id) == ["a"])
        #expect(
            content?.assets.map(\.outputPath) == ["gifts/images/mug.png"],
            "images in gifts/ are published, not warned about")
        let saying = "a saying file is a `.md` file with front matter or a `.json` file"
        let gifts =
            """
            the only JSON files read in gifts/ are `gifts.json` and `questions.json` (its other files, such as \
            images, are published as they are)
            """
        let elsewhere = "content files belong in sayings/, souvenirs/, notices/, pages/, gifts/ or static/"
        #expect(
            log.warningLines == [
                "content/README.md:1: warning: Modak ignores `README.md`: \(elsewhere)",
                "content/drafts/x.md:1: warning: Modak ignores `x.md`: \(elsewhere)",
                "content/gifts/extra.json:1: warning: Modak ignores `extra.json`: \(gifts)",
                "content/gifts/images/extra.json:1: warning: Modak ignores `extra.json`: \(gifts)",
                "content/notices/n.json:1: warning: Modak ignores `n.json`: a notice is a `.md` file with front matter",
                """
                content/pages/about.html:1: warning: Modak ignores `about.html`: a page is a `.md` file with front \
                matter
                """,
                "content/sayings/README:1: warning: Modak ignores `README`: \(saying)",
                "content/sayings/draft.md~:1: warning: Modak ignores `draft.md~`: \(saying)",
                "content/sayings/image.png:1: warning: Modak ignores `image.png`: \(saying)",
                "content/sayings/notes.txt:1: warning: Modak ignores `notes.txt`: \(saying)",
                """
                content/souvenirs/letter.txt:1: warning: Modak ignores `letter.txt`: a souvenir file is a `.md` \
                file with front matter or a `.json` file
                """
            ])
    }

    @Test func fileOrderDoesNotMatter() throws {
        let files = [
            sourceFile("site.json", minimalSiteJSON),
            sourceFile("sayings/b.md", sayingMarkdown(id: "b")),
            sourceFile("sayings/a.md", sayingMarkdown(id: "a")),
            sourceFile("sayings/c.json", #"[{"id": "c", "kor": "다", "who": "Z", "time": "2026-01-01"}]"#)
        ]
        let forward = ContentLoader.load(files).content?.sayings.map(\.id)
        let backward = ContentLoader.load(files.reversed()).content?.sayings.map(\.id)
        #expect(forward == ["a", "b", "c"])
        #expect(backward == forward)
    }

    @Test func byteOrderMarkAndCRLFFiles() throws {
        let md =
            [0xEF, 0xBB, 0xBF]
            + Array(sayingMarkdown(id: "bom", body: "Body").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let json = [0xEF, 0xBB, 0xBF] + Array(#"{"id": "bomjson", "eng": "x", "who": "w", "time": "2026-11-01"}"#.utf8)
        let (content, log) = loadSite(
            [:], extra: [sourceFile("sayings/bom.md", bytes: md), sourceFile("sayings/bom.json", bytes: json)])
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(content?.sayings.map(\.id) == ["bomjson", "bom"])
        let markdown = content?.sayings.first { $0.id == "bom" }
        #expect(markdown?.who == "Modak")
        #expect(markdown?.kor == "모닥불")
        #expect(markdown?.body == "Body")
    }

    @Test func emptyContentFolderIsAValidSite() throws {
        let (content, log) = loadSite([:])
        #expect(log.items.isEmpty)
        let set = try #require(content)
        #expect(set.sayings.isEmpty && set.gifts.isEmpty && set.souvenirs.isEmpty && set.pages.isEmpty)
    }

    @Test func displayPathDefaultsToTheRelativePath() {
        #expect(SourceFile(relativePath: "sayings/a.md", bytes: []).displayPath == "sayings/a.md")
    }
}
