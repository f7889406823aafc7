import Foundation
import Testing
import TestSupport
@testable import ModakServe

@Suite struct HTTPParserTests {
    private func parse(_ text: String) -> HTTPParser.Outcome { HTTPParser.parse(Array(text.utf8)) }

    @Test func readsARequestHeadAndWhatItUsed() throws {
        let text =
            "GET /sayings/42/?q=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: a\r\naccept: b\r\n\r\nGET / HTTP/1.1\r\n"
        guard case .request(let request, let consumed) = parse(text) else { Issue.record("not parsed"); return }
        #expect(request.method == "GET")
        #expect(request.path == "/sayings/42/")
        #expect(request.query == "q=1")
        #expect(request.headers["accept"] == "a, b")
        #expect(request.wantsKeepAlive)
        #expect(consumed == text.utf8.count - "GET / HTTP/1.1\r\n".utf8.count)
    }

    @Test func waitsForTheEndOfTheHead() {
        #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
        #expect(parse("") == .incomplete)
    }

    @Test func refusesMalformedAndOversizedHeads() {
        #expect(parse("GET /\r\n\r\n") == .invalid(status: 400))
        #expect(parse("GET / HTTP/2.0\r\n\r\n") == .invalid(status: 400))
        #expect(parse("get / HTTP/1.1\r\n\r\n") == .invalid(status: 400))
        #expect(parse("GET / HTTP/1.1\r\nno colon here\r\n\r\n") == .invalid(status: 400))
        #expect(
            parse("GET /" + String(repeating: "a", count: HTTPParser.maximumHeadSize) + " HTTP/1.1\r\n")
                == .invalid(status: 431))
    }

    @Test func keepAliveFollowsTheVersionAndConnectionHeader() {
        #expect(!HTTPRequest(method: "GET", target: "/", headers: ["connection": "close"]).wantsKeepAlive)
        #expect(!HTTPRequest(method: "GET", target: "/", version: "HTTP/1.0").wantsKeepAlive)
        #expect(
            HTTPRequest(method: "GET", target: "/", version: "HTTP/1.0", headers: ["connection": "Keep-Alive"])
                .wantsKeepAlive)
    }

    @Test func contentLengthIsTheBodyLengthEvenForHead() {
        let response = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("héllo".utf8))
        let head = String(decoding: response.serialized(keepAlive: false, body: false), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 6\r\n"))
        #expect(head.hasSuffix("Connection: close\r\n\r\n"))
    }
}

@Suite struct SitePathTests {
    private func path(_ text: String) throws(SitePath.Rejection) -> SitePath {
        try SitePath(requestPath: Substring(text))
    }

    @Test func normalisesSlashesAndDots() throws {
        #expect(try path("//sayings//./42/").components == ["sayings", "42"])
        #expect(try path("/sayings/42/").isFolder)
        #expect(try !path("/feed.xml").isFolder)
        #expect(try path("/").components.isEmpty)
        #expect(try path("/%ED%95%9C%20b").components == ["한 b"])
    }

    @Test(arguments: [
        "/../etc/passwd", "/sayings/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2e%2e/etc/passwd",
        "/..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/a/..", "/..\u{0}"
    ])
    func refusesEveryWayUp(_ text: String) {
        #expect(throws: SitePath.Rejection.self) { try path(text) }
        if !text.contains("\u{0}") {
            #expect(throws: SitePath.Rejection.climbsOut) { try path(text) }
        }
    }

    @Test func refusesHiddenFilesAndBadEscapes() {
        #expect(throws: SitePath.Rejection.hidden) { try path("/.modak-manifest") }
        #expect(throws: SitePath.Rejection.hidden) { try path("/%2emodak-lock") }
        #expect(throws: SitePath.Rejection.malformed) { try path("/a%00b") }
        #expect(throws: SitePath.Rejection.malformed) { try path("/%zz") }
        #expect(throws: SitePath.Rejection.malformed) { try path("/%ff") }
        #expect(throws: SitePath.Rejection.malformed) { try path("relative") }
    }

