// One home for bytes and escaping, shared by the template engine, the content parser, the cards,
// the site, the server and the command line (which depend on nothing else of each other): copies
// of valid UTF-8 (here), scans for bytes (`ByteScans.swift`), the markup escaper
// (`MarkupEscaper.swift`) and the JSON writer (`CompactJSON.swift`).

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
