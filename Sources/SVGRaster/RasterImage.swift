import CRsvg

/// Pixels to draw on: a cairo image surface, 32 bits a pixel, premultiplied alpha, transparent
/// until drawn on. Owned by one thread at a time; an image only read (a backdrop) may be copied
/// from several at once.
public final class RasterImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer

    public init(width: Int, height: Int) throws(SVGRasterError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw SVGRasterError("cannot make a \(width)×\(height) image")
        }
        self.width = width
        self.height = height
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// A new image with this one's pixels.
    public func copy() throws(SVGRasterError) -> RasterImage {
        let copy = try RasterImage(width: width, height: height)
        cairo_surface_flush(surface)
        copy.surface.pixels.update(from: surface.pixels, count: rowBytes * height)
        cairo_surface_mark_dirty(copy.surface)
        return copy
    }

    /// Paints every pixel `colour`, as a rectangle over the whole image would.
    public func fill(_ colour: RGBColour) {
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
        cairo_paint(cairo)
    }

    /// Bytes from one row to the next (at least `4 * width`).
    var rowBytes: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Calls `body` with the rows of pixels, each a native-endian `0xAARRGGBB`, premultiplied.
    func withPixels<Result>(_ body: (_ rows: UnsafePointer<UInt8>, _ rowBytes: Int) throws -> Result) rethrows -> Result
    {
        cairo_surface_flush(surface)
        return try body(UnsafePointer(surface.pixels), rowBytes)
    }

    /// Cairo's `0xAARRGGBB` premultiplied pixels as R, G, B[, A] bytes with straight alpha; returns
    /// whether every pixel is opaque (for RGB, where the alpha is dropped).
    static func unpack(
        _ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, into row: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        if channels == 3 {
            var alphas: UInt32 = 0xFF00_0000
            for x in 0..<width {
                let pixel = pixels[x]
                alphas &= pixel
                row[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                row[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                row[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
            }
            return alphas == 0xFF00_0000
        }
        for x in 0..<width {
            let pixel = pixels[x]
            let alpha = pixel >> 24
            // Undone as cairo's own PNG writer does, rounding to nearest.
            func straight(_ shift: UInt32) -> UInt8 {
                alpha == 0 ? 0 : UInt8(((pixel >> shift & 0xFF) * 255 + alpha / 2) / alpha)
            }
            row[4 * x] = straight(16)
            row[4 * x + 1] = straight(8)
            row[4 * x + 2] = straight(0)
            row[4 * x + 3] = UInt8(alpha)
        }
        return false
    }
}

private extension OpaquePointer {
    var pixels: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(self) }
}

/// Why an SVG could not be drawn or its PNG written.
public struct SVGRasterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
