import Foundation
import Testing
import CardSamples
@testable import ModakCards

@Suite struct CardRasterizerTests {
    @Test func locateSearchesPath() throws {
        #expect(CardRasterizer.locate(path: "") == nil)
        #expect(CardRasterizer.locate(path: "/nonexistent") == nil)
        let directory = try temporaryDirectory()
        let fake = directory + "/rsvg-convert"
        try "#!/bin/sh\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        #expect(CardRasterizer.locate(path: "/nonexistent:\(directory)")?.executable == fake)
    }

    @Test(.enabled(if: CardRasterizer.locate() != nil, "needs rsvg-convert"))
    func rasterizesCardsInParallelAndNamesTheOneThatFailed() throws {
        let directory = try temporaryDirectory()
        let renderer = CardRenderer(theme: .bonfire)
        var jobs: [(svg: String, png: String)] = []
        for content in CardSamples.ordinary {
            let svg = "\(directory)/\(content.id).svg"
            try renderer.svg(for: content).write(toFile: svg, atomically: true, encoding: .utf8)
            jobs.append((svg, "\(directory)/\(content.id).png"))
        }
        let broken = "\(directory)/broken.svg"
        try "<svg".write(toFile: broken, atomically: true, encoding: .utf8)
        // The broken card already has a PNG: a failed run must leave it alone.
        try Data("old".utf8).write(to: URL(fileURLWithPath: "\(directory)/broken.png"))
        jobs.insert((broken, "\(directory)/broken.png"), at: 2)

        let rasterizer = try #require(CardRasterizer.locate())
        let error = try #require(throws: CardRasterizer.Error.self) { try rasterizer.rasterize(jobs) }
        #expect(error.failures.map(\.card) == [broken])
        #expect(error.description.contains("broken.svg"))

        for job in jobs where job.svg != broken {
            let png = try Data(contentsOf: URL(fileURLWithPath: job.png))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG signature
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }  // IHDR width
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 1200 && height == 630)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/broken.png")) == Data("old".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func reportsAMissingExecutable() throws {
        let directory = try temporaryDirectory()
        let rasterizer = CardRasterizer(executable: "/nonexistent/rsvg-convert", maxConcurrentJobs: 2)
        let error = try #require(throws: CardRasterizer.Error.self) {
            try rasterizer.rasterize([(svg: "\(directory)/a.svg", png: "\(directory)/a.png")])
        }
        #expect(error.failures.first?.card == "\(directory)/a.svg")
        try rasterizer.rasterize([])  // nothing to do is no error
    }
}

private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("modak-cards-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
