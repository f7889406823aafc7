import ModakCards
import SVGRaster
import Synchronization

/// Draws the PNGs of one renderer's cards in this process, on any thread, from cards laid out
/// in memory: the theme's backdrop (background and bonfire) drawn once by librsvg, and each
/// card's bar and text painted over a copy of it by `TextPainter` when it has every glyph; else
/// the card's whole SVG drawn by librsvg, which gives the same pixels (a test checks them).
public final class CardPNGPainter: Sendable {
    private let renderer: CardRenderer
    private let encoder = PNGEncoder()
    /// The cards' fonts, loaded by the first card drawn (nil inside when they cannot be), and the
    /// theme's backdrop, drawn by the first card painted: the others wait for them.
    private let painter = Mutex<TextPainter??>(nil)
    private let backdrop = Mutex<RGBImage?>(nil)

    public init(renderer: CardRenderer) { self.renderer = renderer }

    /// Whether cards can be drawn: fontconfig, loaded here for the whole process, finds the
    /// cards' font (their text would otherwise be drawn in another font than it was laid out in).
    public static func canDraw() -> Bool {
        SVGFonts.prepare(family: CardRenderer.layoutFamily)
    }

    /// The PNG of `card`, laid out by this painter's renderer.
    public func png(of card: LaidOutCard) throws -> [UInt8] {
        if let painter = loadedPainter(), let shaped = painter.shape(painting(of: card)) {
            var image = try backdrop(of: card)
            painter.paint(shaped, on: &image)
            return try encoder.png(of: image)
        }
        let image = try RasterImage(width: CardRenderer.width, height: CardRenderer.height)
        try SVGDocument(renderer.svgUTF8(of: card)).draw(on: image)
        return try encoder.png(of: image)
    }

    private func loadedPainter() -> TextPainter? {
        painter.withLock { painter in
            if let loaded = painter { return loaded }
            let loaded = TextPainter(family: CardRenderer.layoutFamily)
            painter = .some(loaded)
            return loaded
        }
    }

    /// The card's accent bar and text as its SVG has them, for the painter.
    func painting(of card: LaidOutCard) -> Painting {
        let foreground = renderer.foreground(
            of: card,
            bar: { x, y, width, height, radius, fill in
                RoundedBar(x: x, y: y, width: width, height: height, radius: radius, colour: Self.colour(fill))
            },
            line: { text, x, baseline, fontSize, bold, fill, language in
                TextLine(
                    text: text, x: x, baseline: baseline, fontSize: fontSize, bold: bold,
                    colour: Self.colour(fill), language: language)
            })
        return Painting(bars: foreground.bar.map { [$0] } ?? [], lines: foreground.lines)
    }

    /// The theme's backdrop, drawn from the SVG of the first card that needs it; it covers the
    /// whole card, so it is opaque.
    private func backdrop(of card: LaidOutCard) throws -> RGBImage {
        try backdrop.withLock { backdrop in
            if let backdrop { return backdrop }
            let document = try SVGDocument(renderer.svgUTF8(of: card))
            let image = try RasterImage(width: CardRenderer.width, height: CardRenderer.height)
            for element in renderer.backdrop(cardID: card.id) { try document.draw(on: image, element: element) }
            guard let pixels = RGBImage(image) else {
                throw SVGRasterError("the backdrop of \(renderer.theme.name) is not opaque")
            }
            backdrop = pixels
            return pixels
        }
    }

    /// A theme's colour; every theme's are `#RRGGBB` (a test checks them).
    private static func colour(_ hex: String) -> RGBColour {
        guard let colour = RGBColour(hex: hex) else {
            preconditionFailure("a card theme colour that is not #RRGGBB: \(hex)")
        }
        return colour
    }
}
