import ModakCore

/// Compact JSON written straight into UTF-8 bytes, escaped as `JSONSerialization` escapes it.
///
/// For the generated files (`search.json` holds every saying; the JSON Feed, see `PrettyJSON`):
/// going through `JSONSerialization` boxes every value and round-trips every string through UTF-16
/// (the JSON Feed's 50 items took 50 M instructions).
struct CompactJSON {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// JSON punctuation or other text that is already JSON.
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func string(_ text: String) {
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

    /// `["a","b"]`
    mutating func strings(_ texts: [String]) {
        raw("[")
        for (index, text) in texts.enumerated() {
            if index > 0 { raw(",") }
            string(text)
        }
        raw("]")
    }
}

/// JSON laid out as `JSONSerialization` lays it out with `.prettyPrinted`: one value per line, two
/// spaces per level, `"key" : value`, an empty container as `[`, a blank line and `]`. Keys are
/// written in the order given (the JSON Feed gives them sorted, as `.sortedKeys` did).
struct PrettyJSON {
    private var json = CompactJSON(capacity: 64 * 1024)
    /// For each open container, whether an element has been written into it.
    private var hasElements: [Bool] = []

    var bytes: [UInt8] { json.bytes }

    mutating func openObject() { open("{") }
    mutating func closeObject() { close("}") }
    mutating func openArray() { open("[") }
    mutating func closeArray() { close("]") }

    /// Starts the member `name` of the open object: its value comes next.
    mutating func key(_ name: StaticString) {
        startElement()
        json.raw("\"")
        json.raw(name)
        json.raw("\" : ")
    }

    /// Starts the next element of the open array.
    mutating func startElement() {
        if hasElements[hasElements.count - 1] { json.raw(",\n") }
        hasElements[hasElements.count - 1] = true
        indent()
    }

    mutating func string(_ text: String) { json.string(text) }

    private mutating func open(_ bracket: StaticString) {
        json.raw(bracket)
        json.raw("\n")
        hasElements.append(false)
    }

    private mutating func close(_ bracket: StaticString) {
        hasElements.removeLast()
        json.raw("\n")
        indent()
        json.raw(bracket)
    }

    private mutating func indent() {
        for _ in hasElements.indices { json.raw("  ") }
    }
}