    @Test func urlPathsCanOnlyNameThisSite() throws {
        #expect(try path("//evil.example").urlPath == "/evil.example")
        #expect(try path("/a%20b/%ED%95%9C").urlPath == "/a%20b/%ED%95%9C")
    }
}

@Suite struct StaticFilesTests {
    @Test func findsFilesAndIndexPagesInsideTheFolderOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/index.html", "home")
        try folder.write("site/sayings/a/index.html", "a")
        try folder.write("site/feed.xml", "<rss/>")
        try folder.write("secret.txt", "outside")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/site/leak.txt", withDestinationPath: folder.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/site/up", withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/site/inside.xml", withDestinationPath: "feed.xml")
        #expect(mkfifo(folder.path + "/site/pipe", 0o644) == 0)
        let files = StaticFiles(root: folder.path + "/site")
        func lookup(_ text: String) throws -> StaticFiles.Lookup {
            files.lookup(try SitePath(requestPath: Substring(text)))
        }

        let real = StaticFiles.realPath(folder.path + "/site")!
        #expect(try lookup("/") == .file(real + "/index.html"))
        #expect(try lookup("/sayings/a/") == .file(real + "/sayings/a/index.html"))
        #expect(try lookup("/sayings/a") == .addSlash)
        #expect(try lookup("/sayings/") == .notFound)
        #expect(try lookup("/inside.xml") == .file(real + "/feed.xml"))
        #expect(try lookup("/leak.txt") == .forbidden)
        #expect(try lookup("/up/secret.txt") == .forbidden)
        #expect(try lookup("/up/") == .forbidden)
        #expect(try lookup("/pipe") == .notFound)
        #expect(try lookup("/missing.html") == .notFound)
    }

    @Test func contentTypesCoverWhatASiteHolds() {
        #expect(MediaType.of("index.html") == "text/html; charset=utf-8")
        #expect(MediaType.of("cards/a.svg") == "image/svg+xml")
        #expect(MediaType.of("feed.xml").hasPrefix("application/xml"))
        #expect(MediaType.of("search.json") == "application/json")
        #expect(MediaType.of("souvenirs.ics").hasPrefix("text/calendar"))
        #expect(MediaType.of("a.CSS").hasPrefix("text/css"))
        #expect(MediaType.of("a.js").hasPrefix("text/javascript"))
        #expect(MediaType.of("cards/a.png") == "image/png")
        #expect(MediaType.of("robots.txt").hasPrefix("text/plain"))
        #expect(MediaType.of("favicon.ico") == "image/x-icon")
        #expect(MediaType.of("site.webmanifest") == "application/manifest+json")
        #expect(MediaType.of("README") == "application/octet-stream")
    }
}

@Suite struct LiveReloadTests {
    @Test func theScriptGoesBeforeTheLastBodyEndTag() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let result = String(decoding: LiveReload.inject("<script></script>", into: page), as: UTF8.self)
        #expect(result == "<html><body><p>&lt;/body&gt;</p><script></script></BODY></html>")
        #expect(String(decoding: LiveReload.inject("<x>", into: Array("<p>".utf8)), as: UTF8.self) == "<p><x>")
    }

    @Test func errorsAreEscapedInTheOverlay() {
        let snippet = LiveReload.snippet(generation: 3, errors: ["content/a.md:2: bad <script>"])
        #expect(snippet.contains("since=3"))
        #expect(snippet.contains("content/a.md:2: bad &lt;script&gt;"))
        // As on the pages: an "&" that starts a grapheme cluster is escaped all the same.
        #expect(
            LiveReload.snippet(generation: 1, errors: ["&\u{301}<\u{301} 'x'"]).contains(
                "<li>&amp;\u{301}&lt;\u{301} &#39;x&#39;</li>"))
        #expect(!LiveReload.snippet(generation: 1, errors: []).contains("modak-build-errors"))
    }
}
