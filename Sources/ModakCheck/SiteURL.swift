import Foundation

/// The site's `baseURL`, split so absolute and root-relative references can be mapped into the output.
public struct SiteURL: Sendable, Equatable {
    /// `https://example.org`, lower-cased.
    var origin: String
    /// The path the site lives under, always ending in `/` (`/` or `/blog/`).
    var path: String

    init?(_ baseURL: String) {
        guard let schemeEnd = baseURL.range(of: "://") else { return nil }
        let afterScheme = baseURL[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        origin = baseURL[..<hostEnd].lowercased()
        let rest = String(afterScheme[hostEnd...])
        path = rest.isEmpty ? "/" : (rest.hasSuffix("/") ? rest : rest + "/")
    }

    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isLetter else {
            return false
        }
        return reference[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// `https://…` and `//host/…` references as full `http(s)` URLs; nil for anything else.
    static func schemeRelativeOrAbsolute(_ reference: String) -> String? {
        if reference.hasPrefix("//") { return "https:" + reference }
        let lowered = reference.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? reference : nil
    }

    /// The path inside the site of an absolute URL on the site's host (either scheme), or nil.
    func pathInside(_ absolute: String) -> Substring? {
        guard let schemeEnd = absolute.range(of: "://") else { return nil }
        let afterScheme = absolute[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let host = afterScheme[..<hostEnd].lowercased()
        guard origin.hasSuffix("://" + host) else { return nil }
        let rest = afterScheme[hostEnd...]
        return pathInside(path: rest.first == "/" ? rest : Substring("/" + rest))
    }

    /// A root-relative path (`/blog/x`) made relative to the site's folder, or nil when it lies outside.
    func pathInside(path reference: Substring) -> Substring? {
        if reference.hasPrefix(path) { return reference.dropFirst(path.count) }
        // `/blog` for a site at `/blog/` is the site's home.
        return reference == path.dropLast() ? "" : nil
    }
}
