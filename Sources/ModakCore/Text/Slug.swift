import Foundation

/// Names made from text for files, ids and URLs: `modak new` names new content with them, and the
/// site names the pages of tags and authors (`SayingTaxonomy`).
public enum Slug {
    /// Lowercase ASCII words joined by `-`, at most `maxLength` characters (whole words while they
    /// fit), Hangul romanised first and Latin letters without their accents (`Like a bonfire` →
    /// `like-a-bonfire`, `모닥불 앞에서` → `modakbul-apeseo`, `René` → `rene`); nil when no word
    /// is left (emoji or Chinese characters only, say).
    public static func make(_ text: String, maxLength: Int = 40) -> String? {
        let words = self.words(text)
        var result = ""
        for word in words where result.count + word.count + 1 <= maxLength {
            result += (result.isEmpty ? "" : "-") + word
        }
        return result.isEmpty ? words.first.map { String($0.prefix(maxLength)) } : result
    }

    /// The runs of ASCII letters and digits of `text`, lowercased, after romanising its Hangul and
    /// taking the compatibility decomposition (NFKD) of the rest without its combining marks, so
    /// that `é` is `e` and `ﬁ` is `fi`. Anything else separates words.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let latin = Romanization.revised(text).decomposedStringWithCompatibilityMapping
        for scalar in latin.unicodeScalars where scalar.properties.canonicalCombiningClass == .notReordered {
            switch scalar {
            case "a"..."z", "0"..."9": current.unicodeScalars.append(scalar)
            case "A"..."Z": current.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value) + 32))
            default:
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
