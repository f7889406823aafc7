import CPango

/// One face of a font, FreeType's, to render glyphs with. A face with colour bitmaps (Noto Color
/// Emoji) renders its glyphs in colour, scaled from its strike.
final class Typeface {
    private let face: FT_Face
    let isColour: Bool

    /// The face at `index` in `file`; nil when FreeType cannot open it, or cannot select a colour
    /// face's strike.
    init?(file: String, index: Int32, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, file, FT_Long(index), &face) == 0, let face else { return nil }
        let isColour = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard !isColour || FT_Select_Size(face, 0) == 0 else {
            FT_Done_Face(face)
            return nil
        }
        (self.face, self.isColour) = (face, isColour)
    }

    func close() {
        FT_Done_Face(face)
    }

    /// Glyph `id` at `size` pixels an em, its origin `phaseX` quarters of a pixel right and
    /// `phaseY` down of a pixel's corner. An outline is filled unhinted with 256 levels of
    /// coverage; a colour bitmap is scaled from the face's strike, each pixel the mean of the
    /// strike's pixels it covers. A glyph FreeType cannot render (none should fail) is empty.
    func render(_ id: UInt32, size: Double, phaseX: UInt8, phaseY: UInt8) -> GlyphBitmap {
        isColour
            ? renderColour(id, size: size, phaseX: phaseX, phaseY: phaseY)
            : renderOutline(id, size: size, phaseX: phaseX, phaseY: phaseY)
    }

    private func renderOutline(_ id: UInt32, size: Double, phaseX: UInt8, phaseY: UInt8) -> GlyphBitmap {
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0,
            FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0, let slot = face.pointee.glyph
        else { return .empty }
        // FreeType's y axis points up, the image's down.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phaseX) * 16, -FT_Pos(phaseY) * 16)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return GlyphBitmap(
            width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            pixels: .coverage(coverage))
    }

    private func renderColour(_ id: UInt32, size: Double, phaseX: UInt8, phaseY: UInt8) -> GlyphBitmap {
        guard FT_Load_Glyph(face, id, Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph,
            slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            let buffer = slot.pointee.bitmap.buffer,
            let metrics = face.pointee.size?.pointee.metrics, metrics.y_ppem > 0
        else { return .empty }
        let bitmap = slot.pointee.bitmap
        let scale = size / Double(metrics.y_ppem)
        // The strike's bitmap in the image's pixels, from the glyph's origin pixel.
        let left = Double(phaseX) / 4 + Double(slot.pointee.bitmap_left) * scale
        let top = Double(phaseY) / 4 - Double(slot.pointee.bitmap_top) * scale
        let columns = Self.overlaps(start: left, count: Int(bitmap.width), scale: scale)
        let rows = Self.overlaps(start: top, count: Int(bitmap.rows), scale: scale)
        var pixels = [UInt8](repeating: 0, count: 4 * columns.spans.count * rows.spans.count)
        for (y, rowSpan) in rows.spans.enumerated() {
            for (x, columnSpan) in columns.spans.enumerated() {
                var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (row, rowWeight) in rowSpan {
                    for (column, columnWeight) in columnSpan {
                        let weight = rowWeight * columnWeight
                        // FreeType's colour bitmaps are premultiplied BGRA.
                        let pixel = buffer + row * Int(bitmap.pitch) + 4 * column
                        sum = (
                            sum.0 + weight * Double(pixel[2]), sum.1 + weight * Double(pixel[1]),
                            sum.2 + weight * Double(pixel[0]), sum.3 + weight * Double(pixel[3])
                        )
                    }
                }
                let start = 4 * (y * columns.spans.count + x)
                for (channel, value) in [sum.0, sum.1, sum.2, sum.3].enumerated() {
                    pixels[start + channel] = UInt8(min(255, value.rounded()))
                }
            }
        }
        return GlyphBitmap(
            width: columns.spans.count, rows: rows.spans.count, left: columns.first, top: -rows.first,
            pixels: .colour(pixels))
    }

    /// The image pixels that `count` strike pixels of `scale` image pixels each, starting at
    /// `start`, fall on: the first one, and for each the strike pixels on it with the share of
    /// the image pixel they cover.
    private static func overlaps(start: Double, count: Int, scale: Double) -> (first: Int, spans: [[(Int, Double)]]) {
        let end = start + Double(count) * scale
        let first = Int(start.rounded(.down)), last = Int(end.rounded(.up))
        let spans = (first..<last).map { pixel in
            let pixelStart = Double(pixel), pixelEnd = Double(pixel + 1)
            let sources =
                max(
                    0, Int(((pixelStart - start) / scale).rounded(.down)))...min(
                    count - 1, Int(((pixelEnd - start) / scale).rounded(.down)))
            return sources.compactMap { source -> (Int, Double)? in
                let covered =
                    min(pixelEnd, start + Double(source + 1) * scale) - max(pixelStart, start + Double(source) * scale)
                return covered > 0 ? (source, covered) : nil
            }
        }
        return (first, spans)
    }
}

/// A glyph's pixels and where its top left pixel lies from the glyph's origin pixel: `left` to
/// the right, `top` up.
struct GlyphBitmap: Sendable {
    enum Pixels: Sendable {
        /// How much of each pixel the glyph covers, 0 to 255, painted in the line's colour.
        case coverage([UInt8])
        /// Premultiplied R, G, B, A (colour emoji).
        case colour([UInt8])
    }

    let width: Int, rows: Int
    let left: Int, top: Int
    let pixels: Pixels

    static let empty = GlyphBitmap(width: 0, rows: 0, left: 0, top: 0, pixels: .coverage([]))
}
