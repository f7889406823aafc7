import Foundation
import ModakCardPNG
import ModakOutput
@testable import ModakSite
import TestSupport
import Testing

@Suite struct ParallelDeriverTests {
    static let canDraw = CardPNGPainter.canDraw()

    @Test(.enabled(if: canDraw, "needs fonts-noto-cjk"))
    func drawsInParallelAndNamesTheFilesThatFailed() throws {
        let folder = try TemporaryFolder()
        let icon = Fixtures.templates + "/assets/icon.svg"
        try folder.write("broken.svg", "<svg")
        let sources = [icon, folder.path + "/broken.svg", icon, folder.path + "/missing.svg"]
        let jobs = sources.enumerated().map { index, source in
            DerivationJob(
                source: source, destination: folder.path + "/\(index).png",
                derivation: IconPNG(width: 48, height: 48))
        }
        let error = try #require(throws: ParallelDeriver.Error.self) { try ParallelDeriver().derive(jobs) }
        #expect(error.failures.map(\.source) == [folder.path + "/broken.svg", folder.path + "/missing.svg"])
        #expect(error.description.contains("broken.svg"))
        for index in [0, 2] {
            let png = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/\(index).png"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47])) // PNG signature
        }
    }

    @Test(.enabled(if: canDraw, "needs fonts-noto-cjk"))
    func drawsEachIconAtItsSizeWithItsMarginAndBackground() throws {
        let icon = Fixtures.templates + "/assets/icon.svg"
        let drawings = [
            IconPNG(width: 192, height: 192),
            IconPNG(width: 512, height: 512, margin: 112, background: "#1c1410")
        ]
        // RGBA where the drawing leaves it clear, RGB on a background.
        for (drawing, colourType) in zip(drawings, [6, 2]) {
            let png = try drawing.make(from: icon)
            #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == drawing.width)
            #expect(Int(png[25]) == colourType)
        }
    }
}
