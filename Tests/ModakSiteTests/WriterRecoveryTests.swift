import Foundation
import Testing
import TestSupport
@testable import ModakSite

/// A build that stops part-way (killed, or failing on one file) must leave a folder the next build repairs.
@Suite struct WriterRecoveryTests {
    private func plan(_ files: [String: String]) -> OutputPlan {
        OutputPlan(files: files.keys.sorted().map { OutputFile(path: $0, text: files[$0]!) })
    }

    @Test func aBuildStoppedPartWayIsRepairedEvenWhenTheNextOneGoesBack() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        let old = ["index.html": "old", "sayings/a/index.html": "aaa"]
        _ = try writer.write(plan(old))

        // The second build changes index.html to bytes of the same size, and fails on a file whose
        // place is taken by a folder, after the other files were written.
        try folder.write("blocked/index.html/keep", "a folder where a file should go")
        #expect(throws: OutputError.self) {
            try writer.write(plan(["index.html": "new", "sayings/a/index.html": "aaa", "blocked/index.html": "x"]))
        }
        #expect(folder.read("index.html") == "new")

        // Going back to the first content must restore every file, not trust the old manifest entry.
        try FileManager.default.removeItem(atPath: folder.path + "/blocked")
        let report = try writer.write(plan(old))
        #expect(folder.read("index.html") == "old")
        #expect(report.written == 1)
        #expect(try folder.snapshot().keys.sorted() == ["index.html", "sayings/a/index.html"])
    }

    @Test func temporariesLeftByAKilledBuildAreRemoved() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        _ = try writer.write(plan(["index.html": "one", "sayings/a/index.html": "a"]))
        // What `kill -9` leaves: a manifest marking the files being written, and their temporaries.
        var manifest = Manifest.read(from: folder.path + "/" + SiteWriter.manifestName)
        manifest.entries["sayings/a/index.html"] = .unknown
        try manifest.write(to: folder.path + "/" + SiteWriter.manifestName)
        try folder.write("sayings/a/.index.html.modak-4242.tmp", "half")
        try folder.write("..modak-manifest.modak-4242.tmp", "half")
        try folder.write("..modak-manifest.modak-4242.tmp.keep", "not ours")

        _ = try writer.write(plan(["index.html": "one", "sayings/a/index.html": "a"]))
        #expect(!folder.exists("sayings/a/.index.html.modak-4242.tmp"))
        #expect(!folder.exists("..modak-manifest.modak-4242.tmp"))
        #expect(folder.exists("..modak-manifest.modak-4242.tmp.keep"))
        #expect(Manifest.read(from: folder.path + "/" + SiteWriter.manifestName).entries.values.allSatisfy { $0 != .unknown })
    }

    /// Writes `<source bytes>+png` to each destination, or fails after writing the first.
    private struct FakeDeriver: FileDeriver {
        var failing = false

        func derive(_ jobs: [(source: String, destination: String)]) throws {
            for (index, job) in jobs.enumerated() {
                #expect(job.destination.split(separator: "/").last!.hasPrefix("."), "derived files are made under hidden temporary names")
                let source = try String(contentsOfFile: job.source, encoding: .utf8)
                try Data((source + "+png").utf8).write(to: URL(fileURLWithPath: job.destination))
                if failing && index == 0 { throw OutputError(description: "deriver failed") }
            }
        }
    }

    @Test func derivedFilesAppearWholeOrNotAtAll() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        func plan(_ text: String) -> OutputPlan {
            OutputPlan(files: [OutputFile(path: "cards/a.svg", text: text), OutputFile(path: "cards/b.svg", text: text + "b")],
                       derived: [DerivedFile(path: "cards/a.png", source: "cards/a.svg"), DerivedFile(path: "cards/b.png", source: "cards/b.svg")])
        }
        _ = try writer.write(plan("one"), deriver: FakeDeriver())
        #expect(folder.read("cards/a.png") == "one+png")

        #expect(throws: OutputError.self) { try writer.write(plan("two"), deriver: FakeDeriver(failing: true)) }
        #expect(folder.read("cards/a.png") == "one+png", "a failed derivation leaves the old file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cards").sorted() == ["a.png", "a.svg", "b.png", "b.svg"])

        _ = try writer.write(plan("two"), deriver: FakeDeriver())
        #expect(folder.read("cards/a.png") == "two+png")
        #expect(folder.read("cards/b.png") == "twob+png")
    }

    @Test func temporaryNamesAreRecognisedExactly() {
        #expect(FileSystem.isTemporaryName(".index.html.modak-123.tmp"))
        #expect(FileSystem.isTemporaryName("..modak-manifest.modak-9.tmp"))
        #expect(FileSystem.isTemporaryName(".a.png.modak-12.tmp.34.5F0C-AB.tmp"))
        #expect(!FileSystem.isTemporaryName(".a.png.modak-12.tmpx"))
        #expect(!FileSystem.isTemporaryName("index.html.modak-123.tmp"))
        #expect(!FileSystem.isTemporaryName(".index.html.modak-.tmp"))
        #expect(!FileSystem.isTemporaryName(".index.html.modak-12a.tmp"))
        #expect(!FileSystem.isTemporaryName(".modak-123.tmp"))
    }
}
