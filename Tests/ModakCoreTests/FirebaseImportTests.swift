import Foundation
import Testing
@testable import ModakCore

@Suite struct FirebaseImportTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/firebase-export.json")

    private func convertFixture() throws -> FirebaseImport.Conversion {
        let bytes = try [UInt8](Data(contentsOf: Self.fixture))
        return FirebaseImport.convert(SourceFile(relativePath: "export.json", bytes: bytes), timeZone: seoul)
    }

    private func convert(_ json: String, in zone: TimeZone = seoul) -> FirebaseImport.Conversion {
        FirebaseImport.convert(SourceFile(relativePath: "export.json", bytes: Array(json.utf8)), timeZone: zone)
    }

    /// The files as the loader would read them from `content/`.
    private func load(_ files: [FirebaseImport.SayingFile]) -> (content: ContentSet?, log: DiagnosticLog) {
        loadSite(Dictionary(uniqueKeysWithValues: files.map { ($0.relativePath, $0.text) }))
    }

    @Test func theSampleExportBecomesSayingsTheLoaderReadsBackExactly() throws {
        let conversion = try convertFixture()
        #expect(
            conversion.files.map(\.relativePath) == [
                "sayings/0.md", "sayings/1.md", "sayings/2.md", "sayings/3.md", "sayings/5.md", "sayings/family-6.md"
            ])
        #expect(conversion.skipped == 2)
        let (content, log) = load(conversion.files)
        #expect(log.errorLines == [])
        let sayings = Dictionary(uniqueKeysWithValues: try #require(content).sayings.map { ($0.id, $0) })
        #expect(sayings["0"]?.kor == "모닥불 앞에 있으면 몸이 따뜻해지듯이")
        #expect(sayings["0"]?.time == instant("2021-03-04T00:00:00Z"))
        #expect(sayings["1"]?.time == Date(timeIntervalSince1970: 1_614_902_400), "epoch milliseconds")
        #expect(sayings["2"]?.eng == #"Say "yes" to the path C:\roads\ahead — #1 rule: [don't] stop"#)
        #expect(sayings["2"]?.kor == "'좋다'고 말하라: 길은 #하나 뿐")
        #expect(sayings["2"]?.who == "Anonymous: a friend")
        #expect(sayings["2"]?.time == instant("2021-03-06T12:30:00Z"))
        #expect(sayings["3"]?.eng == "")
        #expect(
            sayings["3"]?.time == Date(timeIntervalSince1970: 1_615_075_200), "epoch milliseconds written as a string")
        #expect(sayings["5"]?.kor == "첫 줄, 둘째 줄.")
        #expect(sayings["family-6"]?.eng == "Family first 👩‍👩‍👧")
        #expect(sayings["family-6"]?.who == "Grandmother")
    }

    @Test func readersDataIsNeverCopied() throws {
        for file in try convertFixture().files {
            #expect(!file.text.contains("PRIVATE"), "\(file.relativePath)")
            #expect(!file.text.contains("example.com"), "\(file.relativePath)")
            #expect(!file.text.contains("010-"), "\(file.relativePath)")
        }
    }

    @Test func whatIsSkippedOrChangedIsReportedWithItsLine() throws {
        let lines = try convertFixture().diagnostics.map(\.description)
        #expect(lines.allSatisfy { $0.contains(": warning: ") })
        #expect(
            lines.contains {
                $0.hasPrefix("export.json:31: ") && $0.contains("Text4") && $0.contains("neither `kor` nor `eng`")
            })
        #expect(lines.contains { $0.hasPrefix("export.json:53: ") && $0.contains("Text7 has no `time`") })
        #expect(lines.contains { $0.hasPrefix("export.json:39: ") && $0.contains("line breaks in `eng`") })
        #expect(lines.contains { $0.contains("`like`") })
    }

    @Test func convertingTwiceGivesTheSameBytes() throws {
        #expect(try convertFixture().files == convertFixture().files)
    }

    @Test func epochTimesBecomeWallClockTimesOfTheSiteAndStayExact() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let json =
            #"""
            {"Text": {"a": {"id": "s", "kor": "초", "who": "x", "time": 1700000000}, "b": {"id": "t", "kor": "겹", \#
            "who": "x", "time": 1636266600000}}}
            """#
        let conversion = convert(json, in: newYork)
        #expect(
            conversion.files.map { $0.text.split(separator: "\n")[4] } == [
                "time: 2023-11-14 17:13:20", "time: 2021-11-07T01:30:00-05:00"
            ])
        let (content, _) = load(conversion.files)
        // Loaded in Seoul (the test site's zone) the offset-less time would shift; the instant with an offset does not.
        #expect(content?.sayings.first { $0.id == "t" }?.time == Date(timeIntervalSince1970: 1_636_266_600))
    }

    @Test func arraysKeysAsIdsAndDuplicates() {
        let json =
            #"""
            {"Text": [null, {"kor": "하나", "who": "x", "time": "2021-01-01"}, {"id": "1", "kor": "둘", "who": "x", \#
            "time": "2021-01-02"}, {"id": "bad id", "kor": "셋", "who": "x", "time": "2021-01-03"}, "text"], \#
            "User": {"u": {"name": "secret"}}}
            """#
        let conversion = convert(json)
        #expect(conversion.files.map(\.id) == ["1"])
        #expect(conversion.files.first?.text.contains("하나") == true, "an id-less record is named by its key")
        #expect(conversion.skipped == 3)
        let messages = conversion.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("`1` of Text/1") })
        #expect(messages.contains { $0.contains("`bad id`") })
        #expect(messages.contains { $0.contains("Text/4 is a string") })
    }

    @Test func aTextWithoutWhoIsSkippedWithItsLine() {
        let json = """
            {"Text": {
              "a": {"id": "a", "kor": "가", "who": "", "time": "2021-01-01"},
              "b": {"id": "b", "kor": "나", "time": "2021-01-01"},
              "c": {"id": "c", "kor": "다",
                    "who": " \\n\\t ", "time": "2021-01-01"},
              "d": {"id": "d", "kor": "라", "who": "Modak", "time": "2021-01-01"}
            }}
            """
        let conversion = convert(json)
        #expect(conversion.files.map(\.id) == ["d"])
        #expect(conversion.skipped == 3)
        #expect(
            conversion.diagnostics.map(\.description) == [
                "export.json:2: warning: Text/a (id `a`) has no `who` text: skipped; a saying needs to say who said it",
                "export.json:3: warning: Text/b (id `b`) has no `who` text: skipped; a saying needs to say who said it",
                "export.json:5: warning: Text/c (id `c`) has no `who` text: skipped; a saying needs to say who said it"
            ])
        #expect(load(conversion.files).log.errorLines == [])
    }

    @Test func anExportItCannotUseIsAnErrorWithItsLine() {
        #expect(
            convert("{\n\"Text\": {,}}").diagnostics.map(\.description) == [
                """
                export.json:2: the export is not valid JSON: a comma where a key should be: remove it, or write \
                the missing member before it
                """
            ])
        #expect(convert(#"{"User": {}}"#).diagnostics.first?.message.contains("no `Text` object") == true)
        #expect(convert(#"{"Text": 3}"#).diagnostics.first?.severity == .error)
    }
}
