import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A request path made safe to look up: percent-decoded, split, with nothing that could climb out.
public struct SitePath: Sendable, Equatable {
    /// Components under the site's root, none empty, `.` or `..`.
    public var components: [String]
    /// Whether the path ended in `/` (a folder's URL).
    public var isFolder: Bool

    public enum Rejection: Error, Sendable, Equatable {
        /// Not an origin-form path, a bad `%` escape, a NUL byte or invalid UTF-8.
        case malformed
        /// A `..` component: never resolved, whatever it would point at.
        case climbsOut
        /// A hidden file (`.modak-manifest`, `.git`…): not part of the site.
        case hidden
    }

    /// Parses the path of a request target (`/sayings/42/`); the query must already be cut off.
    public init(requestPath: Substring) throws(Rejection) {
        guard requestPath.first == "/" else { throw .malformed }
        guard let decoded = Self.percentDecoded(requestPath) else { throw .malformed }
        var components: [String] = []
        for component in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { throw .climbsOut }
            if component.hasPrefix(".") { throw .hidden }
            components.append(String(component))
        }
        self.components = components
        isFolder = decoded.hasSuffix("/")
    }

    public var relativePath: String { components.joined(separator: "/") }

    /// The path as a URL path (`/a/b`), every component percent-encoded, so it can only name this site.
    public var urlPath: String {
        "/"
            + components.map { component in
                component.utf8.map { byte in
                    Self.unreserved.contains(byte)
                        ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
                }.joined()
            }.joined(separator: "/")
    }

    private static let unreserved = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    /// `%XX` escapes decoded; nil for a bad escape, a NUL byte or bytes that are not UTF-8.
    /// Decoding happens once, before splitting, so `%2e%2e` and `..%2f` are caught as `..`.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Serves the files of one folder, and nothing outside it: every file is looked up by its real
/// path (symbolic links resolved) and refused unless that lies inside the folder's real path.
public struct StaticFiles: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public enum Lookup: Sendable, Equatable {
        /// A regular file inside the folder, by real path.
        case file(String)
        /// A folder asked for without its trailing `/`: relative links need it, so redirect.
        case addSlash
        case notFound
        case forbidden
    }

    public func lookup(_ path: SitePath) -> Lookup {
        guard let rootReal = Self.realPath(root) else { return .notFound }
        var candidate = path.components.isEmpty ? rootReal : rootReal + "/" + path.relativePath
        guard var real = Self.realPath(candidate) else { return .notFound }
        guard Self.isInside(real, rootReal) else { return .forbidden }
        if Self.isFolder(real) {
            guard path.isFolder || path.components.isEmpty else { return .addSlash }
            candidate = real + "/index.html"
            guard let index = Self.realPath(candidate) else { return .notFound }
            guard Self.isInside(index, rootReal) else { return .forbidden }
            real = index
        }
        return Self.isRegularFile(real) ? .file(real) : .notFound
    }

    /// The bytes of a file `lookup` returned, or nil if it went away meanwhile (a rebuild removed it).
    public func contents(of realPath: String) -> [UInt8]? {
        FileManager.default.contents(atPath: realPath).map { [UInt8]($0) }
    }

    /// The site's own `404.html`, when it has one inside the folder.
    public func notFoundPage() -> [UInt8]? {
        guard case .file(let real) = lookup(SitePath(components: ["404.html"], isFolder: false)) else { return nil }
        return contents(of: real)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Only regular files: a FIFO or device would block or leak.
    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}

extension SitePath {
    init(components: [String], isFolder: Bool) { (self.components, self.isFolder) = (components, isFolder) }
}

/// Content types by file extension, for what a Modak site contains.
public enum MediaType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "svg": "image/svg+xml",
        "xml": "application/xml; charset=utf-8",
        "json": "application/json",
        "ics": "text/calendar; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "txt": "text/plain; charset=utf-8",
        "ico": "image/x-icon",
        "webmanifest": "application/manifest+json",
        "woff2": "font/woff2"
    ]

    public static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    public static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
