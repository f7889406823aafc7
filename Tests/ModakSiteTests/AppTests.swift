import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import TestSupport
import Testing

/// The site as an installable app: the manifest, its icons and the service worker.
@Suite struct AppTests {
    @Test func aShortNameFitsUnderAnIcon() {
        #expect(AppManifestStep.shortName(of: "모닥이") == "모닥이")
        #expect(AppManifestStep.shortName(of: "Lanterns and tea at dusk") == "Lanterns and")
        #expect(AppManifestStep.shortName(of: "한국어 명언 모음집 오늘의 한 마디") == "한국어 명언 모음집")
        #expect(AppManifestStep.shortName(of: "Supercalifragilistic sayings") == "Supercalifra")
    }

    @Test func theThemeBackgroundsAreTheStylesheets() throws {
        let css = try String(contentsOfFile: Fixtures.templates + "/assets/css/modak.css", encoding: .utf8)
        #expect(css.contains("  --bg: \(ThemeBackground.bonfire);\n"))
        #expect(css.contains("  --bg: light-dark(\(ThemeBackground.light), \(ThemeBackground.dark));\n"))
        #expect(
            ThemeBackground.colors(of: "system").map(\.media) == [
                "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"
            ])
    }

    @Test func iconsAreDrawnOnceFromTheSiteIconAtEachSize() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/site.json", WrittenSite.siteJSON)
        try folder.write("content/sayings/lamp.md", WrittenSite.saying)
        let deriver = RecordingDeriver()
        let builder = SiteBuilder(
            clock: { fatalError("pinned") }, bundledTemplates: Fixtures.templates, pngDeriver: deriver, cache: .scratch)
        let build = request(content: folder.path + "/content", output: folder.path + "/public")
        #expect(builder.build(build).succeeded)
        let background = ThemeBackground.bonfire
        let drawn = deriver.takeJobs()
        let icons = drawn.compactMap { $0.derivation as? IconPNG }
        #expect(
            icons.map { "\($0.width)x\($0.height)+\($0.margin) \($0.background ?? "clear")" }
                == ["192x192+0 clear", "512x512+0 clear", "512x512+112 \(background)", "180x180+0 \(background)"])
        #expect(drawn.allSatisfy { $0.source.hasSuffix("/assets/icon.svg") })

        try folder.write("content/sayings/lamp.md", WrittenSite.saying + "A new commentary.\n")
        #expect(builder.build(build).succeeded)
        #expect(deriver.takeJobs().isEmpty, "the icon did not change")

        try folder.write("templates/assets/icon.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#)
        #expect(builder.build(build).succeeded)
        #expect(deriver.takeJobs().count == 4, "the site's own icon, drawn again")
    }

    @Test func withoutPNGsTheManifestListsTheSVGIconAndPagesNoTouchIcon() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/site.json", WrittenSite.siteJSON)
        try folder.write("content/sayings/lamp.md", WrittenSite.saying)
        let builder = SiteBuilder(
            clock: { fatalError("pinned") }, bundledTemplates: Fixtures.templates, pngDeriver: nil, cache: .scratch)
        let result = builder.build(request(content: folder.path + "/content", output: folder.path + "/public"))
        #expect(result.diagnostics.map(\.description).filter { $0.contains("no PNG can be drawn") }.count == 1)
        let manifest = try #require(folder.read("public/manifest.webmanifest"))
        #expect(
            manifest.contains(#""src" : "assets/icon.svg",\#n      "sizes" : "any",\#n      "type" : "image/svg+xml""#))
        #expect(!manifest.contains(".png"))
        let home = try #require(folder.read("public/index.html"))
        #expect(home.contains(#"<link rel="manifest" href="./manifest.webmanifest">"#))
        #expect(!home.contains("apple-touch-icon"))
    }

    @Test func theWorkerListsWhatItKeepsAndIsTheSameForTheSameSite() throws {
        let site = try WrittenSite(["content/sayings/lamp.md": WrittenSite.saying])
        let again = try WrittenSite(["content/sayings/lamp.md": WrittenSite.saying])
        let worker = try site.page("sw.js")
        #expect(worker == (try again.page("sw.js")))
        #expect(worker.contains(#"const PAGES = ["./","offline/"];"#))
        #expect(
            worker.contains(#""assets/css/modak.css?v="#) && worker.contains(#""manifest.webmanifest""#)
                && worker.contains(#""assets/icon-512.png""#))
        #expect(
            !worker.contains(#""index.html""#) && !worker.contains("sw.js\""),
            "pages are asked of the network first; the worker is not its own file")
        let offline = try site.page("offline/index.html")
        #expect(
            offline.contains(#"<link rel="stylesheet" href="/lanterns/assets/css/modak.css?v="#),
            "served in place of any page, it links from the root path")
        #expect(offline.contains(#"<meta name="robots" content="noindex">"#))
    }
}

/// Writes a tiny file for each job and remembers the jobs, for builds that check what was drawn.
private final class RecordingDeriver: FileDeriver, @unchecked Sendable {
    // Guarded by `lock`: jobs arrive from the writer's threads.
    private let lock = NSLock()
    private var jobs: [DerivationJob] = []

    func derive(_ jobs: [DerivationJob]) throws {
        for job in jobs { try Data("png".utf8).write(to: URL(fileURLWithPath: job.destination)) }
        lock.withLock { self.jobs += jobs }
    }

    func takeJobs() -> [DerivationJob] {
        lock.withLock {
            defer { jobs = [] }
            return jobs
        }
    }
}
