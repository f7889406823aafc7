import ModakCore

/// Where the gift pages live (docs/reference/output.md), relative to the site root.
extension SitePaths {
    public static func gift(_ id: String) -> String { "gifts/\(id)/" }
    public static func giftTag(_ slug: String) -> String { "gifts/tags/\(slug)/" }
    public static let giftQuiz = "gifts/quiz/"
    /// The quiz's data; the hash in the name changes with the content, so browsers may cache it forever.
    public static func giftData(hash: String) -> String { "gifts/data-\(hash).json" }
    /// Gift ids that would land on a page the site itself writes below `gifts/`.
    public static let reservedGiftIDs: Set<String> = ["quiz", "tags"]

    /// The URL of a gift's `image` as seen from the page at `pagePath`: absolute URLs stay as they
    /// are; paths are relative to the `gifts/` folder, where the loader copies the files.
    /// Paths are percent-encoded so any file name makes a valid URL.
    public static func giftImage(_ image: String, from pagePath: String) -> String {
        URLRules.isAbsoluteWebURL(image) ? image : root(from: pagePath) + gifts + percentEncodedPath(image)
    }

    /// Percent-encodes every byte of a `/`-separated path except unreserved characters and `/`.
    static func percentEncodedPath(_ path: String) -> String {
        percentEncoded(path, keeping: UInt8(ascii: "/"))
    }

    /// Percent-encodes every UTF-8 byte of `text` but the unreserved characters of RFC 3986
    /// (ASCII letters, digits, `-._~`) and `kept`.
    static func percentEncoded(_ text: String, keeping kept: UInt8? = nil) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), kept:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + HexText.byte(byte)
            }
        }
        return out
    }
}

/// Prices in whole KRW as the site's language writes them: the UI string `price` around the
/// amount (`{amount}원` in Korean: `35,000원`; `₩{amount}` in English: `₩35,000`). Fixed rules,
/// never the build machine's locale, so output is byte-identical everywhere; `formatPrice` in
/// gift-ui.js follows the same rules with the same string.
public struct PriceFormat: Sendable {
    public static let placeholder = "{amount}"
    public let pattern: String

    public init(pattern: String) {
        self.pattern = pattern
    }

    public func text(_ amount: Int) -> String {
        pattern.replacingOccurrences(of: Self.placeholder, with: NumberText.grouped(amount))
    }
}
