/// Hexadecimal, zero-padded.
enum HexText {
    /// Two uppercase digits, as percent-encoding writes them.
    static func byte(_ value: UInt8) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }

    /// Sixteen lowercase digits.
    static func word(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
