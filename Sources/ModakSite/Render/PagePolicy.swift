import CRsvg
import Synchronization
import UTF8Bytes

/// The Content-Security-Policy a page names in its `<meta http-equiv="Content-Security-Policy">`
/// (the layout writes it), completed with the hash of each inline script of the page's `<head>` as
/// rendered, so that these scripts run — a site's own layout or boot script included — and no
/// other inline one does: content, even raw HTML, only ever reaches the `<body>`
/// (docs/reference/templates.md, "Content-Security-Policy and versioned assets").
///
/// It reads the HTML as the templates write it: the meta's `http-equiv` then `content`, in double
/// quotes, and `<script` and `</head>` in lower case. A page without that meta is left as it is.
public enum PagePolicy {
    static let metaStart = Array(#"<meta http-equiv="Content-Security-Policy" content=""#.utf8)
    static let scriptSource = Array("script-src".utf8)

    /// `page` with `'sha256-…'` of each inline script added to its meta policy's `script-src`.
    public static func sealed(_ page: [UInt8]) -> [UInt8] {
        guard let meta = policyRange(in: page) else { return page }
        let content = meta.lowerBound + metaStart.count..<meta.upperBound - 1
        guard let directive = firstRange(of: scriptSource, in: page[content]) else { return page }
        let directiveEnd =
            page[directive.upperBound..<content.upperBound].firstIndex(of: UInt8(ascii: ";"))
            ?? content.upperBound
        var hashes: [String] = []
        for script in inlineScripts(in: page) where !hashes.contains(script) { hashes.append(script) }
        guard !hashes.isEmpty else { return page }
        var result = page
        result.insert(contentsOf: Array(hashes.map { " 'sha256-\($0)'" }.joined().utf8), at: directiveEnd)
        return result
    }

    /// `page` without its meta policy: `modak serve` adds its own inline live-reload script.
    public static func removed(from page: [UInt8]) -> [UInt8] {
        guard let meta = policyRange(in: page) else { return page }
        var result = page
        result.removeSubrange(meta)
        return result
    }

    /// The meta element, from `<meta` to its `>`.
    private static func policyRange(in page: [UInt8]) -> Range<Int>? {
        guard let start = firstRange(of: metaStart, in: page[...]),
            let quote = page[start.upperBound...].firstIndex(of: UInt8(ascii: "\"")),
            let end = page[quote...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return start.lowerBound..<end + 1
    }

    /// The base64 SHA-256 of the text of each `<script>` without `src` of the `<head>`, in page order.
    static func inlineScripts(in page: [UInt8]) -> [String] {
        let (open, close, source) = (Array("<script".utf8), Array("</script".utf8), Array(" src=".utf8))
        let tagNameEnds: [UInt8] = [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\n")]
        let head = page[..<(firstRange(of: Array("</head>".utf8), in: page[...])?.lowerBound ?? page.endIndex)]
        var hashes: [String] = []
        var position = head.startIndex
        while let tag = firstRange(of: open, in: head[position...]) {
            position = tag.upperBound
            guard position < head.endIndex, tagNameEnds.contains(head[position]),
                let tagEnd = head[position...].firstIndex(of: UInt8(ascii: ">")),
                let end = firstRange(of: close, in: head[tagEnd...])
            else { continue }
            if firstRange(of: source, in: head[position..<tagEnd]) == nil {
                hashes.append(hashOfScript(head[tagEnd + 1..<end.lowerBound]))
            }
            position = end.upperBound
        }
        return hashes
    }

    /// Where `needle` first occurs in `bytes`, by `memchr` and `memcmp`: Foundation's `firstRange(of:)`
    /// is not specialised for arrays and compares through protocol witnesses
    /// (bench/README.md#decision-byte-searches-by-memchr-and-memcmp).
    private static func firstRange(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { $0.firstOffset(of: needle, in: 0..<$0.count) }
            .map { bytes.startIndex + $0..<bytes.startIndex + $0 + needle.count }
    }

    /// The scripts hashed so far and their hashes: every page of a site has the same few inline
    /// scripts (the layout's boot script), hashed once instead of once a page.
    private static let scriptHashes = Mutex<[(text: [UInt8], hash: String)]>([])

    private static func hashOfScript(_ text: ArraySlice<UInt8>) -> String {
        let known = scriptHashes.withLock { scripts in
            scripts.first { script in
                script.text.count == text.count
                    && (text.isEmpty
                        || script.text.withUnsafeBytes { seen in
                            text.withUnsafeBytes { memcmp(seen.baseAddress!, $0.baseAddress!, text.count) == 0 }
                        })
            }?.hash
        }
        if let known { return known }
        let hash = sha256Base64(text)
        scriptHashes.withLock { $0.append((Array(text), hash)) }
        return hash
    }

    /// SHA-256 by GLib (linked for librsvg), in base64 as CSP writes it.
    static func sha256Base64(_ bytes: ArraySlice<UInt8>) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize($0.count)) }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        let encoded = g_base64_encode(digest, length)
        defer { g_free(encoded) }
        return String(cString: encoded!)
    }
}
