import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import StableHashing
import Testing
import TestSupport

/// Rebuilds do only the work their changes need, and still give what a fresh build gives.
/// (In debug builds, which tests are, the writer also renders every page it skips by key and
/// fails if the bytes differ: every rebuild here checks that promise.)
@Suite struct IncrementalBuildTests {
    private func addSaying(_ id: String, time: String, to content: String) throws {
        try Data(
            "---\nid: \(id)\nkor: \"새 명언 \(id)\"\neng: \"A new saying\"\nwho: Tester\ntime: \(time)\n---\nNew.\n".utf8
        )
        .write(to: URL(fileURLWithPath: content + "/sayings/\(id).md"))
    }

    @Test func aRebuildFromTheSameInputsStopsEarlyAndRepeatsItsWarnings() throws {
        let folder = try TemporaryFolder()
        let content = try Fixtures.copy("basic", into: folder)
        try Data("not content".utf8).write(to: URL(fileURLWithPath: content + "/notes.txt")) // a warning
        let output = folder.path + "/public"
        let first = SiteBuilder.pinned.build(request(content: content, output: output))
        #expect(first.succeeded)
        #expect(!first.diagnostics.isEmpty)
        #expect(folder.bookkeeping(of: "public").record != nil)

        let second = SiteBuilder.pinned.build(request(content: content, output: output))
        #expect(second.report == WriteReport(written: 0, unchanged: first.report!.total, removed: 0))
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.today == first.today)
    }

    @Test func aMissingFileOrAnotherDayMeansARealBuild() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        #expect(SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: output)).succeeded)
        try FileManager.default.removeItem(atPath: output + "/sayings/one/index.html")
        let repaired = SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: output))
        #expect(repaired.report?.written == 1)
        #expect(folder.exists("public/sayings/one/index.html"))

        let nextDay = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: output, date: "2026-12-01"))
        #expect(nextDay.succeeded)
        #expect(nextDay.today?.day == CivilDay(iso: "2026-12-01"))
    }

    @Test func addingASayingRewritesOnlyThePagesThatShowItOrChange() throws {
        let site = try BuiltCopy()
        let (folder, content, output, before) = (site.folder, site.content, site.output, site.files)

        try addSaying("newest", time: "2026-11-29 08:00", to: content)
        let result = SiteBuilder.pinned.build(request(content: content, output: output))
        let after = try folder.snapshot("public")
        let changed = after.keys.filter { before[$0] != after[$0] }
        #expect(changed.contains("sayings/newest/index.html"))
        #expect(changed.contains("index.html"))
        #expect(result.report?.written == changed.count, "exactly the files whose bytes changed are written")
        #expect(changed.count < after.count / 2)

        // A fresh build of the same content gives the same bytes.
        let fresh = try TemporaryFolder()
        #expect(SiteBuilder.pinned.build(request(content: content, output: fresh.path)).succeeded)
        let freshFiles = try fresh.snapshot()
        #expect(freshFiles.keys.sorted() == after.keys.sorted())
        for (path, bytes) in after { #expect(freshFiles[path] == bytes, "\(path) differs from a fresh build") }
    }

    /// A saying's neighbours show its title in their pagers: their keys hold its view too.
    @Test func editingASayingRewritesItsNeighbours() throws {
        let site = try BuiltCopy()
        let (folder, content, output, before) = (site.folder, site.content, site.output, site.files)

        // "two" is between "late-night" (newer) and "one" (older).
        let file = content + "/sayings/more.json"
        let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "\"kor\": \"둘째\"", with: "\"kor\": \"고친 둘째\"")
        #expect(edited.contains("고친 둘째"))
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(SiteBuilder.pinned.build(request(content: content, output: output)).succeeded)
        let after = try folder.snapshot("public")
        for page in ["sayings/two/index.html", "sayings/late-night/index.html", "sayings/one/index.html"] {
            let text = String(decoding: after[page] ?? [], as: UTF8.self)
            #expect(before[page] != nil && !String(decoding: before[page]!, as: UTF8.self).contains("고친 둘째"))
            #expect(text.contains("고친 둘째"), "\(page) shows the edited saying")
        }
    }

    @Test func changingATemplateRendersThePagesAgain() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        #expect(SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: output)).succeeded)
        let layout = try String(contentsOfFile: Fixtures.templates + "/layout.mustache", encoding: .utf8)
        try folder.write(
            "overrides/layout.mustache", layout.replacingOccurrences(of: "</footer>", with: "<p>changed</p></footer>"))
        var changed = request(content: Fixtures.content("basic"), output: output)
        changed.templateDirectories = [folder.path + "/overrides"]
        #expect(SiteBuilder.pinned.build(changed).succeeded)
        #expect(folder.read("public/sayings/one/index.html")?.contains("<p>changed</p>") == true)
        #expect(folder.read("public/index.html")?.contains("<p>changed</p>") == true)
    }

    @Test func aManifestReadsBackAsWritten() throws {
        let folder = try TemporaryFolder()
        let manifest = Manifest(entries: [
            "index.html": .init(hash: 0xFEED_FACE_CAFE_BEEF, size: 7_340_971, key: 0x0123_4567_89AB_CDEF),
            "assets/css/modak.css": .init(hash: 42, size: 0),
            "sayings/모닥/index.html": .unknown,
            "gifts/tags/with space/index.html": .init(hash: 0, size: 1, key: 0)
        ])
        try manifest.write(to: folder.path + "/manifest")
        #expect(Manifest.read(from: folder.path + "/manifest") == manifest)
        // Lines that are not as written (hand-edited or torn) are left out, not misread.
        try folder.write(
            "torn",
            "modak-manifest 2\n12 3 - a.html\nzz 3 - b.html\n12 x - c.html\n12 3\n12 3 - ../d.html\n12 -1 - e.html\n")
        #expect(
            Manifest.read(from: folder.path + "/torn")
                == Manifest(entries: ["a.html": .init(hash: 0x12, size: 3), "e.html": .init(hash: 0x12, size: -1)]))
    }

    @Test func aManifestListsItsFilesInTheBuildsOrderThenTheRestSorted() throws {
        let folder = try TemporaryFolder()
        let entry = Manifest.Entry(hash: 1, size: 2)
        let manifest = Manifest(entries: ["b.html": entry, "a.html": entry, "z.html": entry, "y.html": entry])
        try manifest.write(to: folder.path + "/manifest", order: ["z.html", "gone.html", "a.html"])
        let paths = folder.read("manifest")?.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").last.map(String.init)
        }
        #expect(paths == ["z.html", "a.html", "b.html", "y.html"])
        #expect(Manifest.read(from: folder.path + "/manifest") == manifest)
    }

    /// Older versions kept their manifest, lock and record in the output folder: the next build
    /// takes the manifest over, removes what it lists and no longer makes, and removes those files.
    @Test(arguments: [
        "modak-manifest 1\n1234abcd 19 old/page.html\n", "modak-manifest 2\n1234abcd 19 - old/page.html\n"
    ])
    func aManifestInTheOutputFolderIsMigrated(_ legacy: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("old/page.html", "from an older Modak")
        try folder.write("CNAME", "sayings.example.org")
        try folder.write(".modak-manifest", legacy)
        try folder.write(".modak-lock", "")
        try folder.write(".modak-build", "{}")
        try folder.write("..modak-manifest.modak-4242.tmp", "left by a killed build")
        let report = try SiteWriter(outputDirectory: folder.path).write(
            OutputPlan(files: [OutputFile(path: "new.html", text: "new")]))
        #expect(report.removed == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["CNAME", "new.html"])
        #expect(folder.bookkeeping.manifest?.entries.keys.sorted() == ["new.html"])
    }
}

