import CardSamples
import Foundation
import ModakCards
@testable import ModakSite
import TestSupport
import Testing

@Suite struct CardPNGDeriverTests {
    @Test func locateSearchesPath() throws {
        #expect(CardPNGDeriver.locate(path: "") == nil)
        #expect(CardPNGDeriver.locate(path: "/nonexistent") == nil)
        let folder = try TemporaryFolder()
        try folder.write("rsvg-convert", "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path + "/rsvg-convert")
        #expect(CardPNGDeriver.locate(path: "/nonexistent:\(folder.path)")?.executable == folder.path + "/rsvg-convert")
    }

    @Test(.enabled(if: CardPNGDeriver.locate() != nil, "needs rsvg-convert"))
    func convertsCardsInParallelAndNamesTheOneThatFailed() throws {
        let folder = try TemporaryFolder()
        let renderer = CardRenderer(theme: .bonfire)
        var jobs: [(source: String, destination: String)] = []
        for content in CardSamples.ordinary {
            try folder.write("\(content.id).svg", renderer.svg(for: content))
            jobs.append((folder.path + "/\(content.id).svg", folder.path + "/\(content.id).png"))
        }
        try folder.write("broken.svg", "<svg")
        jobs.insert((folder.path + "/broken.svg", folder.path + "/broken.png"), at: 2)

        let deriver = try #require(CardPNGDeriver.locate())
        let error = try #require(throws: CardPNGDeriver.Error.self) { try deriver.derive(jobs) }
        #expect(error.failures.map(\.card) == [folder.path + "/broken.svg"])
        #expect(error.description.contains("broken.svg"))

        for job in jobs where !job.source.hasSuffix("broken.svg") {
            let png = try Data(contentsOf: URL(fileURLWithPath: job.destination))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG signature
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }  // IHDR width
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 1200 && height == 630)
        }
    }

    @Test func reportsAMissingExecutable() throws {
        let folder = try TemporaryFolder()
        let deriver = CardPNGDeriver(executable: "/nonexistent/rsvg-convert")
        let error = try #require(throws: CardPNGDeriver.Error.self) {
            try deriver.derive([(source: folder.path + "/a.svg", destination: folder.path + "/a.png")])
        }
        #expect(error.failures.first?.card == folder.path + "/a.svg")
        try deriver.derive([])  // nothing to do is no error
    }
}
