/// Where each kind of page lives, as URL paths relative to the site root (directories end in `/`).
public enum SitePaths {
    public static let home = ""
    public static func saying(_ id: String) -> String { "sayings/\(id)/" }
    public static func card(_ id: String) -> String { "cards/\(id).svg" }
    public static func cardPNG(_ id: String) -> String { "cards/\(id).png" }
    public static let todayCard = "cards/today.svg"
    public static let todayCardPNG = "cards/today.png"
    public static let favorites = "favorites/"
    public static let unused = "unused/"
    public static let search = "search/"
    public static let searchIndex = "search.json"
    public static let settings = "settings/"
    public static let notices = "notices/"
    public static func notice(_ slug: String) -> String { "notices/\(slug)/" }
    public static func page(_ slug: String) -> String { "\(slug)/" }
    public static let gifts = "gifts/"
    public static let souvenirs = "souvenirs/"
    public static let souvenirFeed = "souvenirs/feed.xml"
    public static let souvenirCalendar = "souvenirs.ics"
    public static let rss = "feed.xml"
    public static let atom = "atom.xml"
    public static let jsonFeed = "feed.json"
    public static let sitemap = "sitemap.xml"
    public static let robots = "robots.txt"
    public static let notFound = "404.html"
    public static let offline = "offline/"
    public static let appManifest = "manifest.webmanifest"
    /// At the site's root, so that its scope is the whole site.
    public static let serviceWorker = "sw.js"
    public static let icon = "assets/icon.svg"

    /// The file a URL path is written to: directories get `index.html`.
    public static func file(for urlPath: String) -> String {
        urlPath.isEmpty || urlPath.hasSuffix("/") ? urlPath + "index.html" : urlPath
    }

    /// The prefix that leads from a page back to the site root (`../../` from `sayings/x/`).
    /// Links are relative so a site works under any base path and from a local folder.
    public static func root(from urlPath: String) -> String {
        // The folders above the page: its non-empty path segments, but the last one when it names a file.
        var segments = 0
        var inSegment = false
        for byte in urlPath.utf8 {
            if byte == UInt8(ascii: "/") {
                inSegment = false
            } else if !inSegment {
                inSegment = true
                segments += 1
            }
        }
        let depth = segments - (inSegment ? 1 : 0)
        return depth > 0 ? String(repeating: "../", count: depth) : "./"
    }
}
