import CHarfBuzz
import CRsvg
import Synchronization

/// A line of text to paint, as an SVG `<text>` of one run places it: its baseline starts at
/// `x, baseline`.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var x: Double
    public var baseline: Double
    public var fontSize: Double
    public var bold: Bool
    public var colour: RGBColour
    /// A BCP 47 tag, for the shaper.
    public var language: String

    public init(text: String, x: Double, baseline: Double, fontSize: Double, bold: Bool, colour: RGBColour, language: String) {
        (self.text, self.x, self.baseline, self.fontSize, self.bold, self.colour, self.language) = (text, x, baseline, fontSize, bold, colour, language)
    }
}

/// A rectangle with round corners of `radius`, filled with `colour`.
public struct RoundedBar: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double, radius: Double
    public var colour: RGBColour

    public init(x: Double, y: Double, width: Double, height: Double, radius: Double, colour: RGBColour) {
        (self.x, self.y, self.width, self.height, self.radius, self.colour) = (x, y, width, height, radius, colour)
    }
}

/// What is painted over a backdrop: bars, then lines of text.
public struct Painting: Sendable, Equatable {
    public var bars: [RoundedBar]
    public var lines: [TextLine]

    public init(bars: [RoundedBar], lines: [TextLine]) {
        (self.bars, self.lines) = (bars, lines)
    }
}

/// Paints lines of text in one family, regular and bold, as librsvg draws them: the faces
/// fontconfig matches, shaped by HarfBuzz (as Pango shapes them for librsvg) at unrounded
/// positions, each glyph's outline filled unhinted by FreeType. A glyph is placed to a quarter
/// of a pixel, and its coverage kept for the next time it falls there.
///
/// One painter serves every thread: shaping reads only HarfBuzz's immutable fonts, and FreeType
/// (whose faces are not shared safely) renders a glyph under the cache's lock.
public final class TextPainter: @unchecked Sendable {
    private let regular: Typeface
    private let bold: Typeface
    private let glyphs: Mutex<[GlyphKey: PlacedMask]> = Mutex([:])
    private let freeType: FT_Library

    /// The painter of `family`; nil when fontconfig finds no regular or no bold face of it.
    public init?(family: String) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        guard let regular = Typeface(family: family, bold: false, library: library),
              let bold = Typeface(family: family, bold: true, library: library) else {
            FT_Done_FreeType(library)
            return nil
        }
        (self.regular, self.bold, self.freeType) = (regular, bold, library)
    }

    deinit {
        regular.close()
        bold.close()
        FT_Done_FreeType(freeType)
    }

    /// The glyphs of every line, placed; nil when a line has a character the family lacks (librsvg
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
            let masks = glyphs.withLock { cache in
                line.glyphs.map { glyph in
                    let key = GlyphKey(bold: line.bold, size: line.size, glyph: glyph.id, phaseX: glyph.phaseX, phaseY: glyph.phaseY)
                    if let mask = cache[key] { return mask }
                    let mask = (line.bold ? bold : regular).render(glyph.id, size: line.size, phaseX: glyph.phaseX, phaseY: glyph.phaseY)
                    cache[key] = mask
                    return mask
                }
            }
            for (glyph, placed) in zip(line.glyphs, masks) where placed.mask.rows > 0 {
                image.blend(line.colour, through: placed.mask, x: glyph.x + placed.left, y: glyph.y - placed.top)
            }
        }
    }

    private func shape(_ line: TextLine) -> ShapedLine? {
        // SVG collapses and trims white space (xml:space="default"): such lines are librsvg's.
        let text = Array(line.text.utf8)
        guard !text.isEmpty else { return ShapedLine(bold: line.bold, size: 0, colour: line.colour, glyphs: []) }
        guard text.first != 0x20, text.last != 0x20, !text.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
              !zip(text, text.dropFirst()).contains(where: { $0 == 0x20 && $1 == 0x20 }) else { return nil }
        let face = line.bold ? bold : regular
        let scale = line.fontSize / face.unitsPerEm
        let size = FT_F26Dot6((line.fontSize * 64).rounded())
        var glyphs: [PlacedGlyph] = []
        var penX = line.x
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        for run in ScriptRuns(text) {
            hb_buffer_clear_contents(buffer)
            text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), UInt32(run.range.lowerBound), Int32(run.range.count))
                }
            }
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, run.script)
            hb_buffer_set_language(buffer, hb_language_from_string(run.language(in: line.language), -1))
            hb_shape(face.font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
            for index in 0..<Int(count) {
                guard infos[index].codepoint != 0 else { return nil }  // .notdef: the family lacks it
                let position = positions[index]
                glyphs.append(PlacedGlyph(id: infos[index].codepoint,
                                          x: penX + Double(position.x_offset) * scale,
                                          y: line.baseline - Double(position.y_offset) * scale))
                penX += Double(position.x_advance) * scale
            }
        }
        return ShapedLine(bold: line.bold, size: size, colour: line.colour, glyphs: glyphs)
    }
}

