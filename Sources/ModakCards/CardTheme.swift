/// The colours of a card, `#RRGGBB`, grouped by what they colour.
public struct CardTheme: Sendable {
    public let name: String
    /// A vertical gradient from `top` to `bottom`, and the warm light around the bonfire, fading
    /// out from `glowOpacity` at its centre.
    public let background: (top: String, bottom: String, glow: String, glowOpacity: Double)
    /// The quotation, the translation under it, the author line with the site name and the accent
    /// bar, and the date label.
    public let text: (primary: String, secondary: String, accent: String, muted: String)
    /// The bonfire: logs (body, shaded side, cut end) and flame (outer to core).
    public let fire:
        (log: String, logShade: String, logEnd: String, flameOuter: String, flameMiddle: String, flameCore: String)

    /// Warm dark background, cream text, orange and amber accents.
    public static let bonfire = CardTheme(
        name: "bonfire", background: ("#2A1B12", "#160E0A", "#FF8A2A", 0.30),
        text: ("#F8EBD5", "#D9C3A4", "#F7A23E", "#A38B74"),
        fire: ("#7B4A2B", "#5A331C", "#D19A66", "#F2641E", "#FFA12E", "#FFE49A"))
    /// Warm off-white background, dark brown text.
    public static let light = CardTheme(
        name: "light", background: ("#FCF8F1", "#F4EADB", "#F7A04B", 0.22),
        text: ("#3A291D", "#6D5644", "#C2561A", "#9A836F"),
        fire: ("#8C5B36", "#6B4225", "#DDAE7E", "#E8561B", "#F7952F", "#FFD66E"))
    /// Near-black background, light text.
    public static let dark = CardTheme(
        name: "dark", background: ("#161616", "#0B0B0C", "#FF9A3C", 0.16),
        text: ("#F5F2ED", "#BEB8B0", "#FFAE5C", "#8D8781"),
        fire: ("#5F4B3D", "#45362B", "#A58A72", "#F2792B", "#FFB24A", "#FFE8AC"))

    /// Every built-in theme.
    public static let all: [CardTheme] = [.bonfire, .light, .dark]

    /// The built-in theme called `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> CardTheme? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }
}
