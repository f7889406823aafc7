import Foundation
import ModakSite
import UTF8Bytes

/// The state pages follow: a generation that goes up with every build, and the errors of the last
/// one (empty when it succeeded). Waiting threads are woken when it changes.
final class BuildGeneration: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var generation = 0
    private var errors: [String] = []

    var current: (generation: Int, errors: [String]) {
        condition.lock()
        defer { condition.unlock() }
        return (generation, errors)
    }

    func advance(errors: [String]) {
        condition.lock()
        generation += 1
        self.errors = errors
        condition.broadcast()
        condition.unlock()
    }

    /// The generation once it differs from `seen`, or nil when `timeout` passes first.
    func wait(whileAt seen: Int, timeout: TimeInterval) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while generation == seen {
            if !condition.wait(until: deadline) { return nil }
        }
        return generation
    }
}

/// Live reload, added to HTML as it is served (the files on disk never contain it): a script that
/// listens to `/.modak/events` and reloads the page after each build, and an overlay listing the
/// errors of a failed build.
public enum LiveReload {
    /// Hidden paths are never site files (`SitePath` refuses them), so this cannot shadow a page.
    public static let eventsPath = "/.modak/events"

    /// What is added before `</body>`; `generation` is the build the page comes from.
    public static func snippet(generation: Int, errors: [String]) -> String {
        var html =
            "<script data-modak-serve>new EventSource(\"\(eventsPath)?since=\(generation)\")"
            + ".addEventListener(\"reload\",function(){location.reload()})</script>"
        if !errors.isEmpty {
            let items = errors.map { "<li>\(MarkupEscaper.html.escaped($0))</li>" }.joined()
            html +=
                """
                <div data-modak-serve id=\"modak-build-errors\" role=\"alert\" title=\"click to hide\" \
                onclick=\"this.remove()\" style=\"position:fixed;inset:auto 0 0 0;
                """
                    + """
                    max-height:50vh;overflow:auto;z-index:2147483647;margin:0;padding:1em \
                    1.5em;background:#3b0d0c;color:#fff;
                    """
                    + """
                    font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap\"><strong>modak serve: the last build \
                    failed; 
                    """
                    + """
                    this is the last good site.</strong><ul style=\"margin:.5em 0 \
                    0;padding-left:1.2em\">\(items)</ul></div>
                    """
        }
        return html
    }

    /// `page` with `snippet` inserted before its last `</body>`, or at the end when it has none,
    /// and without the page's meta Content-Security-Policy, which would refuse the inline snippet.
    public static func inject(_ snippet: String, into page: [UInt8]) -> [UInt8] {
        let marker = Array("</body".utf8)
        var result = PagePolicy.removed(from: page)
        let insertion = lastIndex(ofCaseInsensitive: marker, in: result) ?? result.count
        result.insert(contentsOf: Array(snippet.utf8), at: insertion)
        return result
    }

    /// The server-sent event telling pages to reload.
    static func reloadEvent(generation: Int) -> [UInt8] {
        Array("event: reload\ndata: \(generation)\n\n".utf8)
    }

    private static func lastIndex(ofCaseInsensitive needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where (0..<needle.count).allSatisfy({ lower(haystack[start + $0]) == needle[$0] }) {
            return start
        }
        return nil
    }
}
