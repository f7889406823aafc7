import Foundation
import ModakCards
import ModakOutput
import ParallelWork
import SVGRaster
import Synchronization
import UTF8Bytes

/// Draws PNGs from SVGs (cards, the app's icons) in this process, at the size each job asks, on
/// every core. A card's background and bonfire are drawn once per theme by librsvg, and each
/// card's bar and text over a copy of them: painted by `TextPainter` when it has every glyph,
/// else the SVG's elements drawn by librsvg (`PNGLayers`).
///
/// Each PNG is written straight to its destination, without a temporary: the writer hands over
/// destinations in its staging folder, which it discards when a derivation fails (`SiteWriter`),
/// so a half-written PNG never reaches the output.
public struct PNGDeriver: FileDeriver {
    /// A file that could not be drawn.
    public struct Failure: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Path of the SVG.
        public let source: String
        public let reason: String

        public var description: String { "\(source): \(reason)" }
    }

    /// One or more files could not be drawn; the others were.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// In the order of the jobs.
        public let failures: [Failure]

        public var description: String {
            "no PNG could be drawn from \(failures.count) file(s):\n"
                + failures.map { "  " + $0.description }.joined(separator: "\n")
        }
    }

    private let encoder = PNGEncoder()

    private init() {}

    /// The deriver, with fontconfig loaded for the whole process; nil when fontconfig finds no
    /// font of the cards' family (they would be drawn in another font than they were laid out in).
    public static func start() -> PNGDeriver? {
        SVGFonts.prepare(family: CardRenderer.layoutFamily) ? PNGDeriver() : nil
    }

    /// Draws every file, in parallel. Throws `PNGDeriver.Error` naming each file that failed,
    /// after all jobs have run.
    public func derive(_ jobs: [DerivationJob]) throws {
        let backdrops = Backdrops()
        // The cards' fonts, loaded once for the jobs that paint.
        let painter = jobs.contains { $0.drawing.layers?.painting != nil } ? TextPainter(family: CardRenderer.layoutFamily) : nil
        // A lane per file: each core takes one file at a time, so none is left drawing a chunk
        // of files alone at the end.
        let failures = ParallelMap.map(jobs, lanes: jobs.indices.map { [$0] }) { job -> Failure? in
            do {
                try FileSystem.write(png(for: job, painter: painter, backdrops: backdrops), to: job.destination)
                return nil
            } catch {
                return Failure(source: job.source, reason: "\(error)")
            }
        }.compactMap { $0 }
        if !failures.isEmpty { throw Error(failures: failures) }
    }

    /// A painted foreground over the backdrop's pixels when the painter has every glyph; else
    /// the SVG's foreground elements drawn by librsvg.
    private func png(for job: DerivationJob, painter: TextPainter?, backdrops: Backdrops) throws -> [UInt8] {
        let drawing = job.drawing
        if let layers = drawing.layers, let painting = layers.painting, let painter, let shaped = painter.shape(painting.make()) {
            var image = try backdrops.pixels(of: layers.backdropKey) { try base(of: document(at: job.source), drawing, elements: layers.backdrop) }
            painter.paint(shaped, on: &image)
            return try encoder.png(of: image)
        }
        let svg = try document(at: job.source)
        guard let layers = drawing.layers else { return try encoder.png(of: base(of: svg, drawing, elements: nil)) }
        let image = try backdrops.image(of: layers.backdropKey) { try base(of: svg, drawing, elements: layers.backdrop) }.copy()
        for element in layers.foreground where svg.contains(element) {
            try draw(svg, on: image, drawing, element: element)
        }
        return try encoder.png(of: image)
    }

    private func document(at path: String) throws -> SVGDocument {
        guard let svg = FileManager.default.contents(atPath: path) else { throw SVGRasterError("cannot be read") }
        return try SVGDocument(Array(svg))
    }

    /// A new image of the drawing's size, its background, and the document's `elements` on it (all of it when nil).
    private func base(of document: SVGDocument, _ drawing: PNGDrawing, elements: [String]?) throws -> RasterImage {
        let image = try RasterImage(width: drawing.width, height: drawing.height)
        if let background = drawing.background {
            let colour = MarkupEscaper.xml.escaped(background)
            try SVGDocument(Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio="none"><rect width="1" height="1" fill="\#(colour)"/></svg>"#.utf8))
                .draw(on: image)
        }
        guard let elements else {
            try draw(document, on: image, drawing, element: nil)
            return image
        }
        for element in elements { try draw(document, on: image, drawing, element: element) }
        return image
    }

    /// The document (or one element of it) inside the drawing's margin.
    private func draw(_ document: SVGDocument, on image: RasterImage, _ drawing: PNGDrawing, element: String?) throws {
        try document.draw(on: image, x: drawing.margin, y: drawing.margin,
                          width: drawing.width - 2 * drawing.margin, height: drawing.height - 2 * drawing.margin, element: element)
    }
}

/// The backdrops of one derivation, by key: the first job needing one draws it, the others wait
/// for it and draw on copies.
private final class Backdrops: Sendable {
    private let drawn = Mutex<[String: (image: RasterImage, pixels: RGBImage?)]>([:])

    func image(of key: String, draw: () throws -> RasterImage) throws -> RasterImage {
        try drawn.withLock { drawn in
            if let backdrop = drawn[key] { return backdrop.image }
            let image = try draw()
            drawn[key] = (image, nil)
            return image
        }
    }

    /// The backdrop's pixels, for a painter; it covers the whole image, so it is opaque.
    func pixels(of key: String, draw: () throws -> RasterImage) throws -> RGBImage {
        let image = try image(of: key, draw: draw)
        return try drawn.withLock { drawn in
            if let pixels = drawn[key]?.pixels { return pixels }
            guard let pixels = RGBImage(image) else { throw SVGRasterError("the backdrop \(key) is not opaque") }
            drawn[key] = (image, pixels)
            return pixels
        }
    }
}
