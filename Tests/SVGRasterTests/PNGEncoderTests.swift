import Testing
@testable import SVGRaster

@Suite struct PNGEncoderTests {
    @Test func placeholder() {}
}
