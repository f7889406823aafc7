import Testing
@testable import SVGRaster

@Suite struct RasterImageTests {
    /// A fill is what librsvg draws for a rectangle over the whole image, pixel for pixel.
    @Test(arguments: ["#1c1410", "#fbf6ee", "#121212", "#7f00ff"])
    func aFillIsTheRectangleLibrsvgDraws(_ hex: String) throws {
        let filled = try RasterImage(width: 7, height: 5)
        filled.fill(try #require(RGBColour(hex: hex)))
        let drawn = try RasterImage(width: 7, height: 5)
        try SVGDocument(
            Array(
                """
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio="none">\
                <rect width="1" height="1" fill="\(hex)"/></svg>
                """.utf8)
        ).draw(on: drawn)
        let pixels = try #require(RGBImage(filled)).pixels
        #expect(pixels == (try #require(RGBImage(drawn)).pixels))
        #expect(pixels.prefix(3).map { Int($0) } == [1, 3, 5].map { Int(hex.dropFirst($0).prefix(2), radix: 16)! })
    }
}
