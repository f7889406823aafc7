import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import ModakInput
import ModakXML
import TestSupport
import Testing

extension TemporaryFolder {
    /// Every file below the folder with its bytes, for whole-tree comparisons.
    func snapshot(_ subfolder: String = "") throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, bytes) in try DirectoryReader.files(in: subfolder.isEmpty ? path : path + "/" + subfolder) {
            result[path] = bytes
        }
        return result
    }
}

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let templates = repository.appendingPathComponent("Templates").path
    static func content(_ name: String) -> String {
        repository.appendingPathComponent("Tests/Fixtures/\(name)/content").path
    }

    /// A copy of a fixture's content folder that a test may change.
    static func copy(_ name: String, into folder: TemporaryFolder) throws -> String {
        let destination = folder.path + "/content"
        try FileManager.default.copyItem(atPath: content(name), toPath: destination)
        return destination
    }
}

extension BuildCache {
    /// The tests' cache folder, apart from the user's.
    static let scratch = BuildCache(root: scratchCacheRoot)
}

/// The bookkeeping the tests' builds keep about one output folder.
struct ScratchBookkeeping {
    let bookkeeping: OutputBookkeeping

    var manifest: Manifest? { Manifest.read(from: bookkeeping.manifestPath) }
    var manifestPath: String { bookkeeping.manifestPath }
    var record: BuildRecord? { BuildRecord.read(from: bookkeeping.recordPath) }
}

extension TemporaryFolder {
    /// The bookkeeping of the output folder at `relativePath` (the folder itself by default).
    func bookkeeping(of relativePath: String = "") -> ScratchBookkeeping {
        ScratchBookkeeping(
            bookkeeping: BuildCache.scratch.bookkeeping(
                forOutput: CanonicalPath.of(relativePath.isEmpty ? path : path + "/" + relativePath)))
    }

    var bookkeeping: ScratchBookkeeping { bookkeeping() }
}

extension SiteWriter {
    init(outputDirectory: String) { self.init(outputDirectory: outputDirectory, cache: .scratch) }
}

extension SiteBuilder {
    /// A builder whose clock must not be read: tests pin the day with `--date`.
    static let pinned = SiteBuilder(
        clock: { fatalError("tests pin the build day") }, bundledTemplates: Fixtures.templates, cache: .scratch)
}

func request(content: String, output: String, date: String = "2026-11-30") -> BuildRequest {
    var request = BuildRequest()
    request.contentDirectory = content
    request.outputDirectory = output
    request.day = CivilDay(iso: date)
    return request
}

/// A fixture's content copied into a new folder and built into its `public/`: the start of every
/// test that changes a site and builds it again.
struct BuiltCopy {
    let folder: TemporaryFolder
    let content: String
    let output: String
    /// The files of the first build.
    let files: [String: [UInt8]]

    init(_ fixture: String = "basic") throws {
        folder = try TemporaryFolder()
        content = try Fixtures.copy(fixture, into: folder)
        output = folder.path + "/public"
        #expect(SiteBuilder.pinned.build(request(content: content, output: output)).succeeded)
        files = try folder.snapshot("public")
    }
}

/// A site written from `files` (paths inside the folder: `content/…`, and `templates/…` beside it)
/// and built into `public/` as of `date`: for tests of one feature on a few files.
struct WrittenSite {
    let folder: TemporaryFolder
    let result: BuildResult

    static let siteJSON =
        #"{"title": "Lanterns", "baseURL": "https://name.github.io/lanterns/", "language": "en", "cards": false}"#
    static let saying = "---\nid: lamp\nkor: 등불\neng: A lamp\nwho: Modak\ntime: 2026-11-20 09:00\n---\n"

    init(_ files: [String: String], date: String = "2026-11-30", includeDrafts: Bool = false) throws {
        folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(path, text) }
        if files["content/site.json"] == nil { try folder.write("content/site.json", Self.siteJSON) }
        var request = request(content: folder.path + "/content", output: folder.path + "/public", date: date)
        request.includeDrafts = includeDrafts
        result = SiteBuilder.pinned.build(request)
    }

    func page(_ path: String) throws -> String { try #require(folder.read("public/" + path), "\(path) is missing") }

    func elements(_ path: String, _ name: String, where matches: ([String: String]) -> Bool = { _ in true }) throws
        -> [HTMLDocument.Element]
    {
        HTMLDocument(html: try page(path)).elements.filter { $0.name == name && matches($0.attributes) }
    }

    /// Every output file as text, and the build's bookkeeping under `bookkeeping/`.
    var outputs: [String: String] {
        get throws {
            var files: [String: String] = [:]
            let bookkeeping = folder.bookkeeping(of: "public").bookkeeping.folder
            for (prefix, root) in [("", folder.path + "/public/"), ("bookkeeping/", bookkeeping + "/")] {
                for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: root + path, isDirectory: &isFolder), !isFolder.boolValue
                    {
                        files[prefix + path] = String(
                            decoding: try #require(FileManager.default.contents(atPath: root + path)), as: UTF8.self)
                    }
                }
            }
            return files
        }
    }

    var warnings: [String] { result.diagnostics.filter { $0.severity == .warning }.map(\.description) }
}
