import CardSamples
import Foundation
import ModakCards
@testable import ModakSite
import SVGRaster
import TestSupport
import Testing

@Suite struct PNGDeriverTests {
    static let deriver = PNGDeriver.start()

    @Test func startsOnlyWhenFontconfigFindsTheCardsFont() {
        #expect(!SVGFonts.prepare(family: "No Such Family Anywhere"))
        #expect((Self.deriver != nil) == SVGFonts.prepare(family: CardRenderer.layoutFamily))
    }

    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func drawsCardsInParallelAndNamesTheOneThatFailed() throws {
        let folder = try TemporaryFolder()
        let renderer = CardRenderer(theme: .bonfire)
        var jobs: [DerivationJob] = []
        for content in CardSamples.ordinary {
            try folder.write("\(content.id).svg", renderer.svg(for: content))
            jobs.append(DerivationJob(source: folder.path + "/\(content.id).svg", destination: folder.path + "/\(content.id).png", drawing: PNGDrawing(width: 1200, height: 630)))
        }
        try folder.write("broken.svg", "<svg")
        jobs.insert(DerivationJob(source: folder.path + "/broken.svg", destination: folder.path + "/broken.png", drawing: PNGDrawing(width: 1200, height: 630)), at: 2)
        jobs.append(DerivationJob(source: folder.path + "/missing.svg", destination: folder.path + "/missing.png", drawing: PNGDrawing(width: 1200, height: 630)))

        let error = try #require(throws: PNGDeriver.Error.self) { try #require(Self.deriver).derive(jobs) }
        #expect(error.failures.map(\.source) == [folder.path + "/broken.svg", folder.path + "/missing.svg"])
        #expect(error.description.contains("broken.svg"))

        for job in jobs where !job.source.hasSuffix("broken.svg") && !job.source.hasSuffix("missing.svg") {
            let png = try Data(contentsOf: URL(fileURLWithPath: job.destination))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG signature
            #expect(Self.size(of: png) == (1200, 630))
            #expect(png[25] == 2, "an opaque card is RGB")
        }
    }

    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func drawsEachFileAtItsSizeWithItsMarginAndBackground() throws {
        let folder = try TemporaryFolder()
        let icon = Fixtures.templates + "/assets/icon.svg"
        let jobs = [
            DerivationJob(source: icon, destination: folder.path + "/plain.png", drawing: PNGDrawing(width: 192, height: 192)),
            DerivationJob(source: icon, destination: folder.path + "/maskable.png", drawing: PNGDrawing(width: 512, height: 512, margin: 112, background: "#1c1410")),
        ]
        try #require(Self.deriver).derive(jobs)
        for (job, colourType) in zip(jobs, [6, 2]) {  // RGBA where the drawing leaves it clear, RGB on a background
            let png = try Data(contentsOf: URL(fileURLWithPath: job.destination))
            #expect(Self.size(of: png) == (job.drawing.width, job.drawing.height))
            #expect(Int(png[25]) == colourType)
        }
    }

    /// The layers promise the same pixels as the whole card, in every theme, and the same bytes
    /// from one build to the next.
    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func aCardOnItsThemesBackdropIsTheWholeCard() throws {
        let folder = try TemporaryFolder()
        let deriver = try #require(Self.deriver)
        let samples = Array(CardSamples.ordinary.prefix(3)) + [CardContent(id: "bare", korean: "", english: "", author: "", siteName: "")]
        for theme in CardTheme.all {
            let renderer = CardRenderer(theme: theme)
            var whole: [DerivationJob] = [], layered: [DerivationJob] = []
            for content in samples {
                let svg = folder.path + "/\(content.id)-\(theme.name).svg"
                try renderer.svg(for: content).write(toFile: svg, atomically: true, encoding: .utf8)
                let layers = renderer.pngLayers(cardID: content.id)
                whole.append(DerivationJob(source: svg, destination: svg + ".whole.png", drawing: PNGDrawing(width: 1200, height: 630)))
                layered.append(DerivationJob(source: svg, destination: svg + ".png", drawing: PNGDrawing(
                    width: 1200, height: 630, layers: PNGLayers(backdropKey: layers.backdropKey, backdrop: layers.backdrop, foreground: layers.foreground))))
            }
            try deriver.derive(whole + layered)
            for (one, other) in zip(whole, layered) {
                let first = try Data(contentsOf: URL(fileURLWithPath: other.destination))
                #expect(try Data(contentsOf: URL(fileURLWithPath: one.destination)) == first, "\(other.source)")
                try deriver.derive([other])
                #expect(try Data(contentsOf: URL(fileURLWithPath: other.destination)) == first, "the same card, the same bytes")
            }
        }
    }

    /// Modak's painter draws a card's text as librsvg draws the same SVG, in every theme, and
    /// leaves to librsvg the cards with a character the cards' family lacks.
    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func paintedTextLooksAsLibrsvgDrawsIt() throws {
        let painter = try #require(TextPainter(family: CardRenderer.layoutFamily))
        for theme in CardTheme.all {
            let renderer = CardRenderer(theme: theme)
            for content in CardSamples.all {
                let document = try SVGDocument(renderer.svgUTF8(for: content))
                let whole = try RasterImage(width: 1200, height: 630)
                try document.draw(on: whole)
                let backdrop = try RasterImage(width: 1200, height: 630)
                for element in renderer.pngLayers(cardID: content.id).backdrop { try document.draw(on: backdrop, element: element) }
                let shaped = painter.shape(SayingCard.painting(of: content, by: renderer))
                #expect((shaped == nil) == (content.id == "stress-emoji"), "\(content.id): only emoji are not in Noto Sans CJK KR")
                guard let shaped else { continue }
                var painted = try #require(RGBImage(backdrop))
                painter.paint(shaped, on: &painted)
                let reference = try #require(RGBImage(whole))
                #expect(painted.pixels != reference.pixels, "\(content.id): painted by Modak, not librsvg")
                #expect(Self.psnr(painted, reference) >= 35, "\(content.id) in \(theme.name)")
            }
        }
    }

    /// A card whose painting the painter cannot paint is drawn by librsvg, as if it had none.
    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func aCardThePainterCannotPaintIsLibrsvgs() throws {
        let folder = try TemporaryFolder()
        let renderer = CardRenderer(theme: .bonfire)
        var jobs: [DerivationJob] = []
        for content in CardSamples.stress where content.id == "stress-emoji" {
            let svg = folder.path + "/\(content.id).svg"
            try renderer.svg(for: content).write(toFile: svg, atomically: true, encoding: .utf8)
            let layers = renderer.pngLayers(cardID: content.id)
            for painting in [nil, ForegroundPainting(key: "emoji") { SayingCard.painting(of: content, by: renderer) }] {
                jobs.append(DerivationJob(source: svg, destination: svg + (painting == nil ? ".librsvg.png" : ".painted.png"), drawing: PNGDrawing(
                    width: 1200, height: 630,
                    layers: PNGLayers(backdropKey: layers.backdropKey, backdrop: layers.backdrop, foreground: layers.foreground, painting: painting))))
            }
        }
        try #require(Self.deriver).derive(jobs)
        #expect(jobs.count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: jobs[0].destination)) == Data(contentsOf: URL(fileURLWithPath: jobs[1].destination)))
    }

    /// The peak signal-to-noise ratio of two images of the same size, in dB.
    private static func psnr(_ one: RGBImage, _ other: RGBImage) -> Double {
        let squares = zip(one.pixels, other.pixels).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        let meanSquare = squares / Double(one.pixels.count)
        return meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    private static func size(of png: Data) -> (Int, Int) {
        (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })  // IHDR
    }
}
