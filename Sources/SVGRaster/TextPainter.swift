import CHarfBuzz
import Synchronization

/// Paints lines of text in one family, regular and bold, as librsvg draws them: the faces
/// fontconfig matches, shaped by HarfBuzz (as Pango shapes them for librsvg) at unrounded
/// positions, each glyph's outline filled unhinted by FreeType. Emoji come, as Pango takes them,
/// from the face of fontconfig's `emoji` family, in colour where librsvg draws silhouettes. A
/// glyph is placed to a quarter of a pixel, and its pixels kept for the next time it falls there.
///
/// One painter serves every thread: shaping reads only HarfBuzz's immutable fonts, and FreeType
/// (whose faces are not shared safely) renders a glyph under the cache's lock.
public final class TextPainter: @unchecked Sendable {
    private let faces: [Face: Typeface]
    private let glyphs: Mutex<[GlyphKey: GlyphBitmap]> = Mutex([:])
    private let freeType: FT_Library

    /// The painter of `family`; nil when fontconfig finds no regular or no bold face of it. Without
    /// a colour emoji face, lines with emoji are left to librsvg.
    public init?(family: String) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        guard let regular = Typeface(family: family, bold: false, library: library),
            let bold = Typeface(family: family, bold: true, library: library)
        else {
            FT_Done_FreeType(library)
            return nil
        }
        var faces: [Face: Typeface] = [.regular: regular, .bold: bold]
        faces[.emoji] = Typeface(family: "emoji", bold: false, colour: true, library: library)
        (self.faces, self.freeType) = (faces, library)
    }

    deinit {
        for face in faces.values { face.close() }
        FT_Done_FreeType(freeType)
    }

    /// The glyphs of every line, placed; nil when a line has a character its faces lack (librsvg
    /// would take it from another font) or space that SVG would collapse.
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
            let bitmaps = glyphs.withLock { cache in
                line.glyphs.map { glyph in
                    let key = GlyphKey(
                        face: glyph.face, size: line.fontSize, glyph: glyph.id, phaseX: glyph.phaseX,
                        phaseY: glyph.phaseY)
                    if let bitmap = cache[key] { return bitmap }
                    let bitmap =
                        faces[glyph.face]?.render(
                            glyph.id, size: line.fontSize, phaseX: glyph.phaseX, phaseY: glyph.phaseY) ?? .empty
                    cache[key] = bitmap
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
        var glyphs: [PlacedGlyph] = []
        var penX = line.x
        // Pango aligns each run's baseline of the first run's kind (roman, or ideographic for
        // Korean) with the first run's: the emoji face's lies elsewhere than Noto Sans CJK KR's.
        var firstBaseline: (tag: hb_ot_layout_baseline_tag_t, position: Double)?
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        for run in ScriptRuns(text) {
            for piece in EmojiRuns(text, in: run.range) {
                let role: Face = piece.isEmoji ? .emoji : line.bold ? .bold : .regular
                guard let face = faces[role] else { return nil }
                let language = hb_language_from_string(run.language(in: line.language), -1)
                let scale = line.fontSize / face.unitsPerEm
                let tag = firstBaseline?.tag ?? hb_ot_layout_get_horizontal_baseline_tag_for_script(run.script)
                let baseline = face.baseline(tag, script: run.script, language: language) * scale
                let shift = (firstBaseline?.position ?? baseline) - baseline
                if firstBaseline == nil { firstBaseline = (tag, baseline) }
                hb_buffer_clear_contents(buffer)
                text.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        hb_buffer_add_utf8(
                            buffer, $0.baseAddress, Int32($0.count), UInt32(piece.range.lowerBound),
                            Int32(piece.range.count))
                    }
                }
                hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
                hb_buffer_set_script(buffer, run.script)
                hb_buffer_set_language(buffer, language)
                hb_shape(face.font, buffer, nil, 0)
                var count: UInt32 = 0
                guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                    let positions = hb_buffer_get_glyph_positions(buffer, &count)
                else { return nil }
                for index in 0..<Int(count) {
                    guard infos[index].codepoint != 0 else { return nil } // .notdef: the face lacks it
                    let position = positions[index]
                    glyphs.append(
                        PlacedGlyph(
                            face: role, id: infos[index].codepoint,
                            x: penX + Double(position.x_offset) * scale,
                            y: line.baseline - shift - Double(position.y_offset) * scale))
                    penX += Double(position.x_advance) * scale
                }
            }
        }
        return ShapedLine(fontSize: line.fontSize, colour: line.colour, glyphs: glyphs)
    }
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

/// The faces a painter shapes with.
enum Face: Hashable, Sendable {
    case regular, bold, emoji
}

/// A glyph of a face at a pixel, and where in that pixel its origin lies, in quarters.
struct PlacedGlyph: Sendable {
    let face: Face
    let id: UInt32
    let x: Int, y: Int
    let phaseX: UInt8, phaseY: UInt8

    init(face: Face, id: UInt32, x: Double, y: Double) {
        (self.face, self.id) = (face, id)
        let (x, phaseX) = Self.quarters(x), (y, phaseY) = Self.quarters(y)
        (self.x, self.y, self.phaseX, self.phaseY) = (x, y, phaseX, phaseY)
    }

    private static func quarters(_ value: Double) -> (Int, UInt8) {
        let quarters = Int((value * 4).rounded())
        return (quarters >> 2, UInt8(quarters & 3))
    }
}

struct GlyphKey: Hashable {
    let face: Face
    let size: Double
    let glyph: UInt32
    let phaseX: UInt8, phaseY: UInt8
}
