import UTF8Bytes

/// Appends SVG markup as UTF-8.
struct SVGWriter {
    private(set) var output: [UInt8] = []

    init() { output.reserveCapacity(8192) }

    /// `markup` and a line feed.
    mutating func line(_ markup: String) {
        append(string: markup)
        output.append(0x0A)
    }

    /// `value` as `number(_:decimals:)` writes it.
    mutating func append(number value: Double, decimals: Int = 1) {
        Self.appendNumber(value, decimals: decimals, to: &output)
    }

    mutating func append(_ markup: some Sequence<UInt8>) {
        output += markup
    }

    /// Static markup, copied straight from the binary.
    mutating func append(_ markup: StaticString) {
        output += UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount)
    }

    /// Copies the string's UTF-8 at once (`+= markup.utf8` goes through the generic sequence path).
    mutating func append(string markup: String) {
        var markup = markup
        markup.withUTF8 { output.append(contentsOf: $0) }
    }

    /// `text` with the XML special characters escaped, for text content and attribute values.
    mutating func append(escaping text: String) {
        MarkupEscaper.xml.append(text, to: &output)
    }

    /// UTF-8 bytes with the XML special characters escaped.
    mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>) {
        MarkupEscaper.xml.append(utf8, to: &output)
    }

    /// `value` with exactly `decimals` decimals, independent of locale.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number that `number(_:decimals:)` writes for `value`, as a reader of the SVG takes it.
    static func written(_ value: Double, decimals: Int = 1) -> Double {
        let (scaled, scale) = rounded(value, decimals: decimals)
        return Double(value < 0 ? -scaled : scaled) / Double(scale)
    }

    /// `|value|` times 10^`decimals`, rounded to the nearest whole number (halves away from zero),
    /// and that power of ten: the digits a number is written with.
    @inline(__always)
    private static func rounded(_ value: Double, decimals: Int) -> (scaled: Int, scale: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        return (Int((abs(value) * Double(scale)).rounded()), scale)
    }

    static func appendNumber(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        let (scaled, _) = rounded(value, decimals: decimals)
        if value < 0 && scaled != 0 { output.append(UInt8(ascii: "-")) }
        // Digits from the last, into a buffer copied once: one division per digit, none to count them.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24 + decimals) { buffer in
            var start = buffer.count
            var rest = scaled
            for written in 0... {
                if written == decimals && decimals > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                if rest == 0 && written >= decimals { break }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
