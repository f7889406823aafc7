import Foundation
import ModakCards
import ParallelWork
import SVGRaster
import Synchronization
import UTF8Bytes

/// Draws PNGs from SVGs (cards, the app's icons) in this process with librsvg, at the size each
/// job asks, on every core. A card's background and bonfire are drawn once per theme and each
/// card's text over a copy of them (`PNGLayers`).
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
        // A lane per file: each core takes one file at a time, so none is left drawing a chunk
        // of files alone at the end.
        let failures = ParallelMap.map(jobs, lanes: jobs.indices.map { [$0] }) { job -> Failure? in
            guard let svg = FileManager.default.contents(atPath: job.source) else { return Failure(source: job.source, reason: "cannot be read") }
            do {
                try FileSystem.write(encoder.png(of: draw(SVGDocument(Array(svg)), job.drawing, backdrops: backdrops)), to: job.destination)
                return nil
            } catch {
                return Failure(source: job.source, reason: "\(error)")
            }
        }.compactMap { $0 }
        if !failures.isEmpty { throw Error(failures: failures) }
    }

    private func draw(_ document: SVGDocument, _ drawing: PNGDrawing, backdrops: Backdrops) throws -> RasterImage {
        guard let layers = drawing.layers else { return try base(of: document, drawing, elements: nil) }
        let image = try backdrops.copy(of: layers.backdropKey) { try base(of: document, drawing, elements: layers.backdrop) }
        for element in layers.foreground where document.contains(element) {
            try draw(document, on: image, drawing, element: element)
        }
        return image
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
    private let drawn = Mutex<[String: RasterImage]>([:])

    func copy(of key: String, draw: () throws -> RasterImage) throws -> RasterImage {
        try drawn.withLock { drawn in
            if let image = drawn[key] { return image }
            let image = try draw()
            drawn[key] = image
            return image
        }.copy()
    }
}
