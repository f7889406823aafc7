import CHarfBuzz

/// The runs of one script in UTF-8 text, as Pango itemises a line before shaping it (ICU's
/// script runs): a character of no script of its own (space, punctuation, a mark) joins the run
/// it stands in, or the next one at the start; a closing bracket or quotation mark takes the
/// script of the run its opening one stood in.
struct ScriptRuns: Sequence {
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

    /// Opening and closing characters, each pair at an even index and the next: Pango's
    /// `paired_chars`, in its order (sorted).
    private static let pairs: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB, 0x0F3A, 0x0F3B, 0x0F3C, 0x0F3D,
        0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0x2045, 0x2046, 0x207D, 0x207E, 0x208D, 0x208E,
        0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA, 0x27EB, 0x27EC, 0x27ED, 0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986,
        0x2987, 0x2988, 0x2989, 0x298A, 0x298B, 0x298C, 0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992, 0x2993, 0x2994,
        0x2995, 0x2996, 0x2997, 0x2998, 0x29FC, 0x29FD, 0x2E02, 0x2E03, 0x2E04, 0x2E05, 0x2E09, 0x2E0A, 0x2E0C, 0x2E0D,
        0x2E1C, 0x2E1D, 0x2E20, 0x2E21, 0x2E22, 0x2E23, 0x2E24, 0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009,
        0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019,
        0x301A, 0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D,
        0xFF5F, 0xFF60, 0xFF62, 0xFF63
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
            // Inherited (combining marks) is no script of its own, as Common.
            var own = hb_unicode_script(functions, scalar.value)
            if own == HB_SCRIPT_INHERITED { own = HB_SCRIPT_COMMON }
            var closes = false
            // Every paired character is Common, and Pango looks only those up.
            if own == HB_SCRIPT_COMMON, let pair = Self.pairs.firstIndex(of: scalar.value) {
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
                    for index in runOpens..<opens.count where opens[index].script == HB_SCRIPT_COMMON {
                        opens[index].script = own
                    }
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
        // A line of Common characters alone (digits, punctuation) is shaped as Common, as Pango does.
        runs.append(Run(range: start..<text.count, script: script))
        self.runs = runs
    }

    func makeIterator() -> IndexingIterator<[Run]> { runs.makeIterator() }
}

/// The emoji and the text of a range of UTF-8 text, as Pango's emoji iterator tells them apart
/// before it takes emoji from the `emoji` family: a character shown as emoji by default (not
/// followed by U+FE0E), any emoji character followed by U+FE0F, a keycap, a flag, with their
/// skin tones, tags and ZWJ sequences. Runs of each kind are merged.
struct EmojiRuns: Sequence {
    struct Run {
        let range: Range<Int>
        let isEmoji: Bool
    }

    let runs: [Run]

    init(_ text: [UInt8], in range: Range<Int>) {
        var scalars: [Unicode.Scalar] = [], offsets: [Int] = []
        var offset = range.lowerBound
        for scalar in String(decoding: text[range], as: UTF8.self).unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(range.upperBound)
        var runs: [Run] = []
        var index = 0
        while index < scalars.count {
            let (length, isEmoji) = Self.cluster(scalars, at: index)
            if let last = runs.last, last.isEmoji == isEmoji {
                runs[runs.count - 1] = Run(range: last.range.lowerBound..<offsets[index + length], isEmoji: isEmoji)
            } else {
                runs.append(Run(range: offsets[index]..<offsets[index + length], isEmoji: isEmoji))
            }
            index += length
        }
        self.runs = runs
    }

    func makeIterator() -> IndexingIterator<[Run]> { runs.makeIterator() }

    private static let textPresentation: Unicode.Scalar = "\u{FE0E}", emojiPresentation: Unicode.Scalar = "\u{FE0F}"
    private static let keycap: Unicode.Scalar = "\u{20E3}", joiner: Unicode.Scalar = "\u{200D}"

    /// How many characters from `index` make one cluster, and whether it is shown as emoji.
    private static func cluster(_ scalars: [Unicode.Scalar], at index: Int) -> (Int, Bool) {
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        let first = scalars[index]
        if "0123456789#*".unicodeScalars.contains(first) {
            if at(1) == keycap { return (2, true) }
            if at(1) == emojiPresentation, at(2) == keycap { return (3, true) }
            return (1, false)
        }
        if isRegionalIndicator(first) { return (at(1).map(isRegionalIndicator) == true ? 2 : 1, true) }
        var length: Int
        if first.properties.isEmojiPresentation, at(1) != textPresentation {
            length = 1
        } else if first.properties.isEmoji, at(1) == emojiPresentation {
            length = 2
        } else {
            return (1, false)
        }
        // Skin tones, U+FE0F, tags, and more emoji joined by ZWJ.
        while let next = at(length) {
            if next == emojiPresentation || next.properties.isEmojiModifier || (0xE0020...0xE007F).contains(next.value)
            {
                length += 1
            } else if next == joiner, let joined = at(length + 1), joined.properties.isEmoji {
                length += 2
            } else {
                break
            }
        }
        return (length, true)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
