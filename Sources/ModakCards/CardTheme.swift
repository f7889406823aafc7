/// The colours of a card. All colours are `#RRGGBB` strings.
public struct CardTheme: Sendable, Equatable {
    public let name: String
    /// Background, a vertical gradient from top to bottom.
    public let backgroundTop: String
    public let backgroundBottom: String
    /// Warm light around the bonfire, fading out; `glowOpacity` at its centre.
    public let glow: String
    public let glowOpacity: Double
    /// The quotation, and the translation under it.
    public let primaryText: String
    public let secondaryText: String
    /// Author line, site name and accent bar.
    public let accent: String
    /// Date label.
    public let mutedText: String
    /// The bonfire: logs (body, shaded side, cut end) and flame (outer to core).
    public let log: String
    public let logShade: String
    public let logEnd: String
    public let flameOuter: String
    public let flameMiddle: String
    public let flameCore: String

    /// Warm dark background, cream text, orange and amber accents.
    public static let bonfire = CardTheme(
        name: "bonfire",
        backgroundTop: "#2A1B12", backgroundBottom: "#160E0A", glow: "#FF8A2A", glowOpacity: 0.30,
        primaryText: "#F8EBD5", secondaryText: "#D9C3A4", accent: "#F7A23E", mutedText: "#A38B74",
        log: "#7B4A2B", logShade: "#5A331C", logEnd: "#D19A66",
        flameOuter: "#F2641E", flameMiddle: "#FFA12E", flameCore: "#FFE49A")

    /// Warm off-white background, dark brown text.
    public static let light = CardTheme(
        name: "light",
        backgroundTop: "#FCF8F1", backgroundBottom: "#F4EADB", glow: "#F7A04B", glowOpacity: 0.22,
        primaryText: "#3A291D", secondaryText: "#6D5644", accent: "#C2561A", mutedText: "#9A836F",
        log: "#8C5B36", logShade: "#6B4225", logEnd: "#DDAE7E",
        flameOuter: "#E8561B", flameMiddle: "#F7952F", flameCore: "#FFD66E")

    /// Near-black background, light text.
    public static let dark = CardTheme(
        name: "dark",
        backgroundTop: "#161616", backgroundBottom: "#0B0B0C", glow: "#FF9A3C", glowOpacity: 0.16,
        primaryText: "#F5F2ED", secondaryText: "#BEB8B0", accent: "#FFAE5C", mutedText: "#8D8781",
        log: "#5F4B3D", logShade: "#45362B", logEnd: "#A58A72",
        flameOuter: "#F2792B", flameMiddle: "#FFB24A", flameCore: "#FFE8AC")

    /// Every built-in theme.
    public static let all: [CardTheme] = [.bonfire, .light, .dark]

    /// The built-in theme called `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> CardTheme? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }
}
