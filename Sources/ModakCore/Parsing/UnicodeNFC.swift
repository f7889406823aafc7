import Foundation

extension String {
    /// The text in Unicode Normalization Form C.
    ///
    /// Nearly all text already is, and the standard library can tell from a quick scan of its UTF-8;
    /// only text it cannot vouch for takes Foundation's normalisation, a round trip through UTF-16
    /// that costs about twenty times as much.
    public var nfc: String {
        if isPlainlyNFC { return self }
        var span = utf8Span
        return span.checkForNFC(quickCheck: true) ? self : precomposedStringWithCanonicalMapping
    }

    /// Whether every scalar is below U+0300 or a Hangul syllable: all of those are NFC-stable and
    /// combine with nothing before them, so the text is NFC. Korean sayings are nearly all Hangul,
    /// whose syllables the standard library's quick check looks up one by one in its tables.
    private var isPlainlyNFC: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                // ASCII eight bytes at a time: English fields are all of it, Korean ones a third.
                if let base = bytes.baseAddress, index + 8 <= bytes.count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let lead = bytes[index]
                if lead < 0xCC { // ASCII, and two-byte sequences up to U+02FF
                    index += lead < 0x80 ? 1 : 2
                } else if lead >= 0xEA && lead <= 0xED && index + 2 < bytes.count {
                    let scalar =
                        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    guard (0xAC00...0xD7A3).contains(scalar) else { return false }
                    index += 3
                } else {
                    return false
                }
            }
            return true
        } ?? false
    }
}
