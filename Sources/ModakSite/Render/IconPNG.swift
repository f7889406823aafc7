import Foundation
import ModakOutput
import SVGRaster
import StableHashing

/// How an icon's PNG is drawn from its SVG: its size in pixels, a margin and a background.
struct IconPNG: Derivation {
    var width, height: Int
    /// Pixels left around the drawing on every side (a maskable icon's safe zone).
    var margin = 0
    /// `#RRGGBB` under the drawing; nil leaves it transparent.
    var background: String?

    func addRecipe(to hash: inout StableHash) {
        for number in [width, height, margin] { hash.add(UInt64(number)) }
        // No colour is empty, so "" stands for none.
        hash.add(background ?? "")
    }

    func make(from source: String) throws -> [UInt8] {
        guard let svg = FileManager.default.contents(atPath: source) else { throw SVGRasterError("cannot be read") }
        let document = try SVGDocument(Array(svg))
        let image = try RasterImage(width: width, height: height)
        if let background {
            guard let colour = RGBColour(hex: background) else {
                throw SVGRasterError("a background that is not #RRGGBB: \(background)")
            }
            image.fill(colour)
        }
        try document.draw(on: image, x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin)
        return try PNGEncoder().png(of: image)
    }
}
