/// Where each kind of page lives, as URL paths relative to the site root (directories end in `/`).
public enum SitePaths {
    public static let home = ""
    public static func saying(_ id: String) -> String { "sayings/\(id)/" }
    public static func card(_ id: String) -> String { "cards/\(id).svg" }
    public static func cardPNG(_ id: String) -> String { "cards/\(id).png" }
    public static let todayCard = "cards/today.svg", todayCardPNG = "cards/today.png"
    /// The reader's own lists, filled in the browser.
    public static let favorites = "favorites/", unused = "unused/", search = "search/"
    public static let tags = "tags/"
    public static func tag(_ slug: String) -> String { "tags/\(slug)/" }
    public static let authors = "authors/"
    public static func author(_ slug: String) -> String { "authors/\(slug)/" }
    /// The archive by month, and one month's sayings (`archive/2026/11/`).
    public static let archive = "archive/"
    public static func month(year: Int, month: Int) -> String { "archive/\(year)/\(month < 10 ? "0" : "")\(month)/" }
    /// The feed of a tag's or an author's page (`page`, a folder path).
    public static func feed(of page: String) -> String { page + "feed.xml" }
    /// What the browser reads saying by saying (docs/reference/output.md, "Saying data").
    public static let sayingData = "data/"
    public static func sayingChunk(_ number: Int) -> String { "data/sayings/\(number).json" }
    public static func idBucket(_ number: Int) -> String { "data/ids/\(number).json" }
    /// The saying of the day as data, for the service worker's daily notification.
    public static let todaySaying = "data/today.json"
    public static let searchShards = "search/shards/"
    public static func searchShard(_ number: Int) -> String { searchShards + "\(number).json" }
    public static func searchInitials(_ number: Int) -> String { "search/initials/\(number).json" }
    public static let searchKeys = "search/keys.json"
    public static let settings = "settings/", notices = "notices/"
    public static func notice(_ slug: String) -> String { "notices/\(slug)/" }
    public static func page(_ slug: String) -> String { "\(slug)/" }
    public static let gifts = "gifts/"
    public static let souvenirs = "souvenirs/", souvenirFeed = "souvenirs/feed.xml", souvenirCalendar = "souvenirs.ics"
    /// The site's feeds, of its newest sayings.
    public static let rss = "feed.xml", atom = "atom.xml", jsonFeed = "feed.json"
    public static let sitemap = "sitemap.xml", robots = "robots.txt"
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
