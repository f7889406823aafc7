/// The text search matches, as the search page's script sees it (`search-index.js`): a saying's
/// Korean, English, author (with the other names authors.json gives) and tags, lower-cased as
/// JavaScript's `toLowerCase` does (with final sigma `ς` folded into `σ` on both sides, the one
/// lower-casing that depends on context), cut into
/// tokens at JavaScript's whitespace (`\s`). A query word, having no whitespace, is found in the
/// text exactly when it is found in one of its tokens: the index files tokens, and the script
/// looks a word up among them.
enum SearchText {
    /// The tokens of `fields` in order (a token may come twice), as UTF-16 code units (the
    /// script's `charCodeAt` units).
    static func tokens(_ fields: [String]) -> FlatLists<UInt16> {
        var tokens = FlatLists<UInt16>()
        var current: [UInt16] = []
        func endToken() {
            if !current.isEmpty { tokens.append(current) }
            current.removeAll(keepingCapacity: true)
        }
        for field in fields {
            for scalar in field.unicodeScalars {
                if isWhitespace(scalar) {
                    endToken()
                } else {
                    appendLowercase(scalar, to: &current)
                }
            }
            endToken()
        }
        return tokens
    }

    /// ECMAScript's WhiteSpace and LineTerminator, what `\s` matches.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    private static let finalSigma: UInt16 = 0x03C2
    private static let sigma: UInt16 = 0x03C3

    /// Latin capitals and Hangul (which has no case) without a table; anything else by its full
    /// lower-case mapping, as `toLowerCase` maps it.
    @inline(__always)
    private static func appendLowercase(_ scalar: Unicode.Scalar, to units: inout [UInt16]) {
        let value = scalar.value
        if value < 0x80 {
            units.append(UInt16(value >= 0x41 && value <= 0x5A ? value + 32 : value))
        } else if value >= 0xAC00 && value <= 0xD7A3 {
            units.append(UInt16(value))
        } else {
            for unit in scalar.properties.lowercaseMapping.utf16 { units.append(unit == finalSigma ? sigma : unit) }
        }
    }

    // MARK: - Keys

    /// The initial consonants as compatibility jamo (ㄱ U+3131 … ㅎ U+314E), by a syllable's initial index.
    private static let initials: [UInt16] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148, 0x3149,
        0x314A, 0x314B, 0x314C, 0x314D, 0x314E
    ]

    /// What every form a query may give a character keeps: a Hangul syllable's initial consonant
    /// (a query may write the syllable, its initial alone, or the syllable without the final
    /// consonant it is still composing), any other unit itself.
    @inline(__always)
    static func keyUnit(_ unit: UInt16) -> UInt16 {
        unit >= 0xAC00 && unit <= 0xD7A3 ? initials[Int(unit - 0xAC00) / 588] : unit
    }

    /// Whether `unit` is an initial consonant as compatibility jamo (what `keyUnit` gives a syllable).
    @inline(__always)
    static func isInitial(_ unit: UInt16) -> Bool {
        unit >= 0x3131 && unit <= 0x314E && initialSet & (1 << (unit - 0x3131)) != 0
    }

    private static let initialSet: UInt32 = initials.reduce(0) { $0 | 1 << ($1 - 0x3131) }

    /// What a query of this one unit keeps of it, whatever it still composes: a Hangul syllable
    /// without its final consonant (`닥` → `다`), any other unit itself. A single initial consonant
    /// is answered by `search/initials/`, not by the units.
    @inline(__always)
    static func unitKey(_ unit: UInt16) -> UInt16 {
        unit >= 0xAC00 && unit <= 0xD7A3 ? unit - (unit - 0xAC00) % 28 : unit
    }

    /// The shards a token is filed in, of `shards`: one for each pair of neighbouring units' key
    /// units, since a query word of two or more units may be looked up by any of its pairs (every
    /// token matching it holds them all); a single unit, by its unit key.
    static func shards(of token: ArraySlice<UInt16>, among shards: Int) -> [Int] {
        let count = UInt32(shards)
        guard token.count > 1 else { return [Int(ClientHash.of(CollectionOfOne(unitKey(token.first!))) % count)] }
        var found: [Int] = []
        for index in token.startIndex..<token.endIndex - 1 {
            let shard = Int(
                ClientHash.of(KeyPair(first: keyUnit(token[index]), second: keyUnit(token[index + 1]))) % count)
            if !found.contains(shard) { found.append(shard) }
        }
        return found
    }
}

/// Two key units, hashed without an array.
private struct KeyPair: Sequence, IteratorProtocol {
    var first: UInt16?
    var second: UInt16?

    mutating func next() -> UInt16? {
        defer { (first, second) = (second, nil) }
        return first
    }
}