/// Lines shaped by a `TextPainter`, ready to paint.
public struct ShapedPainting: Sendable {
    let bars: [RoundedBar]
    let lines: [ShapedLine]
}

struct ShapedLine: Sendable {
    let bold: Bool
    /// FreeType's character size, 26.6 fixed point.
    let size: FT_F26Dot6
    let colour: RGBColour
    let glyphs: [PlacedGlyph]
}

/// A glyph at a pixel, and where in that pixel its origin lies, in quarters.
struct PlacedGlyph: Sendable {
    let id: UInt32
    let x: Int, y: Int
    let phaseX: UInt8, phaseY: UInt8

    init(id: UInt32, x: Double, y: Double) {
        self.id = id
        let (x, phaseX) = Self.quarters(x), (y, phaseY) = Self.quarters(y)
        (self.x, self.y, self.phaseX, self.phaseY) = (x, y, phaseX, phaseY)
    }

    private static func quarters(_ value: Double) -> (Int, UInt8) {
        let quarters = Int((value * 4).rounded())
        return (quarters >> 2, UInt8(quarters & 3))
    }
}

struct GlyphKey: Hashable {
    let bold: Bool
    let size: FT_F26Dot6
    let glyph: UInt32
    let phaseX: UInt8, phaseY: UInt8
}

/// A glyph's coverage and where its top left pixel lies from the glyph's origin pixel: `left`
/// to the right, `top` up.
struct PlacedMask: Sendable {
    let mask: CoverageMask
    let left: Int, top: Int
}

/// One face of a family: FreeType's, to render glyphs, and HarfBuzz's, to shape with.
private final class Typeface {
    private let face: FT_Face
    let font: OpaquePointer
    let unitsPerEm: Double

    init?(family: String, bold: Bool, library: FT_Library) {
        guard let (path, index) = Self.match(family: family, bold: bold) else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard let blob = hb_blob_create_from_file(path) else {
            FT_Done_Face(face)
            return nil
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)
        let upem = hb_face_get_upem(hbFace)
        hb_face_destroy(hbFace)
        guard let font, upem > 0 else {
            FT_Done_Face(face)
            return nil
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        (self.face, self.font, self.unitsPerEm) = (face, font, Double(upem))
    }

    func close() {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// Glyph `id` at `size`, its origin `phaseX` quarters of a pixel right and `phaseY` down of a
    /// pixel's corner, unhinted, its outline filled with 256 levels of coverage. A glyph
    /// FreeType cannot render (none should fail) is left out, as an empty mask.
    func render(_ id: UInt32, size: FT_F26Dot6, phaseX: UInt8, phaseY: UInt8) -> PlacedMask {
        let empty = PlacedMask(mask: CoverageMask(width: 0, rows: 0, coverage: []), left: 0, top: 0)
        guard FT_Set_Char_Size(face, 0, size, 72, 72) == 0,
              FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0, let slot = face.pointee.glyph else { return empty }
        // FreeType's y axis points up, the image's down.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phaseX) * 16, -FT_Pos(phaseY) * 16)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return PlacedMask(mask: CoverageMask(width: width, rows: rows, coverage: coverage),
                          left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    /// The file and face index fontconfig matches for `family` at the weight, if it is that family's.
    private static func match(family: String, bold: Bool) -> (String, Int32)? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, Array(family.utf8) + [0])
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var name: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch, let name,
              FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
              FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch else { return nil }
        var families: [String] = []
        var next: UnsafeMutablePointer<FcChar8>? = name
        while let found = next {
            families.append(String(cString: found))
            next = nil
            _ = FcPatternGetString(match, FC_FAMILY, Int32(families.count), &next)
        }
        return families.contains(family) ? (String(cString: file), index) : nil
    }
}

/// The runs of one script in UTF-8 text, as Pango itemises a line before shaping it (ICU's
/// script runs): a character of no script of its own (space, punctuation, a mark) joins the run
/// it stands in, or the next one at the start; a closing bracket or quotation mark takes the
/// script of the run its opening one stood in.
private struct ScriptRuns: Sequence {
    struct Run {
        let range: Range<Int>
        let script: hb_script_t

