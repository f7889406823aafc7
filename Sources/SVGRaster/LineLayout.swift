import CPango
import Synchronization

/// Lines of text laid out by Pango as librsvg lays out an SVG `<text>`: Pango itemises each line,
/// picks each run's font (fontconfig's fallback included) and shapes it, unhinted at unrounded
/// positions. One font map serves every thread, under a lock: Pango's are not thread-safe.
final class LineLayout: @unchecked Sendable {
    /// A run of glyphs of one font: its file and face index, and each glyph's id and origin from
    /// the line's start on its baseline, in pixels (y down).
    struct Run {
        let file: String
        let index: Int32
        let glyphs: [(id: UInt32, x: Double, y: Double)]
    }

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let family: String
    /// A context per language (`xml:lang`), as librsvg sets the language on its context.
    private let contexts = Mutex<[String: OpaquePointer]>([:])

    init?(family: String) {
        guard let fontMap = pango_cairo_font_map_new() else { return nil }
        (self.fontMap, self.family) = (fontMap, family)
    }

    deinit {
        contexts.withLock { contexts in
            for context in contexts.values { g_object_unref(UnsafeMutableRawPointer(context)) }
        }
        g_object_unref(fontMap)
    }

    /// The runs of `text` at `size` pixels an em in `language`; nil when Pango finds no font for a
    /// character (librsvg draws it as a box).
    func runs(of text: String, size: Double, bold: Bool, language: String) -> [Run]? {
        contexts.withLock { contexts in
            let context = contexts[language] ?? makeContext(language: language)
            contexts[language] = context
            let layout = pango_layout_new(context)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let description = pango_font_description_from_string(family)
            defer { pango_font_description_free(description) }
            pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
            pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, description)
            pango_layout_set_text(layout, text, -1)
            return runs(of: layout)
        }
    }

    private func runs(of layout: OpaquePointer?) -> [Run]? {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        let baseline = pango_layout_iter_get_baseline(iterator)
        var runs: [Run] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let font = run.pointee.item.pointee.analysis.font
            guard let (file, index) = Self.file(of: font) else { return nil }
            let glyphString = run.pointee.glyphs.pointee
            var x = logical.x
            // Pango raises a run by its y_offset; a glyph's own offset points down.
            let runY = baseline - run.pointee.y_offset
            var glyphs: [(id: UInt32, x: Double, y: Double)] = []
            for info in UnsafeBufferPointer(start: glyphString.glyphs, count: Int(glyphString.num_glyphs)) {
                defer { x += info.geometry.width }
                if info.glyph == Self.emptyGlyph { continue }
                if info.glyph & Self.unknownGlyphFlag != 0 { return nil }
                glyphs.append(
                    (
                        info.glyph, Self.pixels(x + info.geometry.x_offset),
                        Self.pixels(runY + info.geometry.y_offset - baseline)
                    ))
            }
            runs.append(Run(file: file, index: index, glyphs: glyphs))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    /// A context as librsvg makes its own: no hinting, metrics unhinted, positions unrounded.
    private func makeContext(language: String) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)
        pango_context_set_language(context, pango_language_from_string(language))
        pango_context_set_round_glyph_positions(context, 0)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        return context!
    }

    /// The font file and face index of a font of the cairo font map (a fontconfig font).
    private static func file(of font: UnsafeMutablePointer<PangoFont>?) -> (String, Int32)? {
        guard let font else { return nil }
        let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch
        else { return nil }
        return (String(cString: file), index)
    }

    private static func pixels(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }

    /// Pango's glyph of nothing (`PANGO_GLYPH_EMPTY`) and its mark of a character no font has.
    private static let emptyGlyph: UInt32 = 0x0FFF_FFFF
    private static let unknownGlyphFlag: UInt32 = 0x1000_0000
}
