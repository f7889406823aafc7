import ModakCore
import ModakInput
import ModakOutput

/// The background of each bundled theme, as `assets/css/modak.css` paints it (a test keeps the two
/// in step): the colour of the browser's bar, of the installed app's splash screen and around its
/// icon on a home screen.
enum ThemeBackground {
    static let bonfire = "#1c1410", light = "#fbf6ee", dark = "#121212"

    /// One colour, or for `system`, which follows the device, one per colour scheme: light first,
    /// what a device without a preference shows.
    static func colors(of theme: String) -> [ThemeColor] {
        switch theme {
        case "light": [ThemeColor(color: light)]
        case "dark": [ThemeColor(color: dark)]
        case "system":
            [
                ThemeColor(color: light, media: "(prefers-color-scheme: light)"),
                ThemeColor(color: dark, media: "(prefers-color-scheme: dark)")
            ]
        default: [ThemeColor(color: bonfire)]
        }
    }
}

/// The PNG icons phones put on their home screens, drawn from the site's icon (`assets/icon.svg`,
/// which a site may override like any asset).
enum AppIcons {
    static let touchIcon = "assets/apple-touch-icon.png"
    static let maskable = "assets/icon-maskable-512.png"
    /// Sizes of the plain icons, `assets/icon-<size>.png`: the two a web app manifest needs.
    static let sizes = [192, 512]

    /// Whether the build draws them: it has the icon, and PNGs can be drawn (`CardPNGPainter.canDraw`).
    static func drawn(makesPNG: Bool, templates: TemplateSet) -> Bool {
        makesPNG && templates.assets.contains { $0.outputPath == SitePaths.icon }
    }

    static func plain(_ size: Int) -> String { "assets/icon-\(size).png" }

    static func derived(background: String) -> [DerivedFile] {
        let size = 512
        // A launcher cuts a maskable icon to any shape holding the middle circle of 80 % of its
        // width: the drawing is the square inscribed in that circle, on the theme's background.
        let margin = Int((Double(size) * (1 - 0.8 / 2.0.squareRoot()) / 2).rounded(.up))
        let plainIcons = sizes.map {
            DerivedFile(path: plain($0), source: SitePaths.icon, derivation: IconPNG(width: $0, height: $0))
        }
        return plainIcons + [
            DerivedFile(
                path: maskable, source: SitePaths.icon,
                derivation: IconPNG(width: size, height: size, margin: margin, background: background)),
            // Apple's home screen rounds the corners itself and shows transparency as black.
            DerivedFile(
                path: touchIcon, source: SitePaths.icon,
                derivation: IconPNG(width: 180, height: 180, background: background))
        ]
    }
}

/// `manifest.webmanifest`, which makes the site installable as an app, and the PNG icons it lists.
/// Its addresses are relative to it, at the site's root, so that a site under a sub-path
/// (`https://name.github.io/lanterns/`) is an app of that path only.
struct AppManifestStep: RenderStep {
    /// What launchers show under an icon without cutting it.
    static let shortNameLength = 12

    func files(_ context: RenderContext) throws -> [OutputFile] {
        let site = context.content.site
        let background = ThemeBackground.colors(of: site.theme)[0].color
        var json = PrettyJSON()
        json.openObject()
        for (key, value): (StaticString, String) in [
            ("name", site.title), ("short_name", Self.shortName(of: site.title)), ("description", site.description),
            ("lang", site.language), ("start_url", "./"), ("scope", "./"), ("display", "standalone"),
            ("background_color", background), ("theme_color", background)
        ] where !value.isEmpty {
            json.key(key)
            json.string(value)
        }
        json.key("icons")
        json.openArray()
        if AppIcons.drawn(makesPNG: context.makesPNG, templates: context.templates) {
            for size in AppIcons.sizes {
                icon(&json, AppIcons.plain(size), sizes: "\(size)x\(size)", type: "image/png")
            }
            icon(&json, AppIcons.maskable, sizes: "512x512", type: "image/png", purpose: "maskable")
        } else if context.templates.assets.contains(where: { $0.outputPath == SitePaths.icon }) {
            icon(&json, SitePaths.icon, sizes: "any", type: "image/svg+xml")
        }
        json.closeArray()
        json.closeObject()
        return [OutputFile(path: SitePaths.appManifest, bytes: json.bytes + [UInt8(ascii: "\n")])]
    }

    func derived(_ context: RenderContext) -> [DerivedFile] {
        guard AppIcons.drawn(makesPNG: context.makesPNG, templates: context.templates) else { return [] }
        return AppIcons.derived(background: ThemeBackground.colors(of: context.content.site.theme)[0].color)
    }

    private func icon(_ json: inout PrettyJSON, _ path: String, sizes: String, type: String, purpose: String? = nil) {
        json.startElement()
        json.openObject()
        for (key, value): (StaticString, String?) in [
            ("src", path), ("sizes", sizes), ("type", type), ("purpose", purpose)
        ] {
            guard let value else { continue }
            json.key(key)
            json.string(value)
        }
        json.closeObject()
    }

    /// The title when it fits in `shortNameLength` characters; else as many of its first words
    /// as fit; else its first `shortNameLength` characters.
    static func shortName(of title: String) -> String {
        guard title.count > shortNameLength else { return title }
        var name = ""
        for word in title.split(whereSeparator: \.isWhitespace) {
            let longer = name.isEmpty ? String(word) : name + " " + word
            guard longer.count <= shortNameLength else { break }
            name = longer
        }
        return name.isEmpty ? String(title.prefix(shortNameLength)) : name
    }
}

/// `offline/index.html`: what the service worker shows for a page the reader never opened, when
/// the network is gone. It is served in place of any page, so its links start at the site's root
/// path, like `404.html`'s.
struct OfflinePageStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        var meta = context.meta(
            path: SitePaths.offline, title: context.string("offlineTitle"), description: context.string("offlineText"),
            section: "offline")
        meta.noindex = true
        meta.root = context.rootPath
        return [try context.page("offline", meta: meta, body: EmptyBody())]
    }
}
