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
