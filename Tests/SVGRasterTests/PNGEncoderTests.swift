import CISAL
import Testing
@testable import SVGRaster

@Suite struct PNGEncoderTests {
    /// A drawing with gradients, curves and, on the clear one, translucent pixels.
    static func image(opaque: Bool) throws -> RasterImage {
        let image = try RasterImage(width: 37, height: 23)
        let background = opaque ? ##"<rect width="37" height="23" fill="#2A1B12"/>"## : ""
        try SVGDocument(
            Array(
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="37" height="23"><defs><linearGradient id="g"><stop \
                offset="0" stop-color="#F7A23E"/>\
                <stop offset="1" stop-color="#1D4ED8" stop-opacity="0.4"/></linearGradient></defs>\(background)\
                <circle cx="15" cy="11" r="10" fill="url(#g)"/><path d="M0 23L37 0" stroke="#fff" \
                stroke-width="1.5"/></svg>
                """.utf8)
        ).draw(on: image)
        return image
    }

    @Test(arguments: [true, false])
    func everyFilterDecodesToThePixels(opaque: Bool) throws {
        let image = try Self.image(opaque: opaque)
        let expected = try Self.decode(PNGEncoder(filter: .none).png(of: image))
        #expect(expected.channels == (opaque ? 3 : 4))
        for filter in PNGEncoder.Filter.allCases {
            let png = try PNGEncoder(filter: filter).png(of: image)
            #expect(try Self.decode(png).pixels == expected.pixels, "\(filter)")
        }
        // The unfiltered pixels are cairo's, alpha undone.
        let pixel = image.withPixels { rows, rowBytes in
            UnsafeRawPointer(rows + 11 * rowBytes).assumingMemoryBound(to: UInt32.self)[15]
        }
        let alpha = pixel >> 24
        let channels: [UInt8] = [16, 8, 0].map { shift in
            let premultiplied = pixel >> UInt32(shift) & 0xFF
            return UInt8(opaque ? premultiplied : (premultiplied * 255 + alpha / 2) / alpha)
        }
        let offset = (11 * 37 + 15) * expected.channels
        #expect(Array(expected.pixels[offset..<offset + 3]) == channels)
        #expect(opaque || alpha < 255, "the middle of the circle is translucent")
    }

    @Test func theSameImageIsTheSameBytes() throws {
        #expect(try PNGEncoder().png(of: Self.image(opaque: true)) == PNGEncoder().png(of: Self.image(opaque: true)))
    }

    @Test func aBrokenSVGSaysWhy() {
        #expect(throws: SVGRasterError.self) { try SVGDocument(Array("<svg".utf8)) }
    }

    /// The pixels of a PNG this encoder wrote (one IDAT), filters undone, and its channels.
    static func decode(_ png: [UInt8]) throws -> (pixels: [UInt8], channels: Int) {
        func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height, channels) = (number(16), number(20), png[25] == 2 ? 3 : 4)
        let idat = 8 + 25
        #expect(String(decoding: png[idat + 4..<idat + 8], as: UTF8.self) == "IDAT")
        let compressed = Array(png[idat + 8..<idat + 8 + number(idat)])
        let length = width * channels
        var raw = [UInt8](repeating: 0, count: (length + 1) * height)
        var state = inflate_state()
        isal_inflate_init(&state)
        state.crc_flag = UInt32(ISAL_ZLIB)
        let status = compressed.withUnsafeBufferPointer { input in
            raw.withUnsafeMutableBufferPointer { output in
                state.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                state.avail_in = UInt32(input.count)
                state.next_out = output.baseAddress
                state.avail_out = UInt32(output.count)
                return isal_inflate_stateless(&state)
            }
        }
        #expect(status == ISAL_DECOMP_OK)
        #expect(state.total_out == UInt32(raw.count))
        var pixels = [UInt8](repeating: 0, count: length * height)
        for y in 0..<height {
            let filter = raw[(length + 1) * y]
            for x in 0..<length {
                let a = x >= channels ? Int(pixels[y * length + x - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * length + x]) : 0
                let c = x >= channels && y > 0 ? Int(pixels[(y - 1) * length + x - channels]) : 0
                let predicted =
                    switch filter {
                    case 0: 0
                    case 1: a
                    case 2: b
                    case 3: (a + b) / 2
                    default: [a, b, c].min { abs(a + b - c - $0) < abs(a + b - c - $1) }!
                    }
                pixels[y * length + x] = raw[(length + 1) * y + 1 + x] &+ UInt8(predicted)
            }
        }
        return (pixels, channels)
    }
}
