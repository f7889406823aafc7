import Foundation
import ModakCore
import ModakXML

/// Makes rendered HTML safe to carry outside the site: feed readers, e-mail services and
/// aggregators show it away from its page, so every link must be absolute, and they run no scripts.
enum FeedHTML {
    /// Elements readers strip or flag (the W3C feed validator calls them security risks).
    static let unsafeElements: Set<String> = [
        "script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "meta", "link",
        "style", "base"
    ]

    /// `html` with relative URLs resolved against `pageURL` (where the HTML is shown on the site),
    /// root-relative ones against `siteURL` (the site's root, which may lie below the host's), and
    /// scripts, frames and event handlers removed. Only our Markdown or a site's raw HTML
    /// (`unsafeHTML`) reaches here; both are parsed with libxml2's forgiving HTML parser.
    static func portable(_ html: String, pageURL: String, siteURL: String) -> String {
        guard let base = URL(string: pageURL), let site = URL(string: siteURL) else { return html }
        let document = HTMLDocument(html: html, fragment: true)
        document.removeElements(named: unsafeElements)
        document.removeAttributes { _, attribute in attribute.lowercased().hasPrefix("on") }
        HTMLReferences.rewrite(document) { reference in
            HTMLReferences.rootRelativePath(reference).map { absolute(String($0), against: site) }
                ?? absolute(reference, against: base)
        }
        return document.html.trimmedOfWhitespace
    }

    /// An absolute form of `reference`, as a browser on the page would resolve it.
    /// Fragments resolve to the page too: in a reader, `#note` alone leads nowhere.
    static func absolute(_ reference: String, against base: URL) -> String {
        let trimmed = reference.trimmedOfWhitespace
        if hasScheme(trimmed) { return trimmed }
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: referenceCharacters) ?? trimmed
        return URL(string: encoded, relativeTo: base)?.absoluteString ?? base.absoluteString
    }

    /// `scheme:` as RFC 3986 spells it (`https:`, `mailto:`, `data:`), as opposed to a path.
    private static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon > reference.startIndex else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else {
            return false
        }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// Characters a URL reference may hold as they are; the rest (spaces, Hangul) are percent-encoded.
    private static let referenceCharacters = CharacterSet.urlQueryAllowed.union(.urlFragmentAllowed).union(
        CharacterSet(charactersIn: "%#"))
}
