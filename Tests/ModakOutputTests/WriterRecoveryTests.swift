import Foundation
@testable import ModakOutput
import StableHashing
import Testing
import TestSupport

/// A build that stops part-way (killed, or failing on one file) must leave a folder the next build repairs.
@Suite struct WriterRecoveryTests {
    /// What a page or a deriver that fails throws.
    private struct Failure: Error, Equatable {}

    private func plan(_ files: [String: String]) -> OutputPlan {
        OutputPlan(files: files.keys.sorted().map { OutputFile(path: $0, text: files[$0]!) })
    }

    private let old = ["index.html": "old", "sayings/a/index.html": "aaa"]

    /// A scratch output folder and its writer, after a first build of `old`.
    private func builtOnce() throws -> (TemporaryFolder, SiteWriter) {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        _ = try writer.write(plan(old))
        return (folder, writer)
    }

    @Test func aFolderInAFilesPlaceStopsTheBuildBeforeAnythingChanges() throws {
        let (folder, writer) = try builtOnce()
        let manifest = try #require(folder.bookkeeping.manifest)

        try folder.write("blocked/index.html/keep", "a folder where a file should go")
        #expect(throws: OutputError.folderInFilesPlace(CanonicalPath.of(folder.path) + "/blocked/index.html")) {
            try writer.write(plan(["index.html": "new", "sayings/a/index.html": "aaa", "blocked/index.html": "x"]))
        }
        #expect(folder.read("index.html") == "old")
        #expect(folder.bookkeeping.manifest == manifest)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "blocked", "index.html", "sayings"
            ])
    }

    @Test func aBuildHoldingTheLockStopsAnotherBeforeAnythingChanges() throws {
        let folder = try TemporaryFolder()
        let cache = BuildCache(root: folder.path + "/cache")
        let output = folder.path + "/public"
        let held = try cache.bookkeeping(forOutput: CanonicalPath.of(output)).lock(displayName: "public")
        defer { held.release() }
        #expect(throws: OutputError.locked(output: output)) {
            try SiteWriter(outputDirectory: output, cache: cache).write(plan(["index.html": "x"]))
        }
        #expect(!folder.exists("public"))
    }

    /// What a build killed while putting its files in place leaves: some files new, and a manifest
    /// marking every file it set out to change.
    @Test func aBuildKilledWhileCommittingIsRepairedEvenWhenTheNextOneGoesBack() throws {
        let (folder, writer) = try builtOnce()
        var intent = try #require(folder.bookkeeping.manifest)
        intent.entries["index.html"] = .unknown
        intent.entries["sayings/b/index.html"] = .unknown
        try intent.write(to: folder.bookkeeping.manifestPath)
        try folder.write("index.html", "new")
        try folder.write("sayings/b/index.html", "bbb")

        // Going back to the first content must restore every file, not trust the old manifest entry.
        let report = try writer.write(plan(old))
        #expect(folder.read("index.html") == "old")
        #expect(report.written == 1 && report.removed == 1)
        #expect(try folder.visibleFiles() == ["index.html", "sayings/a/index.html"])
    }

    @Test func stagingFoldersLeftByKilledBuildsAreRemoved() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        let writer = SiteWriter(outputDirectory: output)
        _ = try writer.write(plan(["index.html": "one", "sayings/a/index.html": "a"]))
        let dead = deadProcessID()
        // Beside the output, and inside it (where the output is a mount point).
        try folder.write(".public.modak-\(dead).tmp/sayings/a/index.html", "half")
        try folder.write("public/..modak-staging.modak-\(dead).tmp/index.html", "half")
        try folder.write("public/..modak-staging.modak-\(dead).tmp.keep", "not ours")

        _ = try writer.write(plan(["index.html": "two", "sayings/a/index.html": "a"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["public"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output).sorted() == [
                "..modak-staging.modak-\(dead).tmp.keep", "index.html", "sayings"
            ])
        #expect(folder.bookkeeping(of: "public").manifest?.entries.values.allSatisfy { $0 != .unknown } == true)
    }

    /// A new site is built in a hidden sibling and renamed into place, so it appears whole.
    @Test func aNewSiteAppearsWholeAndAFailedOneNotAtAll() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        let report = try SiteWriter(outputDirectory: output).write(
            plan(["index.html": "one", "sayings/a/index.html": "a"]))
        #expect(report.written == 2)
        #expect(folder.read("public/sayings/a/index.html") == "a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["public"])
        // Written in place, it still has what the next build needs: a manifest, no temporaries.
        let second = try SiteWriter(outputDirectory: output).write(
            plan(["index.html": "two", "sayings/a/index.html": "a"]))
        #expect(second.written == 1 && second.unchanged == 1)

        // A page that fails to render stops the build after the others were written.
        var failing = plan(["index.html": "x", "sayings/b/index.html": "y"])
        failing.deferred = [DeferredFile(path: "sayings/c/index.html", key: { 1 }, render: { throw Failure() })]
        #expect(throws: Failure()) { try SiteWriter(outputDirectory: folder.path + "/failed").write(failing) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["public"])
    }

    /// A killed build leaves its hidden folder for a new site; the next one removes it unless its
    /// build is still running.
    @Test func theFolderOfAKilledNewSiteIsRemoved() throws {
        let folder = try TemporaryFolder()
        let dead = deadProcessID()
        try folder.write(".public.modak-\(dead).tmp/index.html", "half")
        try folder.write(".public.modak-1.tmp/index.html", "pid 1 is running")
        try folder.write(".other.modak-\(dead).tmp/index.html", "another output's")
        _ = try SiteWriter(outputDirectory: folder.path + "/public").write(plan(["index.html": "one"]))
        #expect(!folder.exists(".public.modak-\(dead).tmp"))
        #expect(folder.exists(".public.modak-1.tmp/index.html"))
        #expect(folder.exists(".other.modak-\(dead).tmp/index.html"))
    }

    private func deadProcessID() -> Int32 {
        var dead = Int32(4_000_000) // above any pid Linux hands out by default
        while kill(dead, 0) == 0 { dead += 1 }
        return dead
    }

    /// Writes `<source bytes>+png` to each destination, or fails after writing the first.
    private struct FakeDeriver: FileDeriver {
        var failing = false
        var output: String

        func derive(_ jobs: [DerivationJob]) throws {
            for (index, job) in jobs.enumerated() {
                #expect(
                    !job.destination.hasPrefix(output + "/"),
                    "derived files are made outside the output folder, then moved in")
                let source = try String(contentsOfFile: job.source, encoding: .utf8)
                try Data((source + "+png").utf8).write(to: URL(fileURLWithPath: job.destination))
                if failing && index == 0 { throw Failure() }
            }
        }
    }

    /// A derivation known by its width alone, for derivers that make files their own way.
    private struct Sized: Derivation {
        var width: Int
        func addRecipe(to hash: inout StableHash) { hash.add(UInt64(width)) }

        func make(from source: String) throws -> [UInt8] { [] }
    }

    @Test func derivedFilesAppearWholeOrNotAtAll() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        func plan(_ text: String) -> OutputPlan {
            OutputPlan(
                files: [OutputFile(path: "cards/a.svg", text: text), OutputFile(path: "cards/b.svg", text: text + "b")],
                derived: [
                    DerivedFile(path: "cards/a.png", source: "cards/a.svg", derivation: Sized(width: 2)),
                    DerivedFile(path: "cards/b.png", source: "cards/b.svg", derivation: Sized(width: 2))
                ])
        }
        _ = try writer.write(plan("one"), deriver: FakeDeriver(output: folder.path))
        #expect(folder.read("cards/a.png") == "one+png")

        #expect(throws: Failure()) {
            try writer.write(plan("two"), deriver: FakeDeriver(failing: true, output: folder.path))
        }
        #expect(folder.read("cards/a.png") == "one+png", "a failed derivation leaves the old file")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cards").sorted() == [
                "a.png", "a.svg", "b.png", "b.svg"
            ])

        _ = try writer.write(plan("two"), deriver: FakeDeriver(output: folder.path))
        #expect(folder.read("cards/a.png") == "two+png")
        #expect(folder.read("cards/b.png") == "twob+png")
    }

    @Test func aDerivedFileIsMadeAgainWhenItIsDrawnAtAnotherSize() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(outputDirectory: folder.path)
        func plan(width: Int) -> OutputPlan {
            OutputPlan(
                files: [OutputFile(path: "icon.svg", text: "<svg/>")],
                derived: [DerivedFile(path: "icon.png", source: "icon.svg", derivation: Sized(width: width))])
        }
        #expect(try writer.write(plan(width: 192), deriver: FakeDeriver(output: folder.path)).written == 2)
        #expect(try writer.write(plan(width: 192), deriver: FakeDeriver(output: folder.path)).written == 0)
        #expect(
            try writer.write(plan(width: 512), deriver: FakeDeriver(output: folder.path)).written == 1,
            "the same source at a new size")
    }

    @Test func aPlanThatClaimsAPathTwiceOrDerivesFromNothingIsRefused() throws {
        let folder = try TemporaryFolder()
        func refusal(_ plan: OutputPlan) -> OutputError? {
            do {
                _ = try SiteWriter(outputDirectory: folder.path + "/public").write(plan)
                return nil
            } catch {
                return error as? OutputError
            }
        }
        let page = OutputFile(path: "a/index.html", text: "a")
        let card = DeferredFile(path: "cards/a.svg", key: { 1 }, render: { Array("<svg/>".utf8) })
        #expect(
            refusal(
                OutputPlan(files: [page], deferred: [DeferredFile(path: "a/index.html", key: { 1 }, render: { [] })]))
                == .twoOutputs(on: "a/index.html"))
        #expect(
            refusal(
                OutputPlan(
                    files: [page], deferred: [card],
                    derived: [DerivedFile(path: "a/index.html", source: "cards/a.svg", derivation: Sized(width: 2))]))
                == .twoOutputs(on: "a/index.html"))
        // A derived file made from another derived file has no written source.
        #expect(
            refusal(
                OutputPlan(
                    files: [page], deferred: [card],
                    derived: [
                        DerivedFile(path: "cards/a.png", source: "cards/a.svg", derivation: Sized(width: 2)),
                        DerivedFile(path: "cards/a.webp", source: "cards/a.png", derivation: Sized(width: 2))
                    ])) == .derivedFromNothing("cards/a.webp", source: "cards/a.png"))
        #expect(
            refusal(
                OutputPlan(
                    files: [page], deferred: [card],
                    derived: [DerivedFile(path: "cards/a.png", source: "cards/a.svg", derivation: Sized(width: 2))]))
                == nil)
        #expect(!folder.exists("public/cards/a.png"), "no deriver, no derived file")
    }

    @Test func aTemporaryReplacesAFileOrTakesAFreeName() throws {
        let folder = try TemporaryFolder()
        try folder.write("page.html", "old")
        try FileSystem.replace(
            folder.path + "/page.html",
            with: FileSystem.writeTemporary(Array("new".utf8), beside: folder.path + "/page.html"))
        try FileSystem.replace(
            folder.path + "/free.html",
            with: FileSystem.writeTemporary(Array("free".utf8), beside: folder.path + "/free.html"))
        #expect(folder.read("page.html") == "new")
        #expect(folder.read("free.html") == "free")
        // Neither the temporaries nor the swapped-out old file stay behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["free.html", "page.html"])
    }

    @Test func aFolderInAFilesPlaceIsNeitherReplacedNorMoved() throws {
        let folder = try TemporaryFolder()
        try folder.write("page.html/inside.txt", "the user's")
        let temporary = try FileSystem.writeTemporary(Array("new".utf8), beside: folder.path + "/page.html")
        #expect(throws: OutputError.cannotReplace(folder.path + "/page.html", reason: "Is a directory")) {
            try FileSystem.replace(folder.path + "/page.html", with: temporary)
        }
        #expect(folder.read("page.html/inside.txt") == "the user's")
        // The new file stays where it was, for the writer to discard with its staging folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                (temporary as NSString).lastPathComponent, "page.html"
            ])
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
