import ModakCore

/// Folder names for gift tags, which are free text (Hangul, spaces, slashes…).
///
/// A tag that is already a plain slug (`a-z`, `0-9`, single inner hyphens, at most 64 characters)
/// is its own folder name, so `food` lives at `gifts/tags/food/`. Any other tag gets its ASCII
/// letters and digits, lowercased, plus 8 hex digits of its FNV-1a hash: `Food` → `food-…`,
/// `집들이` → `tag-…`. The result is percent-free ASCII, can never contain `/` or `..`, reads the
/// same on every file system (no NFC/NFD surprises), and stays put while the tag text does.
public enum TagSlug {
    public static func slug(_ tag: String) -> String {
        if isPlain(tag) { return tag }
        var base = ""
        for scalar in tag.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                base.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if !base.isEmpty, !base.hasSuffix("-") {
                base.append("-")
            }
        }
        while base.hasSuffix("-") { base.removeLast() }
        var hash = FNV1a()
        hash.add(tag)
        return (base.isEmpty ? "tag" : String(base.prefix(40))) + "-" + String(HexText.word(hash.value).prefix(8))
    }

    static func isPlain(_ tag: String) -> Bool {
        guard (1...64).contains(tag.utf8.count), !tag.hasPrefix("-"), !tag.hasSuffix("-"), !tag.contains("--") else {
            return false
        }
        return tag.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }
}