@Suite struct StableHashTests {
    private func hash(_ value: some Encodable) -> UInt64 {
        var hash = StableHash()
        hash.add(encoding: value)
        return hash.value
    }

    private struct Links: Encodable {
        var card: String?
        var png: String?
    }

    @Test func dictionariesHashTheSameWhateverTheirOrder() {
        // Different capacities give the same entries different iteration orders.
        var forward: [String: String] = [:]
        var backward = [String: String](minimumCapacity: 5000)
        let keys = (0..<200).map { "key\($0)" }
        for key in keys { forward[key] = key.uppercased() }
        for key in keys.reversed() { backward[key] = key.uppercased() }
        #expect(Array(forward.keys) != Array(backward.keys), "the test needs two iteration orders")
        #expect(hash(forward) == hash(backward))
        backward["key7"] = "changed"
        #expect(hash(forward) != hash(backward))
    }

    @Test func whichFieldHoldsAValueMatters() {
        #expect(hash(Links(card: "a.svg", png: nil)) != hash(Links(card: nil, png: "a.svg")))
        #expect(hash(Links(card: "a", png: "b")) != hash(Links(card: "ab", png: "")))
        #expect(hash(["a", "bc"]) != hash(["ab", "c"]))
        #expect(hash([["a"], []]) != hash([[], ["a"]]))
    }

