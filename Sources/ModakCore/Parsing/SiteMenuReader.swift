/// `menu` in site.json: `[{"title": "About", "url": "about/"}, …]`, links added to every page's
/// navigation. A `url` is an absolute http(s) URL or a path inside the site, relative to its root
/// (a leading `/` means that root too, as in Markdown); nothing else reaches the pages.
enum SiteMenuReader {
    static func read(_ root: JSONNode, path: String, log: inout DiagnosticLog) -> [SiteConfig.MenuItem] {
        guard case .object(let members) = root.value, let node = members.first(where: { $0.key == "menu" })?.value
        else { return [] }
        guard case .array(let entries) = node.value else {
            log.error(
                SourceLocation(path: path, line: node.line),
                "`menu` must be a list of links like [{\"title\": \"About\", \"url\": \"about/\"}]")
            return []
        }
        return entries.compactMap { entry in
            guard let record = entry.record(path: path) else {
                log.error(
                    SourceLocation(path: path, line: entry.line),
                    """
                    each `menu` entry must be an object like {\"title\": \"About\", \"url\": \"about/\"}, not \
                    \(entry.kindName)
                    """
                )
                return nil
            }
            let errorsBefore = log.errors.count
            let reader = RecordReader(record, noun: "menu entry", knownKeys: ["title", "url"], log: &log)
            let title = reader.string("title", required: true, log: &log)
            if let title, title.allSatisfy(\.isWhitespace) {
                log.error(reader.location(of: "title"), "the menu entry's `title` is empty: write the link's text")
            }
            let url = reader.string("url", required: true, log: &log).flatMap { url in
                let problem = problem(with: url)
                if let problem { log.error(reader.location(of: "url"), "`url` `\(url.prefix(60))` \(problem)") }
                return problem == nil ? sitePath(url) : nil
            }
            guard log.errors.count == errorsBefore, let title, let url else { return nil }
            return SiteConfig.MenuItem(title: title, url: url, source: record.location)
        }
    }

    /// Why `url` cannot be a menu link, or nil when it can.
    static func problem(with url: String) -> String? {
        if url.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F || $0 == "\\"
        }) {
            return "holds spaces or other characters a URL cannot: percent-encode them"
        }
        if url.hasPrefix("//") { return "has no scheme: write it in full, as `https:\(url.prefix(60))`" }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/?#".contains($0) }) {
            return URLRules.isAbsoluteWebURL(url)
                ? nil : "is not a link a menu may hold: use an http(s) URL or a path inside the site such as `about/`"
        }
        let path = url.prefix { $0 != "?" && $0 != "#" }
        if path.split(separator: "/").contains("..") {
            return "leads outside the site: write the path from the site's root, such as `about/`"
        }
        return nil
    }

    /// A path inside the site without its leading `/`: menu paths are relative to the site root.
    private static func sitePath(_ url: String) -> String {
        URLRules.isAbsoluteWebURL(url) ? url : String(url.drop { $0 == "/" })
    }
}
