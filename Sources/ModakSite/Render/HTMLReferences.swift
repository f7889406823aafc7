import ModakCore
import ModakXML

/// The URLs rendered HTML holds, and rewriting them: feeds make every one absolute (`FeedHTML`),
/// pages make root-relative ones relative to themselves (`MarkdownRenderer`).
enum HTMLReferences {
    /// Attributes that hold one URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "poster", "cite", "action", "formaction", "background", "longdesc"
    ]

    /// Rewrites each URL of `document` (each candidate of a `srcset`) with `transform`, which
    /// returns nil to keep one. True when any changed.
    @discardableResult
    static func rewrite(_ document: HTMLDocument, _ transform: (String) -> String?) -> Bool {
        document.rewriteAttributes { _, attribute, value in
            switch attribute.lowercased() {
            case "srcset": rewriteSourceSet(value, transform)
            case let name where urlAttributes.contains(name): transform(value)
            default: nil
            }
        }
    }

    /// `srcset="a.png 1x, b.png 2x"`: each candidate's URL rewritten, descriptors kept.
    static func rewriteSourceSet(_ value: String, _ transform: (String) -> String?) -> String {
        value.split(separator: ",").map { candidate in
            let parts = candidate.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = parts.first.map(String.init) else { return "" }
            return ([transform(first) ?? first] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// The path after the `/` of a root-relative reference (`/img/x.svg` → `img/x.svg`), which
    /// Markdown reads as the site's root (docs/reference/content.md); nil for any other. `//host/x`
    /// and `/\host/x` name another host.
    static func rootRelativePath(_ reference: String) -> Substring? {
        let trimmed = reference.trimmedOfWhitespace
        guard trimmed.hasPrefix("/") else { return nil }
        let rest = trimmed.dropFirst()
        return rest.hasPrefix("/") || rest.hasPrefix("\\") ? nil : Substring(rest)
    }

    /// Whether `html` may hold a root-relative URL in an attribute: `=`, then perhaps spaces and a
    /// quote, then `/`. Rendered Markdown rarely does, and then needs no parsing.
    static func mayHoldRootRelativeURL(_ html: String) -> Bool {
        var afterEquals = false
        for byte in html.utf8 {
            switch byte {
            case UInt8(ascii: "="): afterEquals = true
            case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "/") where afterEquals: return true
            default: afterEquals = false
            }
        }
        return false
    }
}
