import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import Testing
import TestSupport

/// The output folder is the user's: a build refuses folders that are not its own, keeps its
/// bookkeeping elsewhere, and a failed build changes no byte of the previous output.
@Suite struct OutputFolderTests {
    private func refusal(
        output: String, content: String, templates: [String] = [], home: String? = nil, force: Bool = false
    ) -> OutputRefusal? {
        do throws(OutputRefusal) {
            try OutputFolderRules(cache: .scratch, home: home).check(
                output: output, content: content, templateFolders: templates, force: force)
            return nil
        } catch {
            return error
        }
    }

    @Test func theRootTheHomeFolderAndAFileAreRefused() throws {
        let folder = try TemporaryFolder()
        let content = folder.path + "/site/content"
        try folder.write("site/content/site.json", "{}")
        try folder.write("home/notes.txt", "mine")
        #expect(refusal(output: "/", content: content) == .root(output: "/"))
        #expect(refusal(output: "/tmp/..", content: content, force: true) == .root(output: "/tmp/.."))
        let home = CanonicalPath.of(folder.path + "/home")
        #expect(
            refusal(output: folder.path + "/home", content: content, home: folder.path + "/home", force: true)
                == .home(output: folder.path + "/home", home: home))
        #expect(
            refusal(output: folder.path, content: content, home: folder.path + "/home", force: true)
                == .home(output: folder.path, home: home))
        #expect(
            refusal(output: folder.path + "/home/site/public", content: content, home: folder.path + "/home") == nil)
        #expect(
            refusal(output: folder.path + "/home/notes.txt", content: content, force: true)
                == .notAFolder(output: folder.path + "/home/notes.txt"))
        #expect(OutputRefusal.root(output: "/").description.contains("it is the root of the machine"))
    }

    @Test func theContentAndTemplateFoldersAreRefusedAsTheyAreInsideOrAbove() throws {
        let folder = try TemporaryFolder()
        let content = folder.path + "/site/content"
        let templates = folder.path + "/site/templates"
        try folder.write("site/content/site.json", "{}")
        try folder.write("site/templates/layout.mustache", "")
        func overlap(_ output: String) -> (OutputRefusal.Sources, OutputRefusal.Overlap)? {
            guard
                case .overlaps(_, let sources, _, let overlap, let suggestion) = refusal(
                    output: output, content: content, templates: [templates], force: true)
            else { return nil }
            #expect(suggestion == folder.path + "/site/public")
            return (sources, overlap)
        }
        #expect(overlap(content)! == (.content, .same))
        #expect(overlap(content + "/../content/")! == (.content, .same))
        #expect(overlap(content + "/static/out")! == (.content, .inside))
        #expect(overlap(folder.path + "/site")! == (.content, .containing))
        #expect(overlap(templates)! == (.templates, .same))
        #expect(overlap(templates + "/assets")! == (.templates, .inside))
        #expect(overlap(folder.path + "/site/public") == nil)
        // Through a symbolic link the folder is the same.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: content)
        #expect(overlap(folder.path + "/linked/out")! == (.content, .inside))
    }

    @Test func aFolderOfSomeoneElsesFilesIsRefusedUnlessForced() throws {
        let folder = try TemporaryFolder()
        let content = folder.path + "/content"
        try folder.write("content/site.json", "{}")
        try folder.write("mine/index.html", "<p>my own page</p>")
        try folder.write("mine/notes.txt", "mine")
        try folder.write("hidden-only/.git/HEAD", "ref: refs/heads/main")
        try folder.write("hidden-only/.nojekyll", "")
        #expect(
            refusal(output: folder.path + "/mine", content: content)
                == .notModaks(output: folder.path + "/mine", examples: ["index.html", "notes.txt"]))
        #expect(refusal(output: folder.path + "/mine", content: content, force: true) == nil)
        #expect(
            refusal(output: folder.path + "/hidden-only", content: content) == nil,
            "hidden files alone do not make a folder someone's")
        #expect(refusal(output: folder.path + "/new", content: content) == nil)
    }

    @Test func aFolderModakBuiltIsRecognisedByItsRecordItsOldManifestOrItsHomePage() throws {
        let folder = try TemporaryFolder()
        let content = folder.path + "/content"
        try folder.write("content/site.json", "{}")
        _ = try SiteWriter(outputDirectory: folder.path + "/recorded").write(
            OutputPlan(files: [OutputFile(path: "page.html", text: "x")]))
        try folder.write("old/.modak-manifest", "modak-manifest 2\n")
        try folder.write("old/index.html", "<p>an older Modak's site</p>")
        try folder.write("moved/index.html", "<!DOCTYPE html>\n<html>\n<head>\n\(OutputFolderRules.generatorMark)\n")
        for name in ["recorded", "old", "moved"] {
            #expect(refusal(output: folder.path + "/" + name, content: content) == nil, "\(name)")
        }
    }

    @Test func theBundledLayoutCarriesTheMarkThatRecognisesAMovedSite() throws {
        let layout = try String(contentsOfFile: Fixtures.templates + "/layout.mustache", encoding: .utf8)
        #expect(layout.contains(OutputFolderRules.generatorMark))
    }

    @Test func aRefusedBuildReadsAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("public/index.html", "<p>my own page</p>")
        let result = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: folder.path + "/public"))
        guard case .notModaks = result.refusal else { Issue.record("not refused: \(result)"); return }
        #expect(result.report == nil && result.diagnostics.isEmpty)
        #expect(folder.allFiles() == ["public/index.html"])
        #expect(!FileSystem.exists(folder.bookkeeping(of: "public").bookkeeping.folder))
    }

    @Test func theOutputHoldsNothingButTheSite() throws {
        let site = try BuiltCopy()
        let hidden = site.folder.allFiles().filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(hidden == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path).sorted() == ["content", "public"])
        let bookkeeping = site.folder.bookkeeping(of: "public")
        #expect(bookkeeping.record != nil)
        #expect(bookkeeping.manifest?.entries.count == site.files.count)
    }

    /// Moving the folder or losing the bookkeeping costs a full build, which removes nothing.
    @Test(arguments: ["moved", "bookkeeping deleted"])
    func aSiteWithoutItsBookkeepingIsBuiltWholeAndKeepsTheUsersFiles(_ how: String) throws {
        let site = try BuiltCopy()
        try site.folder.write("public/CNAME", "sayings.example.org")
        try site.folder.write("public/sayings/retired/index.html", "made by an earlier build")
        var output = site.output
        if how == "moved" {
            output = site.folder.path + "/site"
            try FileManager.default.moveItem(atPath: site.output, toPath: output)
        } else {
            FileSystem.removeTree(site.folder.bookkeeping(of: "public").bookkeeping.folder)
        }
        let result = SiteBuilder.pinned.build(request(content: site.content, output: output))
        #expect(result.refusal == nil)
        #expect(result.report == WriteReport(written: site.files.count, unchanged: 0, removed: 0))
        #expect(site.folder.read(output.dropFirst(site.folder.path.count + 1) + "/CNAME") == "sayings.example.org")
        #expect(site.folder.exists(output.dropFirst(site.folder.path.count + 1) + "/sayings/retired/index.html"))
        #expect(SiteBuilder.pinned.build(request(content: site.content, output: output)).report?.written == 0)
    }

    /// Every kind of failure, after the site was built once: the output folder and the
    /// bookkeeping are byte for byte as they were.
    @Test(arguments: ["content", "template", "card", "page"])
    func aFailedBuildChangesNoByteOfTheOutputOrItsBookkeeping(_ failure: String) throws {
        let folder = try TemporaryFolder()
        let content = try Fixtures.copy("basic", into: folder)
        let output = folder.path + "/public"
        try folder.write(
            "content/site.json", #"{"title": "Fixture", "baseURL": "https://fixture.example/", "cards": true}"#)
        func builder(_ deriver: FakeCardDeriver) -> SiteBuilder {
            SiteBuilder(
                clock: { fatalError("pinned") }, bundledTemplates: Fixtures.templates, pngDeriver: deriver,
                cache: .scratch)
        }
        #expect(builder(FakeCardDeriver()).build(request(content: content, output: output)).succeeded)
        #expect(folder.read("public/cards/two.png")?.hasPrefix("png of ") == true)
        let bookkeeping = folder.bookkeeping(of: "public").bookkeeping
        let before = try (folder.snapshot("public"), bookkeepingFiles(bookkeeping))

        // The new content changes pages and a card, so that a build which got far enough would rewrite them.
        let file = content + "/sayings/more.json"
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "둘째", with: "고친 둘째").write(
            toFile: file, atomically: true, encoding: .utf8)
        var deriver = FakeCardDeriver()
        switch failure {
        case "content":
            try folder.write("content/sayings/broken.md", "---\nid: broken\nwho: W\n---\n")
        case "template":
            try folder.write("templates/home.mustache", "{{> partials/no-such-partial}}")
        case "page":
            // A partial named by the site's title, which no template has: found missing only
            // while the saying pages are rendered, as the writer stages them.
            try folder.write("templates/saying.mustache", "{{>*site.title}}")
        default:
            deriver.fails = true
        }
        let result = builder(deriver).build(request(content: content, output: output))
        #expect(!result.succeeded, "the \(failure) failure was not one")
        #expect(try folder.snapshot("public") == before.0)
        #expect(try bookkeepingFiles(bookkeeping) == before.1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") } == [],
            "no staging folder is left")
    }

    /// Writes `png of <svg>` for each card, or half of the first one and fails.
    private struct FakeCardDeriver: FileDeriver {
        struct Failure: Error {}
        var fails = false

        func derive(_ jobs: [DerivationJob]) throws {
            for job in jobs {
                let svg = try String(contentsOfFile: job.source, encoding: .utf8)
                try Data(("png of " + svg).prefix(fails ? 10 : .max).utf8).write(
                    to: URL(fileURLWithPath: job.destination))
                if fails { throw Failure() }
            }
        }
    }

    private func bookkeepingFiles(_ bookkeeping: OutputBookkeeping) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: bookkeeping.folder) {
            files[name] = FileManager.default.contents(atPath: bookkeeping.folder + "/" + name)
        }
        return files
    }

    @Test func theStandardCacheFollowsTheEnvironment() {
        #expect(
            BuildCache.standard(environment: ["MODAK_CACHE_DIR": "/x/cache", "XDG_CACHE_HOME": "/y", "HOME": "/z"]).root
                == "/x/cache")
        #expect(BuildCache.standard(environment: ["XDG_CACHE_HOME": "/y", "HOME": "/z"]).root == "/y/modak")
        #expect(
            BuildCache.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/z"]).root == "/z/.cache/modak")
        #expect(BuildCache.standard(environment: [:]).root.hasPrefix("/tmp/modak-cache-"))
    }

    @Test func bookkeepingOfOutputsThatAreGoneIsPruned() throws {
        let folder = try TemporaryFolder()
        let cache = BuildCache(root: folder.path + "/cache")
        for name in ["kept", "gone"] {
            _ = try SiteWriter(outputDirectory: folder.path + "/" + name, cache: cache).write(
                OutputPlan(files: [OutputFile(path: "a.html", text: "a")]))
        }
        FileSystem.removeTree(folder.path + "/gone")
        _ = try SiteWriter(outputDirectory: folder.path + "/new", cache: cache).write(
            OutputPlan(files: [OutputFile(path: "a.html", text: "a")]))
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/outputs")
            .compactMap { OutputBookkeeping.recordedOutput(in: folder.path + "/cache/outputs/" + $0) }
        #expect(outputs.sorted() == [CanonicalPath.of(folder.path + "/kept"), CanonicalPath.of(folder.path + "/new")])
    }

    @Test func canonicalPathsResolveLinksAndTheMissingPart() throws {
        let folder = try TemporaryFolder()
        try folder.write("real/file", "")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")
        let real = CanonicalPath.of(folder.path + "/real")
        #expect(CanonicalPath.of(folder.path + "/link") == real)
        #expect(CanonicalPath.of(folder.path + "/link/new/../public/.") == real + "/public")
        #expect(CanonicalPath.of("public", relativeTo: folder.path + "/link") == real + "/public")
        #expect(CanonicalPath.of("/") == "/")
        #expect(CanonicalPath.of("/tmp/../..") == "/")
    }
}