    /// The values written in manifests: a change would make every site rewrite every file, and
    /// remake every card PNG, once. Covers each tail length (0–7 bytes after the last word).
    @Test func hashValuesNeverChange() {
        let text = Array("모닥불 bonfire!".utf8)
        let expected: [UInt64] = [
            0xe8ffe7776f999ff7, 0xaaf7f421743328dc, 0xe8d434c81397a5bb, 0x9a05269c1e4b91ec, 0x98bc98a3b5b79915,
            0xf202eea0475df595, 0xc55dfa04c954f47b, 0x4f6428c741ece6a8, 0x7f074021938bab7d, 0x4c8d2eb0f0f04668,
            0xfc37c59744506f91, 0x404271b2454cd0e7, 0x2fc6df1744f225f2, 0xb718e2d8e5274ad4, 0xd260ac1ebaa7d0e8,
            0x68afcd8d615e5865, 0xb11f09c2e9eecda9, 0xb815d16edc2e6a01, 0x35e5d6fec1646f52
        ]
        #expect((0...text.count).map { StableHash.of(Array(text.prefix($0))) } == expected)
    }

    @Test func bytesHashTheSameInOnePieceAsInAnArray() {
        let text = String(repeating: "모닥불 bonfire ", count: 50)
        var pieces = StableHash()
        pieces.add(text)
        #expect(pieces.value == StableHash.of(Array(text.utf8)))
        #expect(StableHash.of(Array(text.utf8)) != StableHash.of(Array(text.utf8.dropLast())))
    }
}

@Suite struct ExecutableIdentityTests {
    @Test func theRunningExecutableHasABuildID() throws {
        let id = try #require(ExecutableIdentity.buildID(ofExecutableAt: "/proc/self/exe"))
        #expect(id.count >= 8, "a linker's build ID is a hash: \(id.count) bytes")
        #expect(ExecutableIdentity.fingerprint == StableHash.of(id))
        #expect(ExecutableIdentity.buildID(ofExecutableAt: "/etc/hostname") == nil)
    }

    @Test func theBuildIDNoteIsFoundAmongOthers() {
        func note(_ name: String, type: UInt32, _ description: [UInt8]) -> [UInt8] {
            func word(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
            func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + Array(repeating: 0, count: (4 - bytes.count % 4) % 4) }
            let nameBytes = Array(name.utf8) + [0]
            return word(nameBytes.count) + word(description.count) + withUnsafeBytes(of: type.littleEndian, Array.init)
                + padded(nameBytes) + padded(description)
        }
        let abiTag = note("GNU", type: 1, [0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
        let other = note("Go", type: 3, [9, 9, 9])
        let buildID = note("GNU", type: 3, [0xE4, 0xDF, 0xEC, 0xF6, 0x6B])
        let found = (abiTag + other + buildID).withUnsafeBytes(ExecutableIdentity.buildID(inNotes:))
        #expect(found == [0xE4, 0xDF, 0xEC, 0xF6, 0x6B])
        #expect((abiTag + other).withUnsafeBytes(ExecutableIdentity.buildID(inNotes:)) == nil)
        #expect(
            Array(buildID.dropLast(4)).withUnsafeBytes(ExecutableIdentity.buildID(inNotes:)) == nil,
            "a torn note is no ID")
    }
}
