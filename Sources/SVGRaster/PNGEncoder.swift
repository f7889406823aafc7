import CISAL

/// Writes a `RasterImage` or an `RGBImage` as a PNG: 8 bits a channel, RGB when every pixel is
/// opaque (cards, icons on a background), else RGBA; one filter for every row and one zlib
/// stream, both chosen by measurement (bench/README.md#decision-png-rows-unfiltered-packed-by-isa-l-level-1).
public struct PNGEncoder: Sendable {
    /// The PNG row filters (PNG specification, section 9).
    public enum Filter: UInt8, Sendable, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    public var filter: Filter
    /// ISA-L's level, 0 (fastest) to 3.
    public var level: Int32

    public init(filter: Filter = .none, level: Int32 = 1) { (self.filter, self.level) = (filter, level) }

    public func png(of image: RasterImage) throws(SVGRasterError) -> [UInt8] {
        // Most images are opaque: filtered as RGB, and again as RGBA when a pixel was not.
        for channels in [3, 4] {
            let filtered = image.withPixels { rows, rowBytes in
                filteredRows(width: image.width, height: image.height, channels: channels) { y, row in
                    let pixels = UnsafeRawPointer(rows + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                    return RasterImage.unpack(pixels, width: image.width, channels: channels, into: row)
                        || channels == 4
                }
            }
            if let filtered {
                return try png(width: image.width, height: image.height, channels: channels, filtered: filtered)
            }
        }
        preconditionFailure("every image can be written as RGBA")
    }

    public func png(of image: RGBImage) throws(SVGRasterError) -> [UInt8] {
        let filtered = image.pixels.withUnsafeBufferPointer { pixels in
            filteredRows(width: image.width, height: image.height, channels: 3) { y, row in
                _ = row.initialize(
                    from: UnsafeBufferPointer(rebasing: pixels[3 * image.width * y..<3 * image.width * (y + 1)]))
                return true
            }
        }
        return try png(width: image.width, height: image.height, channels: 3, filtered: filtered!)
    }

    private func png(width: Int, height: Int, channels: Int, filtered: [UInt8]) throws(SVGRasterError) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8, colour type RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try compressed(filtered))
        png.appendChunk("IEND", [])
        return png
    }

    /// Each row as a filter byte and the filtered bytes of its pixels, which `row` writes (R, G,
    /// B[, A], straight alpha) for row `y`; nil as soon as `row` returns false (a pixel that RGB
    /// cannot hold).
    private func filteredRows(
        width: Int, height: Int, channels: Int,
        row: (_ y: Int, _ into: UnsafeMutableBufferPointer<UInt8>) -> Bool
    ) -> [UInt8]? {
        let length = width * channels
        var previous = [UInt8](repeating: 0, count: length)
        var current = [UInt8](repeating: 0, count: length)
        var isComplete = true
        let filtered = [UInt8](unsafeUninitializedCapacity: (length + 1) * height) { output, count in
            count = 0
            for y in 0..<height {
                let filteredRow = UnsafeMutableBufferPointer(
                    rebasing: output[(length + 1) * y..<(length + 1) * (y + 1)])
                filteredRow[0] = filter.rawValue
                // Unfiltered rows are written in place; the others filtered from the row and the one above.
                guard filter != .none else {
                    isComplete = row(y, UnsafeMutableBufferPointer(rebasing: filteredRow[1...]))
                    guard isComplete else { return }
                    continue
                }
                isComplete = current.withUnsafeMutableBufferPointer { row(y, $0) }
                guard isComplete else { return }
                current.withUnsafeBufferPointer { current in
                    previous.withUnsafeBufferPointer { previous in
                        Self.apply(
                            filter, current, above: previous, channels: channels,
                            into: UnsafeMutableBufferPointer(rebasing: filteredRow[1...]))
                    }
                }
                swap(&previous, &current)
            }
            count = (length + 1) * height
        }
        return isComplete ? filtered : nil
    }

    private static func apply(
        _ filter: Filter, _ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>, channels: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) {
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
            for i in channels..<row.count {
                output[i] = row[i] &- UInt8((UInt16(row[i - channels]) + UInt16(above[i])) / 2)
            }
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

    /// `bytes` as a zlib stream, by ISA-L in one call.
    private func compressed(_ bytes: [UInt8]) throws(SVGRasterError) -> [UInt8] {
        let workSize = Int(modak_isal_level_buffer_size(level))
        guard workSize > 0 else { throw SVGRasterError("ISA-L has no level \(level)") }
        var work = [UInt8](repeating: 0, count: workSize)
        // Deflate's worst case: stored blocks of 65,535 bytes, 5 bytes of header each, and the zlib frame.
        let bound = bytes.count + (bytes.count / 65_535 + 1) * 5 + 64
        var status: Int32 = COMP_OK
        let output = bytes.withUnsafeBufferPointer { input in
            work.withUnsafeMutableBufferPointer { work in
                [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                    var stream = isal_zstream()
                    isal_deflate_stateless_init(&stream)
                    stream.level = UInt32(level)
                    stream.level_buf = work.baseAddress
                    stream.level_buf_size = UInt32(work.count)
                    stream.gzip_flag = UInt16(IGZIP_ZLIB)
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.avail_in = UInt32(input.count)
                    stream.next_out = output.baseAddress
                    stream.avail_out = UInt32(bound)
                    stream.end_of_stream = 1
                    status = isal_deflate_stateless(&stream)
                    count = status == COMP_OK ? Int(stream.total_out) : 0
                }
            }
        }
        guard status == COMP_OK else { throw SVGRasterError("ISA-L could not compress the image (\(status))") }
        return output
    }
}

private extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)
        ])
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    mutating func appendChunk(_ type: StaticString, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let start = count
        type.withUTF8Buffer { append(contentsOf: $0) }
        append(contentsOf: data)
        appendBigEndian(self[start...].withUnsafeBufferPointer { crc32_gzip_refl(0, $0.baseAddress, UInt64($0.count)) })
    }
}
