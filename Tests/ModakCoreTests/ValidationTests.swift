import Foundation
import Testing
@testable import ModakCore

@Suite("Validation")
struct ValidationTests {
    // MARK: ids

    @Test func duplicateIDsAcrossFilesNameBothPlaces() {
        let json =
            """
            [\n  {\"id\": \"other\", \"kor\": \"가\", \"who\": \"W\", \"time\": \"2026-11-01\"},\n  {\"id\": \
            \"same\", \"kor\": \"나\", \"who\": \"W\", \"time\": \"2026-11-01\"}\n]
            """
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(id: "same"), "sayings/b.json": json])
        #expect(content == nil)
        #expect(
            log.errorLines == [
                """
                content/sayings/b.json:3: the saying id `same` is already used at content/sayings/a.md:1: ids must \
                be unique
                """
            ])
    }

    @Test func duplicateIDsInsideOneFile() {
        let json =
            """
            [\n{\"id\": \"x\", \"eng\": \"a\", \"who\": \"W\", \"time\": \"2026-11-01\"},\n{\"id\": \"x\", \
            \"eng\": \"b\", \"who\": \"W\", \"time\": \"2026-11-01\"},\n{\"id\": \"x\", \"eng\": \"c\", \"who\": \
            \"W\", \"time\": \"2026-11-01\"}\n]
            """
        let (_, log) = loadSite(["sayings/all.json": json])
        #expect(
            log.errorLines == [
                """
                content/sayings/all.json:3: the saying id `x` is already used at content/sayings/all.json:2: ids \
                must be unique
                """,
                """
                content/sayings/all.json:4: the saying id `x` is already used at content/sayings/all.json:2: ids \
                must be unique
                """
            ])
    }

    @Test func numericAndStringIDsCollide() {
        let (_, log) = loadSite([
            "sayings/a.md": sayingMarkdown(id: "42"),
            "sayings/b.json": #"{"id": 42, "eng": "e", "who": "w", "time": "2026-11-01"}"#
        ])
        #expect(
            log.errorLines == [
                """
                content/sayings/b.json:1: the saying id `42` is already used at content/sayings/a.md:1: ids must \
                be unique
                """
            ])
    }

    @Test func duplicateGiftQuestionNoticeAndPageIDs() {
        let (_, log) = loadSite([
            "gifts/gifts.json":
                """
            [\n{\"id\": \"g\", \"name\": \"A\", \"price\": 1, \"image\": \"a.png\", \"tags\": \
            [\"t\"]},\n{\"id\": \"g\", \"name\": \"B\", \"price\": 2, \"image\": \"b.png\", \"tags\": []}\n]
            """,
            "gifts/questions.json":
                """
            [\n{\"id\": \"q\", \"text\": \"?\", \"tag\": \"t\"},\n{\"id\": \"q\", \"text\": \"??\", \"tag\": \
            \"t\"}\n]
            """,
            "notices/one.md": "---\ntitle: A\ndate: 2026-11-01\nslug: news\n---\n",
            "notices/news.md": "---\ntitle: B\ndate: 2026-11-02\n---\n",
            "pages/about.md": "---\ntitle: A\n---\n",
            "pages/other.md": "---\ntitle: B\nslug: about\n---\n"
        ])
        #expect(
            log.errorLines == [
                """
                content/gifts/gifts.json:3: the gift id `g` is already used at content/gifts/gifts.json:2: ids \
                must be unique
                """,
                """
                content/gifts/questions.json:3: the question id `q` is already used at \
                content/gifts/questions.json:2: ids must be unique
                """,
                """
                content/notices/one.md:1: the notice slug `news` is already used at content/notices/news.md:1: ids \
                must be unique
                """,
                """
                content/pages/other.md:1: the page slug `about` is already used at content/pages/about.md:1: ids \
                must be unique
                """
            ])
    }

    static let badIDs: [String] = [
        "", String(repeating: "a", count: 65), "../x", "a/b", "a b", " lead", "모닥", "a.b", "id%20", "é", "a\u{200B}b",
        "tab\there"
    ]

    @Test("bad id", arguments: badIDs)
    func badID(_ id: String) {
        #expect(!Identifier.isValid(id))
        let json =
            """
            {\n\"id\": \"\(id.replacingOccurrences(of: "\t", with: "\\t"))\",\n\"eng\": \"e\", \"who\": \"w\", \
            \"time\": \"2026-11-01\"}
            """
        let (content, log) = loadSite(["sayings/a.json": json])
        #expect(content == nil)
        #expect(log.errorLines.count == 1)
        #expect(log.errorLines.first?.hasPrefix("content/sayings/a.json:2: `id` `") == true)
        #expect(log.errorLines.first?.hasSuffix("must be 1 to 64 letters, digits, `_` or `-`") == true)
    }

    @Test("bad id in front matter", arguments: ["../x", "a b", "모닥불", String(repeating: "x", count: 65), #""""#])
    func badIDInFrontMatter(_ id: String) {
        let (_, log) = loadSite(["sayings/a.md": sayingMarkdown(id: id)])
        #expect(log.errorLines.count == 1)
        #expect(log.errorLines.first?.hasPrefix("content/sayings/a.md:2: `id`") == true)
    }

    @Test("good id", arguments: ["a", "42", "A-z_0-9", "-", "_", String(repeating: "z", count: 64)])
    func goodID(_ id: String) {
        #expect(Identifier.isValid(id))
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(id: id)])
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(content?.sayings.first?.id == id)
    }

    @Test func missingID() {
        let (_, log) = loadSite(["sayings/a.md": sayingMarkdown(id: nil)])
        #expect(log.errorLines == ["content/sayings/a.md:1: the saying has no `id`: add `id`"])
    }

    // MARK: texts, who, time

    @Test(
        "neither kor nor eng",
        arguments: [(nil, nil), (#""""#, nil), (#"" ""#, "''"), (nil, "   ")] as [(String?, String?)])
    func neitherKorNorEng(_ texts: (kor: String?, eng: String?)) {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(kor: texts.kor, eng: texts.eng)])
        #expect(content == nil)
        #expect(
            log.errorLines == [
                "content/sayings/a.md:1: the saying has neither `kor` nor `eng` text: give it at least one"
            ])
    }

    @Test func neitherKorNorEngInJSONPointsAtTheObject() {
        let (_, log) = loadSite([
            "sayings/a.json":
                "[\n\n  {\"id\": \"a\", \"kor\": \"\", \"eng\": null, \"who\": \"w\", \"time\": \"2026-11-01\"}\n]"
        ])
        #expect(
            log.errorLines == [
                "content/sayings/a.json:3: the saying has neither `kor` nor `eng` text: give it at least one"
            ])
    }

    @Test func missingWhoAndTime() {
        let (_, log) = loadSite([
            "sayings/nowho.md": sayingMarkdown(id: "a", who: nil),
            "sayings/notime.md": sayingMarkdown(id: "b", time: nil)
        ])
        #expect(
            log.errorLines == [
                "content/sayings/notime.md:1: the saying has no `time`: add `time`",
                "content/sayings/nowho.md:1: the saying has no `who`: add `who`"
            ])
    }

    @Test("empty who in front matter", arguments: [#""""#, "", "   ", "'  '"])
    func emptyWhoInFrontMatter(_ who: String) {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(who: who)])
        #expect(content == nil)
        #expect(log.errorLines == ["content/sayings/a.md:5: the saying's `who` is empty: fill in `who`"])
    }

    @Test("empty who in JSON", arguments: [#""""#, #"" \t ""#])
    func emptyWhoInJSON(_ who: String) {
        let (content, log) = loadSite([
            "sayings/a.json": "[\n  {\"id\": \"a\", \"kor\": \"가\", \"time\": \"2026-11-01\",\n   \"who\": \(who)}\n]"
        ])
        #expect(content == nil)
        #expect(log.errorLines == ["content/sayings/a.json:3: the saying's `who` is empty: fill in `who`"])
    }

    static let acceptedTimes: [(text: String, utc: String)] = [
        ("2026-11-28", "2026-11-27T15:00:00Z"),
        ("2026-11-28 09:30", "2026-11-28T00:30:00Z"),
        ("2026-11-28 09:30:00", "2026-11-28T00:30:00Z"),
        ("2026-11-28T09:30:00", "2026-11-28T00:30:00Z"),
        ("2026-11-28T09:30:00+09:00", "2026-11-28T00:30:00Z"),
        ("2026-11-28T09:30:00Z", "2026-11-28T09:30:00Z"),
        ("2026-11-28T09:30:00-05:00", "2026-11-28T14:30:00Z"),
        ("\"2026-11-28 09:30\"", "2026-11-28T00:30:00Z"),
        ("2026-10-03 7:30", "2026-10-02T22:30:00Z"),
        ("2026-10-03T7:30:15+00:00", "2026-10-03T07:30:15Z")
    ]

    @Test("accepted time form", arguments: acceptedTimes)
    func acceptedTime(_ example: (text: String, utc: String)) throws {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(time: example.text)])
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(try #require(content?.sayings.first).time == instant(example.utc))
    }

    static let timesInNoForm = [
        "yesterday", "", "2026/11/28", "28-11-2026", "2026-11-28T09", "2026-11-28 09:30 KST", "2026-11-28 123:00",
        "2026-11-28 09:3", "2026-11-28T09:30:00+9", "2026-11-28x"
    ]

    @Test("time in no accepted form", arguments: timesInNoForm)
    func timeInNoForm(_ text: String) {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(time: text)])
        #expect(content == nil)
        #expect(
            log.errorLines == [
                "content/sayings/a.md:6: `time` is `\(text)`, not a time: write \(TimeParser.acceptedForms)"
            ])
    }

    /// Well-formed, but a number is out of its range: the message says which, not the forms.
    static let impossibleTimes: [(text: String, problem: String)] = [
        ("2026-13-01", "there is no month 13 (months go from 01 to 12)"),
        ("2026-00-10", "there is no month 0 (months go from 01 to 12)"),
        ("2026-04-31", "there is no day 31 in April"),
        ("2026-11-00", "there is no day 0 in November"),
        ("2026-02-30", "there is no day 30 in February"),
        ("2025-02-29", "there is no day 29 in February 2025, which is not a leap year"),
        ("2026-11-28 25:00", "there is no hour 25 (hours go from 00 to 23)"),
        ("2026-11-28 24:00", "there is no hour 24 (hours go from 00 to 23)"),
        ("2026-11-28 9:61", "there is no minute 61 (minutes go from 00 to 59)"),
        ("2026-11-28 09:30:60", "there is no second 60 (seconds go from 00 to 59)"),
        ("2026-11-28T09:30:00+25:00", "there is no offset +25:00 (offsets go from -18:00 to +18:00)")
    ]

    @Test("impossible time", arguments: impossibleTimes)
    func impossibleTime(_ example: (text: String, problem: String)) {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(time: example.text)])
        #expect(content == nil)
        let expected = "content/sayings/a.md:6: `time` is `\(example.text)`, not a time: \(example.problem)"
        #expect(log.errorLines == [expected])
    }

    // MARK: keys and types

    @Test func unknownKeySuggestsTheNearestKnownOne() {
        let (_, log) = loadSite([
            "sayings/a.md": sayingMarkdown(time: nil, extra: ["tmie: 2026-11-28"]),
            "notices/n.md": "---\ntilte: Hello\ndate: 2026-11-01\n---\n"
        ])
        #expect(
            log.errorLines == [
                "content/notices/n.md:1: the notice has no `title`: add `title`",
                "content/notices/n.md:2: unknown key `tilte` in a notice: did you mean `title`?",
                "content/sayings/a.md:1: the saying has no `time`: add `time`",
                "content/sayings/a.md:6: unknown key `tmie` in a saying: did you mean `time`?"
            ])
    }

    @Test func unknownKeyWithoutANearOneListsTheKnownKeys() {
        let (_, log) = loadSite(["pages/about.md": "---\ntitle: About\ncolour: red\n---\n"])
        #expect(
            log.errorLines == [
                "content/pages/about.md:3: unknown key `colour` in a page; known keys: `title`, `slug`, `draft`"
            ])
    }

    @Test func bodyIsAFieldOnlyInJSON() {
        let (_, log) = loadSite(["sayings/a.md": sayingMarkdown(extra: ["body: text"])])
        #expect(log.errorLines.count == 1)
        #expect(log.errorLines.first?.hasPrefix("content/sayings/a.md:7: unknown key `body` in a saying") == true)
    }

    @Test func keySuggestionDistances() {
        #expect(KeySuggestion.distance(Array("tmie"), Array("time")) == 2)
        #expect(KeySuggestion.distance(Array(""), Array("abc")) == 3)
        #expect(KeySuggestion.nearest(to: "Kor", among: SayingDecoder.knownKeys) == "kor")
        #expect(KeySuggestion.nearest(to: "author", among: SayingDecoder.knownKeys) == nil)
        #expect(
            KeySuggestion.nearest(to: "foo", among: SayingDecoder.knownKeys) == nil,
            "two of three letters differ from `kor`")
        #expect(KeySuggestion.nearest(to: "xy", among: SayingDecoder.knownKeys) == nil)
        #expect(KeySuggestion.nearest(to: "tilte", among: ["title", "slug"]) == "title")
        #expect(KeySuggestion.nearest(to: "x", among: []) == nil)
    }

    static let wrongTypes: [(field: String, expected: String)] = [
        (#""who": true"#, "`who` must be a string, not a boolean"),
        (#""who": null"#, "`who` must be a string, not null"),
        (#""kor": {"a": 1}"#, "`kor` must be a string, not an object"),
        (#""kor": ["a"]"#, "`kor` must be a string, not a list"),
        (#""tags": "warmth""#, "`tags` must be a list like `[a, b]`, not a string"),
        (#""tags": [1, 2]"#, "`tags` must be a list like `[a, b]`, not a list of non-strings"),
        (#""tags": [["a"]]"#, "`tags` must be a list like `[a, b]`, not a list of non-strings"),
        (#""body": 3.5e0"#, ""),
        (#""time": 20261128"#, "`time` is `20261128`, not a time"),
        (#""id": true"#, "`id` must be a string, not a boolean")
    ]

    @Test("wrong types in a JSON saying", arguments: wrongTypes)
    func wrongType(_ example: (field: String, expected: String)) {
        var fields = [#""id": "a""#, #""kor": "k""#, #""who": "w""#, #""time": "2026-11-01""#]
        let key = String(example.field.split(separator: ":")[0])
        fields.removeAll { $0.hasPrefix(key + ":") }
        let json = "{\n" + fields.joined(separator: ",\n") + ",\n" + example.field + "\n}"
        let (_, log) = loadSite(["sayings/a.json": json])
        if example.expected.isEmpty {
            #expect(log.errorLines.isEmpty, "a number is accepted as text")
        } else {
            let line = fields.count + 2
            #expect(
                log.errorLines.contains { $0.hasPrefix("content/sayings/a.json:\(line): \(example.expected)") },
                "\(log.errorLines)")
        }
    }

    @Test func wrongTypeInFrontMatter() {
        let (_, log) = loadSite(["sayings/a.md": sayingMarkdown(kor: "[a, b]", extra: ["tags: warmth"])])
        #expect(
            log.errorLines == [
                "content/sayings/a.md:3: `kor` must be a string, not a list",
                "content/sayings/a.md:7: `tags` must be a list like `[a, b]`, not a string"
            ])
    }

    @Test func duplicateKeyInAJSONRecord() {
        let json =
            "{\"id\": \"a\",\n\"kor\": \"first\",\n\"who\": \"w\", \"time\": \"2026-11-01\",\n\"kor\": \"second\"}"
        let (content, log) = loadSite(["sayings/a.json": json])
        #expect(content == nil)
        #expect(log.errorLines == ["content/sayings/a.json:4: `kor` is set twice (first on line 2): keep one"])
    }

    // MARK: pages, notices, souvenirs

    @Test("reserved page slug", arguments: ContentLoader.reservedSlugs.sorted())
    func reservedSlug(_ slug: String) {
        let (content, log) = loadSite([
            "pages/\(slug).md": "---\ntitle: From the file name\n---\n",
            "pages/other.md": "---\ntitle: From the field\n\nslug: \(slug)\n---\n"
        ])
        #expect(content == nil)
        #expect(
            log.errorLines.contains(
                "content/pages/\(slug).md:1: the slug `\(slug)` is used by the site itself: choose another"))
        #expect(
            log.errorLines.contains(
                "content/pages/other.md:4: the slug `\(slug)` is used by the site itself: choose another"))
    }

    @Test func noticeAndPageRequiredFields() {
        let (_, log) = loadSite([
            "notices/n.md": "---\n---\n",
            "notices/bad.md": "---\ntitle: T\ndate: soon\n---\n",
            "pages/p.md": "---\nslug: ok\n---\n"
        ])
        #expect(
            log.errorLines == [
                "content/notices/bad.md:3: `date` is `soon`, not a time: write \(TimeParser.acceptedForms)",
                "content/notices/n.md:1: the notice has no `title`: add `title`",
                "content/notices/n.md:1: the notice has no `date`: add `date`",
                "content/pages/p.md:1: the page has no `title`: add `title`"
            ])
    }

    @Test func souvenirErrors() {
        let (_, log) = loadSite([
            "souvenirs/a.md": "---\ntitle: Sealed\n---\n\n  \n",
            "souvenirs/b.md": "---\ndeliver: 2026-02-30\n---\nHi\n",
            "souvenirs/c.json":
                """
            [\n{\"message\": \"  \", \"deliverDate\": \"2026-12-01\"},\n{\"deliver\": \"2026-12-01\", \
            \"message\": \"x\"}\n]
            """
        ])
        #expect(
            log.errorLines == [
                "content/souvenirs/a.md:1: the souvenir has no `deliver`: add `deliver`",
                "content/souvenirs/a.md:1: the souvenir has no message: write it below the closing `---`",
                "content/souvenirs/b.md:2: `deliver` is `2026-02-30`, not a time: there is no day 30 in February",
                "content/souvenirs/c.json:2: the souvenir's `message` is empty: fill in `message`",
                "content/souvenirs/c.json:3: unknown key `deliver` in a souvenir: did you mean `deliverDate`?",
                "content/souvenirs/c.json:3: the souvenir has no `deliverDate`: add `deliverDate`"
            ])
    }

    // MARK: encoding

    @Test func invalidUTF8InMarkdownNamesTheLineOfTheBadByte() {
        let bytes = Array("---\nid: a\nkor: ".utf8) + [0xED, 0xA0, 0x80] + Array("\nwho: w\n---\n".utf8)
        let (content, log) = loadSite([:], extra: [sourceFile("sayings/a.md", bytes: bytes)])
        #expect(content == nil)
        #expect(log.errorLines == ["content/sayings/a.md:3: the file is not valid UTF-8: save it as UTF-8"])
    }

    @Test func invalidUTF8InJSONNamesTheLineOfTheBadByte() {
        let bytes = Array("[\n{\"id\": \"a\",\n\n\"kor\": \"".utf8) + [0xFF] + Array("\"}\n]".utf8)
        let (_, log) = loadSite([:], extra: [sourceFile("sayings/a.json", bytes: bytes)])
        #expect(log.errorLines == ["content/sayings/a.json:4: the file is not valid UTF-8: save it as UTF-8"])
    }

    @Test(
        "first invalid UTF-8 line",
        arguments: [
            ([0xFF], 1), ([0x61, 0x0A, 0x0A, 0xC0, 0x80], 3), ([0x0A, 0xE3, 0x81], 2),
            ([0xEF, 0xBB, 0xBF, 0x0A, 0xF5, 0x80, 0x80, 0x80], 2), ([0xEA, 0xB0, 0x80, 0x0A, 0x80], 2)
        ] as [([UInt8], Int)])
    func firstInvalidLine(_ example: (bytes: [UInt8], line: Int)) {
        let file = SourceFile(relativePath: "a.md", bytes: example.bytes)
        var log = DiagnosticLog()
        #expect(!file.isValidUTF8(log: &log))
        #expect(log.errorLines == ["a.md:\(example.line): the file is not valid UTF-8: save it as UTF-8"])
        #expect(file.firstInvalidUTF8Line == example.line)
    }

    // MARK: collecting everything

    @Test func aFileWithThreeProblemsYieldsThree() {
        let (content, log) = loadSite(["sayings/a.md": sayingMarkdown(id: "../x", who: nil, time: "yesterday")])
        #expect(content == nil)
        #expect(
            log.errorLines == [
                "content/sayings/a.md:1: the saying has no `who`: add `who`",
                "content/sayings/a.md:2: `id` `../x` must be 1 to 64 letters, digits, `_` or `-`",
                "content/sayings/a.md:5: `time` is `yesterday`, not a time: write \(TimeParser.acceptedForms)"
            ])
    }

    @Test func twoBadFilesYieldBoth() {
        let (content, log) = loadSite([
            "sayings/a.md": "id: no front matter\n",
            "sayings/b.json": "[{\"id\": \"b\",}]",
            "gifts/gifts.json": "[{\"id\": \"g\", \"name\": \"G\", \"price\": -5, \"image\": \"g.png\", \"tags\": []}]"
        ])
        #expect(content == nil)
        #expect(log.errors.count == 3)
        #expect(
            log.errorLines.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
                "content/gifts/gifts.json:1", "content/sayings/a.md:1", "content/sayings/b.json:1"
            ])
    }

    @Test func oneBadRecordDoesNotHideTheOthers() {
        let json =
            """
            [\n{\"id\": \"ok\", \"eng\": \"e\", \"who\": \"w\", \"time\": \"2026-11-01\"},\n{\"id\": \"bad\", \
            \"eng\": \"e\", \"who\": \"w\", \"time\": \"never\"},\n{\"id\": \"bad 2\", \"eng\": \"e\", \"who\": \
            \"w\", \"time\": \"2026-11-01\"}\n]
            """
        let (_, log) = loadSite(["sayings/all.json": json])
        #expect(log.errors.map(\.line) == [3, 4])
    }

    @Test func diagnosticDescription() {
        #expect(Diagnostic(path: "content/sayings/a.md", line: 3, "boom").description == "content/sayings/a.md:3: boom")
        #expect(Diagnostic(path: "content/site.json", "missing").description == "content/site.json: missing")
        #expect(Diagnostic(.warning, path: "a.md", line: 1, "odd").description == "a.md:1: warning: odd")
        var log = DiagnosticLog()
        log.warning(SourceLocation(path: "b", line: 2), "w")
        log.error(SourceLocation(path: "b", line: 1), "e")
        log.error(SourceLocation(path: "a", line: 9), "e")
        #expect(log.hasErrors)
        #expect(log.errors.count == 2 && log.warnings.count == 1)
        #expect(log.sorted.map(\.description) == ["a:9: e", "b:1: e", "b:2: warning: w"])
    }
}
