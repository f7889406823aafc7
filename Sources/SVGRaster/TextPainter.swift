import CPango
import Synchronization

/// Paints lines of text in one family, regular and bold, as librsvg draws them: Pango lays each
/// line out (`LineLayout`: its runs, their fonts, every glyph's position), and each glyph's
/// outline is filled unhinted by FreeType. Emoji come from the face Pango takes them from, in
/// colour where librsvg draws silhouettes. A glyph is placed to a quarter of a pixel, and its
/// pixels kept for the next time it falls there.
///
/// One painter serves every thread: FreeType (whose faces are not shared safely) opens faces and
/// renders glyphs under the cache's lock.
public final class TextPainter: @unchecked Sendable {
    private let layout: LineLayout
    private let cache: Mutex<GlyphCache>
    private let freeType: FT_Library

    /// The painter of `family`; nil when fontconfig finds no regular or no bold face of it.
    public init?(family: String) {
        var library: FT_Library?
        guard SVGFonts.match(family: family, bold: false)?.families.contains(family) == true,
            SVGFonts.match(family: family, bold: true)?.families.contains(family) == true,
            let layout = LineLayout(family: family), FT_Init_FreeType(&library) == 0, let library
        else { return nil }
        (self.layout, self.freeType) = (layout, library)
        cache = Mutex(GlyphCache())
    }

    deinit {
        cache.withLock { cache in
            for face in cache.faces { face.close() }
        }
        FT_Done_FreeType(freeType)
    }

    /// The glyphs of every line, placed; nil when a line has a character no font has, a face
    /// FreeType cannot open, or space that SVG would collapse.
    public func shape(_ painting: Painting) -> ShapedPainting? {
        var lines: [ShapedLine] = []
        for line in painting.lines {
            guard let shaped = shape(line) else { return nil }
            lines.append(shaped)
        }
        return ShapedPainting(bars: painting.bars, lines: lines)
    }

    /// Paints `painting` on `image`.
    public func paint(_ painting: ShapedPainting, on image: inout RGBImage) {
        for bar in painting.bars {
            let mask = bar.mask()
            image.blend(bar.colour, through: mask.mask, x: mask.x, y: mask.y)
        }
        for line in painting.lines {
            let bitmaps = cache.withLock { cache in
                line.glyphs.map { glyph in
                    let key = GlyphKey(
                        face: glyph.face, size: line.fontSize, glyph: glyph.id, phaseX: glyph.phaseX,
                        phaseY: glyph.phaseY)
                    if let bitmap = cache.glyphs[key] { return bitmap }
                    let bitmap = cache.faces[glyph.face].render(
                        glyph.id, size: line.fontSize, phaseX: glyph.phaseX, phaseY: glyph.phaseY)
                    cache.glyphs[key] = bitmap
                    return bitmap
                }
            }
            for (glyph, bitmap) in zip(line.glyphs, bitmaps) where bitmap.rows > 0 {
                let (x, y) = (glyph.x + bitmap.left, glyph.y - bitmap.top)
                switch bitmap.pixels {
                case .coverage(let coverage):
                    image.blend(
                        line.colour, through: CoverageMask(width: bitmap.width, rows: bitmap.rows, coverage: coverage),
                        x: x, y: y)
                case .colour(let pixels):
                    image.composite(pixels, width: bitmap.width, rows: bitmap.rows, x: x, y: y)
                }
            }
        }
    }

    private func shape(_ line: TextLine) -> ShapedLine? {
        // SVG collapses and trims white space (xml:space="default"): such lines are librsvg's.
        let text = Array(line.text.utf8)
        guard !text.isEmpty else { return ShapedLine(fontSize: line.fontSize, colour: line.colour, glyphs: []) }
        guard text.first != 0x20, text.last != 0x20, !text.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
            !zip(text, text.dropFirst()).contains(where: { $0 == 0x20 && $1 == 0x20 })
        else { return nil }
        guard let runs = layout.runs(of: line.text, size: line.fontSize, bold: line.bold, language: line.language)
        else { return nil }
        var glyphs: [PlacedGlyph] = []
        for run in runs {
            guard let (face, isColour) = face(file: run.file, index: run.index) else { return nil }
            for glyph in run.glyphs {
                glyphs.append(
                    PlacedGlyph(
                        face: face, isColour: isColour, id: glyph.id, x: line.x + glyph.x,
                        y: line.baseline + glyph.y))
            }
        }
        return ShapedLine(fontSize: line.fontSize, colour: line.colour, glyphs: glyphs)
    }

    /// The number of the face in `file` at `index` in the cache, opened the first time; and
    /// whether it is a colour face.
    private func face(file: String, index: Int32) -> (Int, Bool)? {
        cache.withLock { cache in
            let key = FaceKey(file: file, index: index)
            if let number = cache.faceNumbers[key] { return (number, cache.faces[number].isColour) }
            guard let face = Typeface(file: file, index: index, library: freeType) else { return nil }
            cache.faceNumbers[key] = cache.faces.count
            cache.faces.append(face)
            return (cache.faces.count - 1, face.isColour)
        }
    }
}

/// The faces a painter has opened, by file and index, and the glyphs it has rendered.
private struct GlyphCache {
    var faceNumbers: [FaceKey: Int] = [:]
    var faces: [Typeface] = []
    var glyphs: [GlyphKey: GlyphBitmap] = [:]
}

private struct FaceKey: Hashable {
    let file: String
    let index: Int32
}

/// Lines shaped by a `TextPainter`, ready to paint.
public struct ShapedPainting: Sendable {
    let bars: [RoundedBar]
    let lines: [ShapedLine]
}

struct ShapedLine: Sendable {
    let fontSize: Double
    let colour: RGBColour
    let glyphs: [PlacedGlyph]
}

/// A glyph of a face at a pixel, and where in that pixel its origin lies, in quarters.
struct PlacedGlyph: Sendable {
    /// The face's number in the painter's cache.
    let face: Int
    let isColour: Bool
    let id: UInt32
    let x: Int, y: Int
    let phaseX: UInt8, phaseY: UInt8

    init(face: Int, isColour: Bool, id: UInt32, x: Double, y: Double) {
        (self.face, self.isColour, self.id) = (face, isColour, id)
        let (x, phaseX) = Self.quarters(x), (y, phaseY) = Self.quarters(y)
        (self.x, self.y, self.phaseX, self.phaseY) = (x, y, phaseX, phaseY)
    }

    private static func quarters(_ value: Double) -> (Int, UInt8) {
        let quarters = Int((value * 4).rounded())
        return (quarters >> 2, UInt8(quarters & 3))
    }
}

struct GlyphKey: Hashable {
    let face: Int
    let size: Double
    let glyph: UInt32
    let phaseX: UInt8, phaseY: UInt8
}
