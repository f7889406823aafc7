import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import ModakInput
import Mustache
import Testing
import TestSupport

/// No id, slug, output path, manifest line, template name or symbolic link reads or writes
/// outside its folder. (The preview server's own path checks are tested in ModakServeTests.)
@Suite struct PathSafetyTests {
    static let hostileIdentifiers = [
        "../x", "..", ".", "a/b", "a/../b", "%2e%2e", "%2e%2e%2fx", "/etc/passwd", "..\\x", "a\\b", "C:x", "",
        String(repeating: "a", count: 65), "명언", "a b", "a\u{0}b", ".hidden", "x\n", "a%2Fb"
    ]

    @Test(arguments: hostileIdentifiers)
    func hostileIdentifiersAreRejected(_ id: String) {
        #expect(!Identifier.isValid(id))
    }

    @Test func plainIdentifiersAreAccepted() {
        for id in ["a", "A-z_09", String(repeating: "x", count: 64), "2026-11-30-notice"] {
            #expect(Identifier.isValid(id), "\(id)")
        }
    }

    @Test(arguments: ["sayings", "notices", "pages"])
    func theLoaderRejectsHostileIdsAndSlugs(_ folder: String) {
        let key = folder == "sayings" ? "id" : "slug"
        for id in Self.hostileIdentifiers where !id.contains("\n") && !id.contains("\u{0}") {
            let record: String
            switch folder {
            case "sayings": record = "id: '\(id)'\neng: A\nwho: W\ntime: 2026-11-01"
            case "notices": record = "title: T\ndate: 2026-11-01\nslug: '\(id)'"
            default: record = "title: T\nslug: '\(id)'"
            }
            let file = SourceFile(relativePath: "\(folder)/f.md", bytes: Array("---\n\(record)\n---\nBody\n".utf8))
            let (content, log) = ContentLoader.load([Self.site, file])
            #expect(content == nil, "\(folder) \(key) \(id.debugDescription) was accepted")
            #expect(log.errors.contains { $0.path == "\(folder)/f.md" && $0.line != nil })
        }
    }

    static let escapingOutputPaths = [
        "../escape.html", "/tmp/modak-absolute-escape.html", "a/../../escape.html", "a\\..\\..\\escape.html", "",
        "a//b.html", "./a.html", "a/./b.html", "C:/escape.html", "sayings/../../escape.html",
        // Hidden names are the site's (`.well-known/`) but for the writer's own.
        ".modak-manifest", ".modak-staging/index.html", "a/.b.html.modak-7.tmp"
    ]

