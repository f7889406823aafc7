/// The bonfire motif in the bottom-right corner: two crossed logs, a
/// three-layer flame and a few sparks, drawn as vector shapes.
///
/// Shapes are in local coordinates around the point where the logs cross;
/// everything stays right of x = 1000 and below y = 470, clear of the text
/// column (which ends at y = 462) and of the footer (which ends at x = 860).
enum Bonfire {
    static let origin = (x: 1082.0, y: 586.0)

    private static let flameOuter =
        "M0 -118C12 -96 44 -80 44 -44C44 -14 25 4 0 4C-25 4 -44 -14 -44 -40"
        + "C-44 -62 -31 -74 -23 -92C-16 -77 -10 -71 -4 -67C-3 -87 -9 -103 0 -118Z"
    private static let flameMiddle =
        "M2 -84C13 -67 29 -56 29 -32C29 -12 16 0 0 0C-16 0 -29 -12 -29 -30"
        + "C-29 -45 -20 -53 -14 -65C-8 -54 -4 -50 0 -48C2 -61 -2 -72 2 -84Z"
    private static let flameCore =
        "M0 -50C8 -40 16 -31 16 -19C16 -7 9 1 0 1C-9 1 -16 -7 -16 -18C-16 -29 -8 -38 0 -50Z"

    static func draw(into svg: inout SVGWriter, theme: CardTheme) {
        svg.line("<g transform=\"translate(\(SVGWriter.number(origin.x)) \(SVGWriter.number(origin.y)))\">")
        // Firelight on the ground.
        svg.line("<ellipse cx=\"0\" cy=\"10\" rx=\"96\" ry=\"12\" fill=\"\(theme.fire.flameOuter)\" opacity=\"0.22\"/>")
        // Flame, outer to core, rising from behind the logs.
        svg.line("<g transform=\"translate(0 -6)\">")
        svg.line("<path d=\"\(flameOuter)\" fill=\"\(theme.fire.flameOuter)\"/>")
        svg.line("<path d=\"\(flameMiddle)\" fill=\"\(theme.fire.flameMiddle)\"/>")
        svg.line("<path d=\"\(flameCore)\" fill=\"\(theme.fire.flameCore)\"/>")
        svg.line("</g>")
        // Logs: one leaning each way, cut ends facing out.
        for (angle, endX) in [(-13, 66), (13, -66)] {
            svg.line(
                "<g transform=\"rotate(\(angle))\">"
                    + "<rect x=\"-78\" y=\"-10\" width=\"156\" height=\"20\" rx=\"10\" fill=\"\(theme.fire.log)\"/>"
                    + "<rect x=\"-70\" y=\"2\" width=\"140\" height=\"6\" rx=\"3\" fill=\"\(theme.fire.logShade)\"/>"
                    + "<circle cx=\"\(endX)\" cy=\"0\" r=\"9\" fill=\"\(theme.fire.logEnd)\"/>"
                        + """
                        <circle cx=\"\(endX)\" cy=\"0\" r=\"4\" fill=\"none\" stroke=\"\(theme.fire.log)\" \
                        stroke-width=\"1.5\"/>
                        """
                    + "</g>")
        }
        // Sparks drifting up and to the right.
        svg.line("<circle cx=\"34\" cy=\"-122\" r=\"3\" fill=\"\(theme.fire.flameMiddle)\" opacity=\"0.9\"/>")
        svg.line("<circle cx=\"52\" cy=\"-100\" r=\"2\" fill=\"\(theme.fire.flameCore)\" opacity=\"0.8\"/>")
        svg.line("<circle cx=\"22\" cy=\"-106\" r=\"1.6\" fill=\"\(theme.fire.flameCore)\" opacity=\"0.7\"/>")
        svg.line("</g>")
    }
}
