/// The one escaper of text for HTML and XML, in element text and attribute values alike.
///
/// Every form escapes `&`, `<`, `>` and `"` as `&amp;`, `&lt;`, `&gt;` and `&quot;`, and one byte
/// more, which is what tells the forms apart:
/// - `html`: `'` as `&#39;`, as the Mustache spec escapes it (the pages, the live-reload overlay);
/// - `xml`: `'` as `&apos;` (the cards' SVG);
/// - `libxml2Text`: a carriage return as `&#13;`, `'` as it is: what libxml2's writer writes in
///   element text, for XML written beside it (the sitemap) to give the bytes it gives.
///
/// The escaped characters are ASCII, so escaping bytes also escapes them inside a grapheme
/// cluster such as "&" + U+0301.
public struct MarkupEscaper: Sendable {
    /// The fifth byte escaped, below 64 like the other four, and its entity.
    @usableFromInline let fifth: UInt8
    @usableFromInline let fifthEntity: StaticString

    @inlinable init(fifth: UInt8, entity: StaticString) {
        self.fifth = fifth
        fifthEntity = entity
    }

    @inlinable public static var html: MarkupEscaper { MarkupEscaper(fifth: UInt8(ascii: "'"), entity: "&#39;") }
    @inlinable public static var xml: MarkupEscaper { MarkupEscaper(fifth: UInt8(ascii: "'"), entity: "&apos;") }
    @inlinable public static var libxml2Text: MarkupEscaper {
        MarkupEscaper(fifth: UInt8(ascii: "\r"), entity: "&#13;")
    }

    /// Whether this form escapes `byte`: the five are below 64, so one shift and mask tells.
    @inlinable @inline(__always)
    public func escapes(_ byte: UInt8) -> Bool {
        let mask: UInt64 = 1 << 38 | 1 << 60 | 1 << 62 | 1 << 34 | 1 << UInt64(fifth) // & < > " and the fifth
        return byte < 64 && mask & (1 << UInt64(byte)) != 0
    }

    /// The index of the first byte this form escapes at or after `start` in `bytes`, or `bytes.count`.
    ///
    /// Eight bytes at a time: XORed with one of the five repeated, a word holding that byte has a
    /// zero byte, which `(x - 0x01…) & ~x & 0x80…` detects. Most text holds none of them.
    @inlinable
    public func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let fifths = UInt64(fifth) &* ones
            @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let found =
                    zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                    | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                    | zeroBytes(word ^ fifths)
                if found & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < bytes.count && !escapes(bytes[index]) { index += 1 }
        return index
    }

    /// Hands `bytes` escaped to `append`, piece by piece: the runs between escaped bytes whole, and
    /// each entity. Text with nothing to escape is handed over in one piece.
    @inlinable
    public func forEachPiece(of bytes: UnsafeBufferPointer<UInt8>, _ append: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        var index = firstIndex(in: bytes, from: 0)
        while index < bytes.count {
            let entity: StaticString =
                switch bytes[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                default: fifthEntity
                }
            append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
            index = firstIndex(in: bytes, from: runStart)
        }
        append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends UTF-8 `bytes`, escaped, to `output`.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        forEachPiece(of: bytes) { output.append(contentsOf: $0) }
    }

    /// Appends `text` as UTF-8, escaped, to `output`.
    public func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    /// `text` escaped; `text` itself when it holds nothing to escape.
    public func escaped(_ text: String) -> String {
        var text = text
        var output: [UInt8] = []
        let changed = text.withUTF8 { bytes in
            guard firstIndex(in: bytes, from: 0) < bytes.count else { return false }
            output.reserveCapacity(bytes.count + 32)
            append(bytes, to: &output)
            return true
        }
        return changed ? output.withUnsafeBufferPointer { String(copyingValidUTF8: $0) } : text
    }
}