        /// The language Pango shapes the run in: the line's when it is written in the run's
        /// script, else the script's own (English for Latin, Korean for Hangul), so that a Latin
        /// name in a Korean line is kerned as English.
        func language(in lineLanguage: String) -> String {
            switch (script, lineLanguage) {
            case (HB_SCRIPT_LATIN, "ko"): "en"
            case (HB_SCRIPT_HANGUL, "en"): "ko"
            default: lineLanguage
            }
        }
    }

    /// Opening and closing characters, each pair at an even index and the next (Pango's
    /// `paired_chars`, the brackets and quotation marks of Latin, Korean and CJK text).
    private static let pairs: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB,
        0x2018, 0x2019, 0x201A, 0x201B, 0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A,
        0x3008, 0x3009, 0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011,
        0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019, 0x301A, 0x301B,
        0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]

    let runs: [Run]

    init(_ text: [UInt8]) {
        let functions = hb_unicode_funcs_get_default()
        var runs: [Run] = []
        var start = 0, offset = 0
        var script = HB_SCRIPT_COMMON
        // The open brackets and the script each stood in; those of the run so far from `runOpens`.
        var opens: [(pair: Int, script: hb_script_t)] = []
        var runOpens = 0
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            var own = hb_unicode_script(functions, scalar.value)
            if own == HB_SCRIPT_INHERITED || own == HB_SCRIPT_UNKNOWN { own = HB_SCRIPT_COMMON }
            var closes = false
            if let pair = Self.pairs.firstIndex(of: scalar.value) {
                if pair % 2 == 0 {
                    opens.append((pair, script))
                } else {
                    while let last = opens.last, last.pair != pair - 1 { opens.removeLast() }
                    runOpens = Swift.min(runOpens, opens.count)
                    if let last = opens.last {
                        own = last.script
                        closes = true
                    }
                }
            }
            if own == HB_SCRIPT_COMMON || script == HB_SCRIPT_COMMON || own == script {
                if script == HB_SCRIPT_COMMON && own != HB_SCRIPT_COMMON {
                    script = own
                    for index in runOpens..<opens.count where opens[index].script == HB_SCRIPT_COMMON { opens[index].script = own }
                }
            } else {
                runs.append(Run(range: start..<offset, script: script))
                (start, script, runOpens) = (offset, own, opens.count)
            }
            if closes {
                opens.removeLast()
                runOpens = Swift.min(runOpens, opens.count)
            }
            offset += UTF8.width(scalar)
        }
        runs.append(Run(range: start..<text.count, script: script == HB_SCRIPT_COMMON ? HB_SCRIPT_LATIN : script))
        self.runs = runs
    }

    func makeIterator() -> IndexingIterator<[Run]> { runs.makeIterator() }
}

private extension RoundedBar {
    /// The bar's coverage: pixels wholly inside it full, the others sampled 16 × 16 times.
    func mask() -> (mask: CoverageMask, x: Int, y: Int) {
        let left = Int(x.rounded(.down)), top = Int(y.rounded(.down))
        let right = Int((x + width).rounded(.up)), bottom = Int((y + height).rounded(.up))
        let columns = max(0, right - left), rows = max(0, bottom - top)
        var coverage = [UInt8](repeating: 0, count: columns * rows)
        let radius = min(radius, width / 2, height / 2)
        for row in 0..<rows {
            for column in 0..<columns {
                let pixelX = Double(left + column), pixelY = Double(top + row)
                let isInside = pixelX >= x + radius && pixelX + 1 <= x + width - radius && pixelY >= y && pixelY + 1 <= y + height
                    || pixelX >= x && pixelX + 1 <= x + width && pixelY >= y + radius && pixelY + 1 <= y + height - radius
                var covered = isInside ? 256 : 0
                if !isInside {
                    for sampleY in 0..<16 {
                        for sampleX in 0..<16 where contains(pixelX + (Double(sampleX) + 0.5) / 16, pixelY + (Double(sampleY) + 0.5) / 16, radius: radius) {
                            covered += 1
                        }
                    }
                }
                coverage[row * columns + column] = UInt8(min(255, covered))
            }
        }
        return (CoverageMask(width: columns, rows: rows, coverage: coverage), left, top)
    }

    private func contains(_ pointX: Double, _ pointY: Double, radius: Double) -> Bool {
        guard pointX >= x, pointX <= x + width, pointY >= y, pointY <= y + height else { return false }
        let nearestX = min(max(pointX, x + radius), x + width - radius), nearestY = min(max(pointY, y + radius), y + height - radius)
        let dx = pointX - nearestX, dy = pointY - nearestY
        return dx * dx + dy * dy <= radius * radius
    }
}
