import CZlib

/// Writes a `RasterImage` as a PNG: 8 bits a channel, RGB when every pixel is opaque (cards,
/// icons on a background), else RGBA; one filter for every row and one zlib stream, both chosen
/// by measurement (bench/README.md, "PNG cards in process").
public struct PNGEncoder: Sendable {
    /// The PNG row filters (PNG specification, section 9).
    public enum Filter: UInt8, Sendable, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    public var filter: Filter
    /// zlib's level, 1 (fastest) to 9.
    public var level: Int32
    /// zlib's strategy (`Z_DEFAULT_STRATEGY`, `Z_RLE`, …).
    public var strategy: Int32

    public init(filter: Filter = .paeth, level: Int32 = 1, strategy: Int32 = Z_RLE) {
        self.filter = filter
        self.level = level
        self.strategy = strategy
    }

    public func png(of image: RasterImage) throws(SVGRasterError) -> [UInt8] {
        let channels = image.isOpaque ? 3 : 4
        let filtered = image.withPixels { rows, rowBytes in filteredRows(rows, rowBytes: rowBytes, width: image.width, height: image.height, channels: channels) }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // Bit depth 8, colour type RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try compressed(filtered))
        png.appendChunk("IEND", [])
        return png
    }

    /// Each row as a filter byte and the filtered bytes of its pixels, straight (not premultiplied) alpha.
    private func filteredRows(_ rows: UnsafePointer<UInt8>, rowBytes: Int, width: Int, height: Int, channels: Int) -> [UInt8] {
        let length = width * channels
        var previous = [UInt8](repeating: 0, count: length)
        var current = [UInt8](repeating: 0, count: length)
        return [UInt8](unsafeUninitializedCapacity: (length + 1) * height) { output, count in
            for y in 0..<height {
                let pixels = UnsafeRawPointer(rows + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                current.withUnsafeMutableBufferPointer { Self.unpack(pixels, width: width, channels: channels, into: $0) }
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
    }

    /// Cairo's `0xAARRGGBB` premultiplied pixels as R, G, B[, A] bytes with straight alpha.
    private static func unpack(_ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        if channels == 3 {
            for x in 0..<width {
                let pixel = pixels[x]
                row[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                row[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                row[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
            }
            return
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
                output[i] = row[i] &- UInt8(predicted)
            }
        }
    }

    private func compressed(_ bytes: [UInt8]) throws(SVGRasterError) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SVGRasterError("zlib refused level \(level), strategy \(strategy)")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var status = Z_OK
        let output = bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(bound)
                status = deflate(&stream, Z_FINISH)
                count = Int(stream.total_out)
            }
        }
        guard status == Z_STREAM_END else { throw SVGRasterError("zlib stopped with status \(status)") }
        return output
    }
}

extension RasterImage {
    /// Whether every pixel's alpha is 255.
    var isOpaque: Bool {
        withPixels { rows, rowBytes in
            for y in 0..<height {
                let pixels = UnsafeRawPointer(rows + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width where pixels[x] >> 24 != 0xFF { return false }
            }
            return true
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
        let crc = self[start...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(crc))
    }
}
