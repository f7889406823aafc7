import Foundation

enum SiteConfigLoader {
    static let knownKeys = [
        "title", "description", "baseURL", "language", "timezone", "theme", "author", "newDays", "feedLimit", "cards",
        "unsafeHTML", "precompress", "menu"
    ]
    /// The keys of the `author` object.
    static let authorKeys = ["name", "email"]

    static func load(_ file: SourceFile, log: inout DiagnosticLog) -> SiteConfig? {
        guard let root = JSONDocumentReader.parse(file, log: &log) else { return nil }
        guard let record = root.record(path: file.displayPath) else {
            log.error(
                SourceLocation(path: file.displayPath, line: root.line),
                "site.json must hold one JSON object, not \(root.kindName)")
            return nil
        }
        let errorsBefore = log.errors.count
        let reader = RecordReader(record, noun: "site.json", knownKeys: knownKeys, log: &log)
        let title = reader.string("title", required: true, log: &log)
        let baseURL = reader.string("baseURL", required: true, log: &log)
        if let baseURL, !URLRules.isAbsoluteWebURL(baseURL) {
            log.error(
                reader.location(of: "baseURL"),
                "`baseURL` must be an absolute http(s) URL such as `https://example.org/`")
        }
        var timeZone = TimeZone(identifier: "Asia/Seoul")!
        if let name = reader.string("timezone", log: &log) {
            if let zone = TimeZone(identifier: name) {
                timeZone = zone
            } else {
                log.error(
                    reader.location(of: "timezone"),
                    "`timezone` `\(name)` is not a known time zone: use an IANA name such as `Asia/Seoul` or `UTC`")
            }
        }
        let theme = reader.string("theme", log: &log) ?? "bonfire"
        if !SiteConfig.themes.contains(theme) {
            log.error(
                reader.location(of: "theme"),
                """
                `theme` `\(theme.prefix(30))` is not a theme: use one of \
                \(SiteConfig.themes.map { "`\($0)`" }.joined(separator: ", "))
                """
            )
        }
        let author = readAuthor(root, path: file.displayPath, log: &log)
        let language = reader.string("language", log: &log) ?? "ko"
        if !isLanguageTag(language) {
            // Pages, feeds and the browser's date formatting (which throws on a bad tag) all use it.
            let dashed = language.replacingOccurrences(of: "_", with: "-")
            let hint =
                isLanguageTag(dashed)
                ? "write `\(dashed)` (BCP 47 joins its parts with `-`)" : "use one such as `ko`, `en` or `en-US`"
            log.error(
                reader.location(of: "language"), "`language` `\(language.prefix(30))` is not a language tag: \(hint)")
        }
        let config = SiteConfig(
            title: title ?? "",
            description: reader.string("description", log: &log) ?? "",
            baseURL: baseURL ?? "",
            language: language,
            timeZone: timeZone,
            theme: theme,
            author: author,
            newDays: reader.integer("newDays", in: 0...3650, log: &log) ?? 2,
            feedLimit: reader.integer("feedLimit", in: 1...100_000, log: &log) ?? 50,
            cards: reader.bool("cards", log: &log) ?? true,
            unsafeHTML: reader.bool("unsafeHTML", log: &log) ?? false,
            precompress: reader.bool("precompress", log: &log) ?? false,
            menu: SiteMenuReader.read(root, path: file.displayPath, log: &log),
            source: SourceLocation(path: file.displayPath, line: 1),
            languageSource: reader.location(of: "language")
        )
        return log.errors.count == errorsBefore ? config : nil
    }

    /// A BCP 47 tag in its common shape: a 2–8 letter language, then `-` and 1–8 letters or digits.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.unicodeScalars.allSatisfy(\.isASCIILetter)
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
        }
    }

    private static func readAuthor(_ root: JSONNode, path: String, log: inout DiagnosticLog) -> SiteConfig.Author? {
        guard case .object(let members) = root.value, let node = members.first(where: { $0.key == "author" })?.value
        else { return nil }
        if case .string(let name) = node.value { return SiteConfig.Author(name: name) }
        guard let record = node.record(path: path) else {
            log.error(
                SourceLocation(path: path, line: node.line),
                "`author` must be an object like {\"name\": \"…\", \"email\": \"…\"}")
            return nil
        }
        let reader = RecordReader(record, noun: "author", knownKeys: authorKeys, log: &log)
        let name = reader.string("name", required: true, log: &log) ?? ""
        let email = reader.string("email", log: &log)
        if let email, !email.contains("@") || email.contains(where: { $0.isWhitespace }) {
            log.error(reader.location(of: "email"), "`email` `\(email.prefix(60))` is not an e-mail address")
        }
        return SiteConfig.Author(name: name, email: email)
    }
}

public enum URLRules {
    public static func isAbsoluteWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// A relative path that stays inside its folder: no scheme, no leading `/`, no `..` or `.` segments.
    /// Checked over UTF-8 bytes (every character it looks for is ASCII): the writer checks every
    /// output path, and `String.contains` goes through `NSString`.
    public static func isContainedRelativePath(_ text: String) -> Bool {
        var length = 0, dots = 0 // of the current segment
        func isPlainSegment() -> Bool { length > 0 && !(dots == length && length <= 2) }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ":"):
                return false
            case UInt8(ascii: "/"):
                guard isPlainSegment() else { return false }
                (length, dots) = (0, 0)
            default:
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return isPlainSegment()
    }
}
