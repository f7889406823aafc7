/// Byte-level helpers for text already known to be valid UTF-8, shared by the template engine,
/// the content parser and the card renderer (which depend on nothing else of each other).

extension String {
    /// A copy of bytes known to be valid UTF-8 (cut from a string at scalar boundaries, or put
    /// together from whole strings), not checked again: for Korean text, checking costs about
    /// nine times the copy.
    public init(copyingValidUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            self = String(copying: unsafe UTF8Span(unchecked: bytes.span))
        } else {
            self = String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// The five characters HTML and XML escape: `&`, `<`, `>`, `"` and `'`.
public enum MarkupCharacters {
    /// The index of the first of them at or after `start` in `bytes`, or `bytes.count`.
    ///
    /// Eight bytes at a time: XORed with one of the five repeated, a word holding that byte has a
    /// zero byte, which `(x - 0x01…) & ~x & 0x80…` detects. Most text holds none of them.
    @inlinable
    public static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let found = zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                    | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                    | zeroBytes(word ^ 0x2727_2727_2727_2727)
                if found & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < bytes.count && !isMarkupCharacter(bytes[index]) { index += 1 }
        return index
    }

    /// `&`, `<`, `>`, `"` and `'` are all below 64, so one shift and mask tells them apart.
    @inlinable @inline(__always)
    public static func isMarkupCharacter(_ byte: UInt8) -> Bool {
        let mask: UInt64 = 1 << 38 | 1 << 60 | 1 << 62 | 1 << 34 | 1 << 39 // & < > " '
        return byte < 64 && mask & (1 << UInt64(byte)) != 0
    }
}
