import Foundation

extension String {
    /// The text in Unicode Normalization Form C.
    ///
    /// Nearly all text already is, and the standard library can tell from a quick scan of its UTF-8;
    /// only text it cannot vouch for takes Foundation's normalisation, a round trip through UTF-16
    /// that costs about twenty times as much.
    public var nfc: String {
        var span = utf8Span
        return span.checkForNFC(quickCheck: true) ? self : precomposedStringWithCanonicalMapping
    }
}

extension StringProtocol {
    /// Whether a UTF-8 byte of the text satisfies `predicate`, looked for in the bytes in place:
    /// walking `utf8` index by index costs several times as much, and content is scanned often.
    public func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}
