import CLibDeflate

/// Writes a `RasterImage` as a PNG: 8 bits a channel, RGB when every pixel is opaque (cards,
/// icons on a background), else RGBA; one filter for every row and one zlib stream, both chosen
/// by measurement (bench/README.md, "PNG cards in process").
public struct PNGEncoder: Sendable {
    /// The PNG row filters (PNG specification, section 9).
    public enum Filter: UInt8, Sendable, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    public var filter: Filter
    /// libdeflate's level, 1 (fastest) to 12.
    public var level: Int32

    public init(filter: Filter = .up, level: Int32 = 1) {
        self.filter = filter
        self.level = level
    }

    public func png(of image: RasterImage) throws(SVGRasterError) -> [UInt8] {
        // Most images are opaque: filtered as RGB, and again as RGBA when a pixel was not.
        var channels = 3
        var filtered = image.withPixels { rows, rowBytes in filteredRows(rows, rowBytes: rowBytes, width: image.width, height: image.height, channels: 3) }
        if filtered == nil {
            channels = 4
            filtered = image.withPixels { rows, rowBytes in filteredRows(rows, rowBytes: rowBytes, width: image.width, height: image.height, channels: 4) }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // Bit depth 8, colour type RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try compressed(filtered!))
        png.appendChunk("IEND", [])
        return png
    }

    /// Each row as a filter byte and the filtered bytes of its pixels, straight (not premultiplied)
    /// alpha; nil for RGB (3 channels) when a pixel is not opaque.
    private func filteredRows(_ rows: UnsafePointer<UInt8>, rowBytes: Int, width: Int, height: Int, channels: Int) -> [UInt8]? {
        let length = width * channels
        var previous = [UInt8](repeating: 0, count: length)
        var current = [UInt8](repeating: 0, count: length)
        var isOpaque = true
        let filtered = [UInt8](unsafeUninitializedCapacity: (length + 1) * height) { output, count in
            count = 0
            for y in 0..<height {
                let pixels = UnsafeRawPointer(rows + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                isOpaque = current.withUnsafeMutableBufferPointer { Self.unpack(pixels, width: width, channels: channels, into: $0) }
                guard isOpaque || channels == 4 else { return }
                let row = UnsafeMutableBufferPointer(rebasing: output[(length + 1) * y..<(length + 1) * (y + 1)])
                row[0] = filter.rawValue
                current.withUnsafeBufferPointer { current in
                    previous.withUnsafeBufferPointer { previous in
                        Self.apply(filter, current, above: previous, channels: channels, into: UnsafeMutableBufferPointer(rebasing: row[1...]))
                    }
                }
                swap(&previous, &current)
            }
            count = (length + 1) * height
        }
        return isOpaque || channels == 4 ? filtered : nil
    }

    /// Cairo's `0xAARRGGBB` premultiplied pixels as R, G, B[, A] bytes with straight alpha; returns
    /// whether every pixel is opaque (for RGB, where the alpha is dropped).
    private static func unpack(_ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, into row: UnsafeMutableBufferPointer<UInt8>) -> Bool {
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

    private static func apply(_ filter: Filter, _ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>, channels: Int,
                              into output: UnsafeMutableBufferPointer<UInt8>) {
        switch filter {
        case .none:
            _ = output.initialize(from: row)
        case .sub:
            for i in 0..<channels { output[i] = row[i] }
            for i in channels..<row.count { output[i] = row[i] &- row[i - channels] }
        case .up:
            for i in 0..<row.count { output[i] = row[i] &- above[i] }
        case .average:
            for i in 0..<channels { output[i] = row[i] &- above[i] / 2 }
            for i in channels..<row.count { output[i] = row[i] &- UInt8((UInt16(row[i - channels]) + UInt16(above[i])) / 2) }
        case .paeth:
            for i in 0..<channels { output[i] = row[i] &- above[i] }
            for i in channels..<row.count {
                let left = Int(row[i - channels]), up = Int(above[i]), upLeft = Int(above[i - channels])
                let byLeft = abs(up - upLeft), byUp = abs(left - upLeft), byUpLeft = abs(left + up - 2 * upLeft)
                let predicted = byLeft <= byUp && byLeft <= byUpLeft ? left : byUp <= byUpLeft ? up : upLeft
                output[i] = row[i] &- UInt8(truncatingIfNeeded: predicted)
            }
        }
    }

    /// `bytes` as a zlib stream.
    private func compressed(_ bytes: [UInt8]) throws(SVGRasterError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw SVGRasterError("libdeflate refused level \(level)") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        return bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                count = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
            }
        }
    }
}

private extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    mutating func appendChunk(_ type: StaticString, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let start = count
        type.withUTF8Buffer { append(contentsOf: $0) }
        append(contentsOf: data)
        appendBigEndian(self[start...].withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) })
    }
}
