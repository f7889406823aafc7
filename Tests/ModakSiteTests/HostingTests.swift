import Foundation
@testable import ModakSite
import Testing

/// What Modak writes for servers: the pages' Content-Security-Policy and the compressed twins
/// (docs/hosting/README.md). Tests/python/test_hosting.py serves them through nginx and Caddy.
@Suite struct HostingTests {
    static let meta = #"<meta http-equiv="Content-Security-Policy" content="script-src 'self'; style-src 'self'">"#

    @Test func theSHA256IsTheStandardOne() {
        // RFC 6234's test vector, in base64.
        let abc = PagePolicy.sha256Base64(ArraySlice("abc".utf8))
        #expect(abc == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test func thePolicyAllowsEachInlineScriptOfTheHeadAsWrittenAndNoOther() {
        let page =
            "<head>\(Self.meta)<script>one()</script>\n<script src=\"a.js\"></script>"
            + "<script type=\"module\">two()</script><script>one()</script></head>"
            + "<body><p>Raw HTML of a saying:</p><script>three()</script></body>"
        let sealed = String(decoding: PagePolicy.sealed(Array(page.utf8)), as: UTF8.self)
        let (one, two) = (
            PagePolicy.sha256Base64(ArraySlice("one()".utf8)),
            PagePolicy.sha256Base64(ArraySlice("two()".utf8))
        )
        #expect(sealed.contains("script-src 'self' 'sha256-\(one)' 'sha256-\(two)'; style-src 'self'\">"))
        #expect(
            sealed.components(separatedBy: "sha256-").count == 3,
            "each script's hash once; a.js is allowed by 'self'; none of the body")
    }

    @Test func scriptsHashedOnEarlierPagesAreToldApartByTheirWholeText() {
        // Same length, differing in the last byte; an empty script; then the first again.
        let scripts = ["alpha(1)", "alpha(2)", "", "alpha(1)"]
        for script in scripts {
            let page = "<head>\(Self.meta)<script>\(script)</script></head><body></body>"
            let sealed = String(decoding: PagePolicy.sealed(Array(page.utf8)), as: UTF8.self)
            let hash = PagePolicy.sha256Base64(ArraySlice(script.utf8))
            #expect(sealed.contains("script-src 'self' 'sha256-\(hash)';"), "\(script)")
        }
    }

    @Test func aPageWithoutThePolicyOrWithoutInlineScriptsIsLeftAlone() {
        let bare = Array("<head><script>x()</script></head>".utf8)
        #expect(PagePolicy.sealed(bare) == bare)
        let noScript = Array("<head>\(Self.meta)<script src=\"a.js\"></script></head>".utf8)
        #expect(PagePolicy.sealed(noScript) == noScript)
    }

    @Test func theServerPreviewDropsThePolicy() {
        let page = Array("<head>\(Self.meta)<title>t</title></head>".utf8)
        #expect(String(decoding: PagePolicy.removed(from: page), as: UTF8.self) == "<head><title>t</title></head>")
    }

    @Test func gzipTwinsAreStandardAndTheSameForTheSameBytes() throws {
        let text = Array(String(repeating: "천 리 길도 한 걸음부터. ", count: 200).utf8)
        let twin = Compression.gzip.compress(text)
        #expect(twin == Compression.gzip.compress(text))
        // A gzip header with no time, no name, no flags (RFC 1952): the bytes depend on the text alone.
        #expect(Array(twin.prefix(8)) == [0x1f, 0x8b, 8, 0, 0, 0, 0, 0])
        #expect(twin.count < text.count / 10)
        let brotli = Compression.brotli.compress(text)
        #expect(brotli == Compression.brotli.compress(text) && brotli.count < twin.count)
    }

    @Test func onlyTextFilesHaveTwins() {
        #expect(PrecompressionStep.isText("index.html") && PrecompressionStep.isText("manifest.webmanifest"))
        #expect(PrecompressionStep.isText("souvenirs.ics") && PrecompressionStep.isText("cards/a.svg"))
        #expect(!PrecompressionStep.isText("cards/a.png") && !PrecompressionStep.isText("gifts.d/readme"))
    }
}
