import CPango

/// Fontconfig, which finds the fonts librsvg draws text with, and those `TextPainter` paints with.
public enum SVGFonts {
    /// Loads fontconfig's configuration and font list, once per process: call it before drawing
    /// on several threads, which would otherwise race to do it. Returns whether fontconfig finds
    /// a font of `family` (the text of an SVG naming it would otherwise be drawn in another).
    public static func prepare(family: String) -> Bool {
        match(family: family, bold: false)?.families.contains(family) == true
    }

    /// The file, face index and families of the font fontconfig matches for `family` (a family or
    /// an alias such as `emoji`) at the regular or bold weight.
    static func match(family: String, bold: Bool) -> (path: String, index: Int32, families: [String])? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, Array(family.utf8) + [0])
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch
        else { return nil }
        var families: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(match, FC_FAMILY, Int32(families.count), &name) == FcResultMatch, let found = name {
            families.append(String(cString: found))
        }
        return (String(cString: file), index, families)
    }
}
