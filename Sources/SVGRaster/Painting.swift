/// A line of text to paint, as an SVG `<text>` of one run places it: its baseline starts at
/// `x, baseline`.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var x: Double
    public var baseline: Double
    public var fontSize: Double
    public var bold: Bool
    public var colour: RGBColour
    /// A BCP 47 tag, for the shaper.
    public var language: String

    public init(
        text: String, x: Double, baseline: Double, fontSize: Double, bold: Bool, colour: RGBColour, language: String
    ) {
        (self.text, self.x, self.baseline, self.fontSize, self.bold, self.colour, self.language) = (
            text, x, baseline, fontSize, bold, colour, language
        )
    }
}

/// A rectangle with round corners of `radius`, filled with `colour`.
public struct RoundedBar: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double, radius: Double
    public var colour: RGBColour

    public init(x: Double, y: Double, width: Double, height: Double, radius: Double, colour: RGBColour) {
        (self.x, self.y, self.width, self.height, self.radius, self.colour) = (x, y, width, height, radius, colour)
    }
}

/// What is painted over a backdrop: bars, then lines of text.
public struct Painting: Sendable, Equatable {
    public var bars: [RoundedBar]
    public var lines: [TextLine]

    public init(bars: [RoundedBar], lines: [TextLine]) {
        (self.bars, self.lines) = (bars, lines)
    }
}

extension RoundedBar {
    /// The bar's coverage: pixels wholly inside it full, the others sampled 16 × 16 times.
    func mask() -> (mask: CoverageMask, x: Int, y: Int) {
        let left = Int(x.rounded(.down)), top = Int(y.rounded(.down))
        let right = Int((x + width).rounded(.up)), bottom = Int((y + height).rounded(.up))
        let columns = max(0, right - left), rows = max(0, bottom - top)
        var coverage = [UInt8](repeating: 0, count: columns * rows)
        let radius = min(radius, width / 2, height / 2)
        for row in 0..<rows {
            for column in 0..<columns {
                let pixelX = Double(left + column), pixelY = Double(top + row)
                let isInside =
                    pixelX >= x + radius && pixelX + 1 <= x + width - radius && pixelY >= y && pixelY + 1 <= y + height
                    || pixelX >= x && pixelX + 1 <= x + width && pixelY >= y + radius
                        && pixelY + 1 <= y + height - radius
                var covered = isInside ? 256 : 0
                if !isInside {
                    for sampleY in 0..<16 {
                        for sampleX in 0..<16
                        where contains(
                            pixelX + (Double(sampleX) + 0.5) / 16, pixelY + (Double(sampleY) + 0.5) / 16, radius: radius
                        ) {
                            covered += 1
                        }
                    }
                }
                coverage[row * columns + column] = UInt8(min(255, covered))
            }
        }
        return (CoverageMask(width: columns, rows: rows, coverage: coverage), left, top)
    }

    private func contains(_ pointX: Double, _ pointY: Double, radius: Double) -> Bool {
        guard pointX >= x, pointX <= x + width, pointY >= y, pointY <= y + height else { return false }
        let nearestX = min(max(pointX, x + radius), x + width - radius),
            nearestY = min(max(pointY, y + radius), y + height - radius)
        let dx = pointX - nearestX, dy = pointY - nearestY
        return dx * dx + dy * dy <= radius * radius
    }
}
