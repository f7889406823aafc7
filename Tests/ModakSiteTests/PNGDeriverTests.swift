import CardSamples
import Foundation
import ModakCards
@testable import ModakSite
import TestSupport
import Testing

@Suite struct PNGDeriverTests {
    @Test func locateSearchesPath() throws {
        #expect(PNGDeriver.locate(path: "") == nil)
        #expect(PNGDeriver.locate(path: "/nonexistent") == nil)
        let folder = try TemporaryFolder()
        try folder.write("rsvg-convert", "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path + "/rsvg-convert")
        #expect(PNGDeriver.locate(path: "/nonexistent:\(folder.path)")?.executable == folder.path + "/rsvg-convert")
    }

    @Test(.enabled(if: PNGDeriver.locate() != nil, "needs rsvg-convert"))
    func convertsCardsInParallelAndNamesTheOneThatFailed() throws {
        let folder = try TemporaryFolder()
        let renderer = CardRenderer(theme: .bonfire)
        var jobs: [DerivationJob] = []
        for content in CardSamples.ordinary {
            try folder.write("\(content.id).svg", renderer.svg(for: content))
            jobs.append(DerivationJob(source: folder.path + "/\(content.id).svg", destination: folder.path + "/\(content.id).png", drawing: PNGDrawing(width: 1200, height: 630)))
        }
        try folder.write("broken.svg", "<svg")
        jobs.insert(DerivationJob(source: folder.path + "/broken.svg", destination: folder.path + "/broken.png", drawing: PNGDrawing(width: 1200, height: 630)), at: 2)

        let deriver = try #require(PNGDeriver.locate())
        let error = try #require(throws: PNGDeriver.Error.self) { try deriver.derive(jobs) }
        #expect(error.failures.map(\.source) == [folder.path + "/broken.svg"])
        #expect(error.description.contains("broken.svg"))

        for job in jobs where !job.source.hasSuffix("broken.svg") {
            let png = try Data(contentsOf: URL(fileURLWithPath: job.destination))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG signature
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }  // IHDR width
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 1200 && height == 630)
        }
    }

    @Test(.enabled(if: PNGDeriver.locate() != nil, "needs rsvg-convert"))
    func drawsEachFileAtItsSizeWithItsMarginAndBackground() throws {
        let folder = try TemporaryFolder()
        let icon = Fixtures.templates + "/assets/icon.svg"
        let jobs = [
            DerivationJob(source: icon, destination: folder.path + "/plain.png", drawing: PNGDrawing(width: 192, height: 192)),
            DerivationJob(source: icon, destination: folder.path + "/maskable.png", drawing: PNGDrawing(width: 512, height: 512, margin: 112, background: "#1c1410")),
        ]
        #expect(PNGDeriver.arguments(of: jobs[1]).prefix(12) == ["--width", "288", "--height", "288", "--page-width", "512", "--page-height", "512",
                                                                   "--left", "112", "--top", "112"])
        try #require(PNGDeriver.locate()).derive(jobs)
        for (job, colourType) in zip(jobs, [6, 2]) {  // RGBA where the drawing leaves it clear, RGB on a background
            let png = try Data(contentsOf: URL(fileURLWithPath: job.destination))
            #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == job.drawing.width)
            #expect(png[20..<24].reduce(0) { $0 << 8 | Int($1) } == job.drawing.height)
            #expect(Int(png[25]) == colourType)
        }
    }

    @Test func reportsAMissingExecutable() throws {
        let folder = try TemporaryFolder()
        let deriver = PNGDeriver(executable: "/nonexistent/rsvg-convert")
        let error = try #require(throws: PNGDeriver.Error.self) {
            try deriver.derive([DerivationJob(source: folder.path + "/a.svg", destination: folder.path + "/a.png", drawing: PNGDrawing(width: 192, height: 192))])
        }
        #expect(error.failures.first?.source == folder.path + "/a.svg")
        try deriver.derive([])  // nothing to do is no error
    }
}