    @Test(arguments: escapingOutputPaths)
    func theWriterRefusesPathsOutsideItsFolder(_ path: String) throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/site/public"
        let plan = OutputPlan(files: [
            OutputFile(path: "index.html", text: "ok"), OutputFile(path: path, text: "escaped")
        ])
        #expect(throws: OutputError.pathRefused(path)) {
            try SiteWriter(outputDirectory: output, cache: Self.cache).write(plan)
        }
        #expect(folder.allFiles() == [], "nothing is written when any path is refused")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/modak-absolute-escape.html"))
    }

    /// A render step, as a future feature might add, that computes a path from content.
    struct SlugFromContentStep: RenderStep {
        func files(_ context: RenderContext) throws -> [OutputFile] {
            context.content.sayings.map { OutputFile(path: "tags/\($0.tags.first ?? "")/index.html", text: "x") }
        }
    }

    @Test func aStepThatBuildsPathsFromContentCannotWriteOutside() throws {
        let site = SourceFile(relativePath: "site.json", bytes: Self.site.bytes)
        let saying = SourceFile(
            relativePath: "sayings/a.md",
            bytes: Array("---\nid: a\neng: A\nwho: W\ntime: 2026-11-01\ntags: [../../../escape]\n---\n".utf8))
        let content = try #require(ContentLoader.load([site, saying]).content)
        let templates = try TemplateLoader.load(folders: [Self.repository + "/Templates"])
        let context = RenderContext(
            content: content, today: BuildDay(day: CivilDay(iso: "2026-11-30")!, timeZone: content.site.timeZone),
            templates: templates)
        let plan = try SiteRenderer(steps: [SlugFromContentStep()]).render(context)
        let folder = try TemporaryFolder()
        #expect(throws: OutputError.pathRefused("tags/../../../escape/index.html")) {
            try SiteWriter(outputDirectory: folder.path + "/a/b/c/public", cache: Self.cache).write(plan)
        }
        #expect(folder.allFiles() == [])
    }

    @Test func aTamperedManifestCannotMakeTheWriterDeleteOutside() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        try SiteWriter(outputDirectory: output, cache: Self.cache).write(
            OutputPlan(files: [OutputFile(path: "index.html", text: "one")]))
        try folder.write("victim.txt", "keep me")
        try folder.write("public/sub/keep.txt", "keep me too")
        let manifest = Self.cache.bookkeeping(forOutput: CanonicalPath.of(output)).manifestPath
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try (text + "0 7 ../victim.txt\n0 7 /\(folder.path)/victim.txt\n0 11 sub/../../victim.txt\n")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try SiteWriter(outputDirectory: output, cache: Self.cache).write(
            OutputPlan(files: [OutputFile(path: "index.html", text: "two")]))
        #expect(folder.read("victim.txt") == "keep me")
        #expect(folder.read("public/sub/keep.txt") == "keep me too")
    }

    @Test func templateNamesReachOnlyLoadedTemplates() throws {
        let folder = try TemporaryFolder()
        try folder.write("secret.mustache", "SECRET")
        try folder.write("templates/page.mustache", "[{{> ../secret}}][{{> /\(folder.path)/secret}}]")
        let templates = try TemplateLoader.load(folders: [folder.path + "/templates"])
        #expect(
            throws: MustacheError.missingTemplate(
                .partial, name: "../secret", at: TemplateLocation(file: "page", line: 1, column: 2))
        ) {
            try templates.library.render("page", nil)
        }
        let lenient = try MustacheLibrary(folders: [URL(fileURLWithPath: folder.path + "/templates")])
        #expect(try lenient.render("page", nil) == "[][]")
    }

    @Test func symbolicLinksInContentAndTemplatesAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("outside/secret.md", "---\nid: leaked\neng: SECRET-OUTSIDE\nwho: W\ntime: 2026-11-01\n---\n")
        try folder.write("outside/partial.mustache", "SECRET-TEMPLATE")
        try folder.write("site/content/site.json", #"{"title": "T", "baseURL": "https://t.example/", "cards": false}"#)
        try folder.write("site/content/sayings/real.md", "---\nid: real\neng: Real\nwho: W\ntime: 2026-11-29\n---\n")
        try folder.write("site/templates/partials/.keep", "")
        // Each link would put a secret into the site if followed: a saying, a folder of sayings, a
        // static file, and the partial that marks new sayings (the saying above is new).
        let links = [
            ("site/content/sayings/linked.md", "outside/secret.md"), ("site/content/sayings/folder", "outside"),
            ("site/content/static/passwd", "/etc/passwd"),
            ("site/templates/partials/new-mark.mustache", "outside/partial.mustache")
        ]
        for (link, target) in links {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/" + (link as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/" + link,
                withDestinationPath: target.hasPrefix("/") ? target : folder.path + "/" + target)
        }
        var request = BuildRequest()
        request.contentDirectory = folder.path + "/site/content"
        request.outputDirectory = folder.path + "/site/public"
        request.day = CivilDay(iso: "2026-11-30")
        let result = SiteBuilder(
            clock: { fatalError("the day is pinned") }, bundledTemplates: Self.repository + "/Templates",
            pngDeriver: nil, cache: Self.cache
        ).build(request)
        #expect(result.succeeded, "\(result.diagnostics)")
        let output = folder.allFiles().filter { $0.hasPrefix("site/public/") }
        #expect(output.contains("site/public/sayings/real/index.html"))
        #expect(!output.contains { $0.contains("leaked") || $0.hasSuffix("passwd") })
        for file in output {
            let text = folder.read(file) ?? ""
            #expect(
                !text.contains("SECRET-OUTSIDE") && !text.contains("SECRET-TEMPLATE") && !text.contains("root:x:0"),
                "\(file)")
        }
    }

    static let cache = BuildCache(root: scratchCacheRoot)
    static let site = SourceFile(
        relativePath: "site.json", bytes: Array(#"{"title": "T", "baseURL": "https://t.example/"}"#.utf8))
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
