import UTF8Bytes

/// Removes the code points that neither HTML nor XML may carry — C0 and C1 controls other than tab,
/// line feed and carriage return, and Unicode noncharacters. They are invisible, no escape can
/// express them in XML, and a page holding one fails validation, so they never enter the content.
enum TextCleaning {
    /// The text without forbidden code points, and the 1-based line of the first one removed.
    static func clean(_ text: String) -> (text: String, firstLine: Int?) {
        guard text.containsUTF8Byte(in: mayStartForbidden) else { return (text, nil) }
        var scalars = String.UnicodeScalarView()
        var line = 1
        var firstLine: Int?
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1 }
            if isForbidden(scalar) {
                firstLine = firstLine ?? line
            } else {
                scalars.append(scalar)
            }
        }
        return firstLine == nil ? (text, nil) : (String(scalars), firstLine)
    }

    /// The bytes a forbidden scalar can start with: a cheap test that rules out almost all text
    /// before the scalar-by-scalar pass.
    private static let mayStartForbidden = UTF8ByteSet { byte in
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 || byte == 0xEF
            || byte >= 0xF0
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }
}
