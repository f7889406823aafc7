import CardSamples
import Foundation
import ModakCards
@testable import ModakSite
@testable import SVGRaster
@testable import ModakOutput
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

    /// Modak's painter draws a card's text as librsvg draws the same SVG, in every theme, but
    /// for emoji, which it draws in colour where librsvg draws silhouettes: the text after an
    /// emoji, at the start of a line (stress-emoji) or in it (fire), stands where librsvg's does.
    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func paintedTextLooksAsLibrsvgDrawsIt() throws {
        let painter = try #require(TextPainter(family: CardRenderer.layoutFamily))
        for theme in CardTheme.all {
            let renderer = CardRenderer(theme: theme)
            for content in CardSamples.all + [Self.fire] {
                let document = try SVGDocument(renderer.svgUTF8(for: content))
                let whole = try RasterImage(width: 1200, height: 630)
                try document.draw(on: whole)
                let backdrop = try RasterImage(width: 1200, height: 630)
                for element in renderer.pngLayers(cardID: content.id).backdrop { try document.draw(on: backdrop, element: element) }
                let shaped = try #require(painter.shape(SayingCard.painting(of: content, by: renderer)), "\(content.id)")
                var painted = try #require(RGBImage(backdrop))
                painter.paint(shaped, on: &painted)
                let reference = try #require(RGBImage(whole))
                #expect(painted.pixels != reference.pixels, "\(content.id): painted by Modak, not librsvg")
                let emoji = Self.emojiBoxes(shaped)
                #expect(emoji.isEmpty == !["stress-emoji", "fire"].contains(content.id), "\(content.id)")
                #expect(Self.psnr(painted, reference, outside: emoji) >= 35, "\(content.id) in \(theme.name)")
                if content.id == "fire" {
                    // Noto Color Emoji's fire is orange and yellow; no theme's text is.
                    let flame = emoji[0]
                    var orange = 0
                    for y in flame.rows {
                        for x in flame.columns {
                            let (red, green, blue) = (Int(painted.pixels[3 * (y * 1200 + x)]), Int(painted.pixels[3 * (y * 1200 + x) + 1]), Int(painted.pixels[3 * (y * 1200 + x) + 2]))
                            if red - blue > 150 && green > 60 { orange += 1 }
                        }
                    }
                    #expect(orange > 200, "the fire in colour in \(theme.name): \(orange) orange pixels")
                    // Its ink spans the rows of librsvg's silhouette of it.
                    let base = try #require(RGBImage(backdrop))
                    let paintedInk = Self.inkRows(of: painted, over: base, in: flame), librsvgInk = Self.inkRows(of: reference, over: base, in: flame)
                    #expect(paintedInk.count > 40 && abs(paintedInk.lowerBound - librsvgInk.lowerBound) <= 1 && abs(paintedInk.upperBound - librsvgInk.upperBound) <= 1,
                            "the fire at rows \(paintedInk), librsvg's at \(librsvgInk)")
                }
            }
        }
    }

    /// The rows of `box` in which a pixel of `image` is not the backdrop's.
    private static func inkRows(of image: RGBImage, over backdrop: RGBImage, in box: (columns: Range<Int>, rows: Range<Int>)) -> Range<Int> {
        let inked = box.rows.filter { y in
            box.columns.contains { x in
                (0..<3).reduce(0) { $0 + abs(Int(image.pixels[3 * (y * image.width + x) + $1]) - Int(backdrop.pixels[3 * (y * image.width + x) + $1])) } > 60
            }
        }
        guard let first = inked.first, let last = inked.last else { return 0..<0 }
        return first..<last + 1
    }

    /// A card with an emoji in its quotation.
    static let fire = CardContent(id: "fire", korean: "모닥불 🔥 곁에서 나눈 이야기", english: "Stories by the fire", author: "모닥이", siteName: "모닥 Modak")

    /// The pixels that emoji of `painting` may cover: from a glyph's origin, 1.3 em right, 1.1 em
    /// up and 0.35 em down.
    private static func emojiBoxes(_ painting: ShapedPainting) -> [(columns: Range<Int>, rows: Range<Int>)] {
        painting.lines.flatMap { line in
            line.glyphs.filter { $0.face == .emoji }.map { glyph in
                let em = Int(line.fontSize.rounded(.up))
                return ((glyph.x - 2..<glyph.x + em * 13 / 10).clamped(to: 0..<1200), (glyph.y - em * 11 / 10..<glyph.y + em * 35 / 100).clamped(to: 0..<630))
            }
        }
    }

    /// A card whose painting the painter cannot paint is drawn by librsvg, as if it had none.
    @Test(.enabled(if: deriver != nil, "needs fonts-noto-cjk"))
    func aCardThePainterCannotPaintIsLibrsvgs() throws {
        let folder = try TemporaryFolder()
        let renderer = CardRenderer(theme: .bonfire)
        // Thai is in neither Noto Sans CJK KR nor Noto Color Emoji: librsvg takes it from another font.
        let content = CardContent(id: "thai", korean: "", english: "Hello สวัสดี", author: "Somchai", siteName: "모닥 Modak")
        let painter = try #require(TextPainter(family: CardRenderer.layoutFamily))
        #expect(painter.shape(SayingCard.painting(of: content, by: renderer)) == nil)
        let svg = folder.path + "/\(content.id).svg"
        try renderer.svg(for: content).write(toFile: svg, atomically: true, encoding: .utf8)
        let layers = renderer.pngLayers(cardID: content.id)
        let jobs = [nil, ForegroundPainting(key: "thai") { SayingCard.painting(of: content, by: renderer) }].map { painting in
            DerivationJob(source: svg, destination: svg + (painting == nil ? ".librsvg.png" : ".painted.png"), drawing: PNGDrawing(
                width: 1200, height: 630,
                layers: PNGLayers(backdropKey: layers.backdropKey, backdrop: layers.backdrop, foreground: layers.foreground, painting: painting)))
        }
        try #require(Self.deriver).derive(jobs)
        #expect(try Data(contentsOf: URL(fileURLWithPath: jobs[0].destination)) == Data(contentsOf: URL(fileURLWithPath: jobs[1].destination)))
    }

    /// Cards a new Modak draws differently get new URLs, as cards whose text or theme changed do.
    @Test func aNewWayOfDrawingGivesEveryCardANewVersion() {
        let content = CardSamples.ordinary[0]
        let now = SayingCard.version(of: content, themeName: "bonfire")
        #expect(now == SayingCard.version(of: content, themeName: "bonfire"))
        #expect(now != SayingCard.version(of: content, themeName: "bonfire", drawingRevision: "1: librsvg"))
        #expect(now != SayingCard.version(of: content, themeName: "light"))
        // And their PNGs are drawn again: the painting's key is part of what the manifest records.
        func derived(_ key: String?) -> DerivedFile {
            DerivedFile(path: "cards/a.png", source: "cards/a.svg", drawing: PNGDrawing(width: 1200, height: 630, layers: PNGLayers(
                backdropKey: "card bonfire", backdrop: ["#b"], foreground: ["#f"], painting: key.map { key in ForegroundPainting(key: key) { Painting(bars: [], lines: []) } })))
        }
        let hashes = [nil, "1", "2"].map { derived($0).hash(fromSource: 7) }
        #expect(Set(hashes).count == 3)
        #expect(derived("2").hash(fromSource: 7) == hashes[2])
    }

    /// The peak signal-to-noise ratio of two images of the same size, in dB, over the pixels
    /// outside `boxes`.
    private static func psnr(_ one: RGBImage, _ other: RGBImage, outside boxes: [(columns: Range<Int>, rows: Range<Int>)]) -> Double {
        var squares = 0.0, count = 0
        for y in 0..<one.height {
            let excluded = boxes.filter { $0.rows.contains(y) }.map(\.columns)
            for x in 0..<one.width where !excluded.contains(where: { $0.contains(x) }) {
                for channel in 0..<3 {
                    let difference = Double(one.pixels[3 * (y * one.width + x) + channel]) - Double(other.pixels[3 * (y * one.width + x) + channel])
                    squares += difference * difference
                }
                count += 3
            }
        }
        let meanSquare = squares / Double(count)
        return meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    private static func size(of png: Data) -> (Int, Int) {
        (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })  // IHDR
    }
}
