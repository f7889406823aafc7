/// Hangul in the Revised Romanization of Korean, syllable by syllable, with one sound change: a
/// final consonant before a syllable starting with a silent ㅇ is carried over (있으면 → isseumyeon,
/// 앞에 → ape), and ㄹㄹ is `ll`. Other sound changes (ㄱㄴ → ngn…) are left out, so every syllable
/// reads back as written. Everything that is not a Hangul syllable is kept as it is.
public enum Romanization {
    private static let initials = [
        "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"
    ]
    private static let vowels = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu",
        "ui", "i"
    ]
    /// Each final consonant before another consonant or at the end, and carried over to a vowel.
    private static let finals: [(coda: String, carried: String)] = [
        ("", ""), ("k", "g"), ("k", "kk"), ("k", "ks"), ("n", "n"), ("n", "nj"), ("n", "n"), ("t", "d"), ("l", "r"),
        ("k", "lg"),
        ("m", "lm"), ("l", "lb"), ("l", "ls"), ("l", "lt"), ("p", "lp"), ("l", "r"), ("m", "m"), ("p", "b"),
        ("p", "ps"), ("t", "s"),
        ("t", "ss"), ("ng", "ng"), ("t", "j"), ("t", "ch"), ("k", "k"), ("t", "t"), ("p", "p"), ("t", "")
    ]
    private static let silentInitial = 11
    private static let rieul = 5
    private static let rieulFinal = 8

    public static func revised(_ text: String) -> String {
        var result = ""
        var pendingFinal: Int?
        for scalar in text.unicodeScalars {
            guard (0xAC00...0xD7A3).contains(scalar.value) else {
                if let final = pendingFinal { result += finals[final].coda }
                pendingFinal = nil
                result.unicodeScalars.append(scalar)
                continue
            }
            let index = Int(scalar.value - 0xAC00)
            let initial = index / (21 * 28)
            var initialText = initials[initial]
            if let final = pendingFinal {
                if initial == silentInitial {
                    result += finals[final].carried
                } else if initial == rieul && final == rieulFinal {
                    result += "l"
                    initialText = "l"
                } else {
                    result += finals[final].coda
                }
            }
            result += initialText + vowels[index / 28 % 21]
            pendingFinal = index % 28 == 0 ? nil : index % 28
        }
        if let final = pendingFinal { result += finals[final].coda }
        return result
    }
}
