/// Opaque pixels as R, G, B bytes, row after row: a card's backdrop, copied for each card and
/// its text painted on it (`TextPainter`), then written as its PNG.
public struct RGBImage: Sendable {
    public let width: Int
    public let height: Int
    /// `3 * width` bytes a row.
    public internal(set) var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == 3 * width * height, "\(pixels.count) bytes for \(width)×\(height) RGB pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixels of an opaque `image` (a backdrop); nil when one of them is not opaque.
    public init?(_ image: RasterImage) {
        var pixels = [UInt8](repeating: 0, count: 3 * image.width * image.height)
        let isOpaque = image.withPixels { rows, rowBytes in
            pixels.withUnsafeMutableBufferPointer { output in
                (0..<image.height).allSatisfy { y in
                    let row = UnsafeRawPointer(rows + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                    return RasterImage.unpack(
                        row, width: image.width, channels: 3,
                        into: UnsafeMutableBufferPointer(
                            rebasing: output[3 * image.width * y..<3 * image.width * (y + 1)]))
                }
            }
        }
        guard isOpaque else { return nil }
        self.init(width: image.width, height: image.height, pixels: pixels)
    }

    /// Blends `colour` over the pixels under `mask` (coverage a byte a pixel, `mask.width` a
    /// row), its top left pixel at `x, y`, as cairo composites a solid colour through a mask:
    /// each channel rounded to nearest. What falls outside the image is left out.
    mutating func blend(_ colour: RGBColour, through mask: CoverageMask, x: Int, y: Int) {
        let columns = max(0, -x)..<min(mask.width, width - x), rows = max(0, -y)..<min(mask.rows, height - y)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let (red, green, blue) = (UInt32(colour.red), UInt32(colour.green), UInt32(colour.blue))
        let width = width
        pixels.withUnsafeMutableBufferPointer { pixels in
            mask.coverage.withUnsafeBufferPointer { coverage in
                for row in rows {
                    var pixel = 3 * ((y + row) * width + x + columns.lowerBound)
                    for column in columns {
                        let alpha = UInt32(coverage[row * mask.width + column])
                        if alpha != 0 {
                            pixels[pixel] = Self.mix(red, pixels[pixel], alpha)
                            pixels[pixel + 1] = Self.mix(green, pixels[pixel + 1], alpha)
                            pixels[pixel + 2] = Self.mix(blue, pixels[pixel + 2], alpha)
                        }
                        pixel += 3
                    }
                }
            }
        }
    }

    /// Composites premultiplied R, G, B, A pixels (`width` a row) over the image, their top left
    /// pixel at `x, y`: each channel the source's plus the image's times what the source leaves.
    mutating func composite(_ source: [UInt8], width sourceWidth: Int, rows sourceRows: Int, x: Int, y: Int) {
        let columns = max(0, -x)..<min(sourceWidth, width - x), rows = max(0, -y)..<min(sourceRows, height - y)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let width = width
        pixels.withUnsafeMutableBufferPointer { pixels in
            for row in rows {
                for column in columns {
                    let from = 4 * (row * sourceWidth + column), to = 3 * ((y + row) * width + x + column)
                    let left = 255 - UInt32(source[from + 3])
                    for channel in 0..<3 {
                        let under = UInt32(pixels[to + channel]) * left + 128
                        pixels[to + channel] = UInt8(
                            truncatingIfNeeded: min(255, UInt32(source[from + channel]) + ((under + (under >> 8)) >> 8))
                        )
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func mix(_ value: UInt32, _ under: UInt8, _ alpha: UInt32) -> UInt8 {
        let mixed = value * alpha + UInt32(under) * (255 - alpha) + 128
        return UInt8(truncatingIfNeeded: (mixed + (mixed >> 8)) >> 8)
    }
}

/// How much of each pixel of a rectangle a shape covers, 0 to 255, row after row.
struct CoverageMask: Sendable {
    let width: Int
    let rows: Int
    let coverage: [UInt8]
}

/// An opaque colour.
public struct RGBColour: Sendable, Equatable {
    public let red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#RRGGBB`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.utf8.dropFirst()
        guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6,
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
