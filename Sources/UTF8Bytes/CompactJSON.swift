/// The one JSON writer: compact JSON written straight into UTF-8 bytes, strings escaped as
/// `JSONSerialization` escapes them. It writes the saying data and the search shards, the JSON
/// Feed (through ModakSite's `PrettyJSON`) and what `modak gifts simulate` prints;
/// `JSONSerialization` would box every value and round-trip every string through UTF-16
/// (bench/README.md#decision-one-json-writer-over-bytes).
public struct CompactJSON: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts again from nothing, keeping the memory.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// JSON punctuation or other text that is already JSON.
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits from the last, then turned around.
        let start = bytes.count
        var rest = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    public mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard Self.needsEscaping.containsAny(of: utf8) else { return bytes.append(contentsOf: utf8) }
            // Copy the runs between characters that need escaping in bulk.
            var runStart = 0
            for (index, byte) in utf8.enumerated() where Self.needsEscaping.contains(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let needsEscaping = UTF8ByteSet { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw(#"\""#)
        case UInt8(ascii: "\\"): raw(#"\\"#)
        case UInt8(ascii: "\n"): raw(#"\n"#)
        case UInt8(ascii: "\r"): raw(#"\r"#)
        case UInt8(ascii: "\t"): raw(#"\t"#)
        case 0x08: raw(#"\b"#)
        case 0x0C: raw(#"\f"#)
        default:
            let hex = Array("0123456789abcdef".utf8)
            raw(#"\u00"#)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    /// `["a","b"]`, or with another `separator` (`", "`) between the strings.
    public mutating func strings(_ texts: [String], separator: StaticString = ",") {
        raw("[")
        for (index, text) in texts.enumerated() {
            if index > 0 { raw(separator) }
            string(text)
        }
        raw("]")
    }
}
