import Foundation
import ModakCore
import ModakOutput
import ModakSite
import Synchronization
import Testing
import TestSupport
@testable import ModakServe

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ iso: String) { current = Mutex(ISO8601DateFormatter().date(from: iso)!) }

    var now: Date { current.withLock { $0 } }
    func set(_ iso: String) { current.withLock { $0 = ISO8601DateFormatter().date(from: iso)! } }
}

/// Every build a preview server reported, in order.
final class BuildLog: Sendable {
    private let builds = Mutex<[PreviewServer.Build]>([])

    func append(_ build: PreviewServer.Build) { builds.withLock { $0.append(build) } }
    var all: [PreviewServer.Build] { builds.withLock { $0 } }
}

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A preview of the `basic` fixture copied into a scratch folder, built with `clock`.
/// `baseURL` replaces the fixture's.
private func preview(_ folder: TemporaryFolder, clock: ManualClock, date: String? = nil, baseURL: String? = nil) throws
    -> (PreviewServer, UInt16, BuildLog)
{
    try FileManager.default.copyItem(
        atPath: repository.appendingPathComponent("Tests/Fixtures/basic/content").path, toPath: folder.path + "/content"
    )
    if let baseURL {
        let settings = folder.path + "/content/site.json"
        try String(contentsOfFile: settings, encoding: .utf8).replacingOccurrences(
            of: "https://fixture.example/", with: baseURL
        )
        .write(toFile: settings, atomically: true, encoding: .utf8)
    }
    var request = BuildRequest()
    request.contentDirectory = folder.path + "/content"
    request.outputDirectory = folder.path + "/public"
    request.day = date.flatMap { CivilDay(iso: $0) }
    let builds = BuildLog()
    // A copy of the templates, so edits to the repository's own cannot trigger rebuilds mid-test.
    try FileManager.default.copyItem(
        atPath: repository.appendingPathComponent("Templates").path, toPath: folder.path + "/Templates")
    let builder = SiteBuilder(
        clock: { clock.now }, bundledTemplates: folder.path + "/Templates", pngDeriver: nil,
        cache: BuildCache(root: scratchCacheRoot))
    let server = PreviewServer(builder: builder, request: request, pollInterval: 0.05) { build in builds.append(build) }
    let port = try server.start(port: 0)
    return (server, port, builds)
}

/// Waits up to `seconds` for `condition`.
private func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}

/// Sends raw bytes and reads until the server closes the connection.
private func exchange(_ port: UInt16, _ text: String) -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    let connected = Socket.withLoopback(port: port) { connect(descriptor, $0, $1) }
    guard connected == 0, Socket.sendAll(descriptor, Array(text.utf8)) else { return "" }
    Socket.configure(descriptor, timeout: 5)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        received += chunk[..<count]
    }
    return String(decoding: received, as: UTF8.self)
}

@Suite(.serialized) struct PreviewServerTests {
    @Test func servesKeepAliveRequestsAndHeadOverASocket() throws {
        let folder = try TemporaryFolder()
        let (server, port, _) = try preview(folder, clock: ManualClock("2026-11-30T03:00:00Z"), date: "2026-11-30")
        defer { server.stop() }
        let answer = exchange(
            port,
            """
            GET /sayings/one/ HTTP/1.1\r\nHost: x\r\n\r\nHEAD /sayings/one/ HTTP/1.1\r\nHost: x\r\n\r\nGET \
            /nowhere HTTP/1.1\r\nConnection: close\r\n\r\n
            """
        )
        let responses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst()
        #expect(responses.count == 3)
        let first = try #require(responses.first)
        #expect(first.hasPrefix("200 OK"))
        #expect(first.contains("Connection: keep-alive"))
        #expect(first.contains("data-saying-id=\"one\""))
        #expect(first.contains("<script data-modak-serve>"))
        // The page on disk stays as built: live reload exists only in what is served.
        let onDisk = try String(contentsOfFile: folder.path + "/public/sayings/one/index.html", encoding: .utf8)
        #expect(!onDisk.contains("data-modak-serve"))
        let body = first.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        #expect(first.contains("Content-Length: \(body.utf8.count)\r\n"))
        let head = try #require(responses.dropFirst().first)
        #expect(head.hasPrefix("200 OK"))
        #expect(head.hasSuffix("\r\n\r\n"), "HEAD has no body")
        #expect(head.contains("Content-Length: \(body.utf8.count)\r\n"), "HEAD tells the length GET would send")
        #expect(responses.last?.hasPrefix("404 Not Found") == true)
        #expect(responses.last?.contains("Connection: close") == true)
    }

    @Test func answersOnlyGetAndHeadAndNeverLeavesTheFolder() throws {
        let folder = try TemporaryFolder()
        let (server, port, _) = try preview(folder, clock: ManualClock("2026-11-30T03:00:00Z"), date: "2026-11-30")
        defer { server.stop() }
        #expect(
            exchange(port, "POST / HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").hasPrefix(
                "HTTP/1.1 405"))
        #expect(
            exchange(port, "GET /../../../../etc/passwd HTTP/1.1\r\nConnection: close\r\n\r\n").hasPrefix(
                "HTTP/1.1 403"))
        #expect(exchange(port, "GET /.modak-manifest HTTP/1.1\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 404"))
        let redirect = exchange(port, "GET //sayings/one HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(redirect.hasPrefix("HTTP/1.1 301"))
        #expect(redirect.contains("Location: /sayings/one/\r\n"))
        #expect(exchange(port, "BROKEN\r\n\r\n").hasPrefix("HTTP/1.1 400"))
    }

    @Test func rebuildsAtMidnightInTheSitesTimeZone() throws {
        let folder = try TemporaryFolder()
        // 23:59:59 in Seoul; the fixture schedules a saying for 2026-12-01 00:00 there.
        let clock = ManualClock("2026-11-30T14:59:59Z")
        let (server, _, builds) = try preview(folder, clock: clock)
        defer { server.stop() }
        let scheduledPage = folder.path + "/public/sayings/scheduled/index.html"
        #expect(builds.all.map(\.reason) == [.start])
        #expect(!FileManager.default.fileExists(atPath: scheduledPage))

        Thread.sleep(forTimeInterval: 0.3)
        #expect(builds.all.count == 1, "nothing changed, so nothing is rebuilt")

        clock.set("2026-11-30T15:00:01Z")
        #expect(eventually { builds.all.last?.reason == .newDay })
        #expect(FileManager.default.fileExists(atPath: scheduledPage))
        #expect(builds.all.last?.result.today?.day == CivilDay(iso: "2026-12-01"))
    }

    @Test func rebuildsWhenContentChangesAndShowsErrorsOverTheLastGoodSite() throws {
        let folder = try TemporaryFolder()
        let (server, _, builds) = try preview(folder, clock: ManualClock("2026-11-30T03:00:00Z"), date: "2026-11-30")
        defer { server.stop() }
        let saying = folder.path + "/content/sayings/one.md"
        let original = try String(contentsOfFile: saying, encoding: .utf8)
        try original.replacingOccurrences(of: "\n---\n", with: "\ntmie: 2026\n---\n").write(
            toFile: saying, atomically: true, encoding: .utf8)
        #expect(eventually { builds.all.last?.result.succeeded == false })
        #expect(builds.all.last?.reason == .sourcesChanged)
        guard case .response(let page) = server.handle(HTTPRequest(method: "GET", target: "/sayings/one/")) else {
            Issue.record("no page"); return
        }
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200, "the last good site is still served")
        #expect(html.contains("id=\"modak-build-errors\""))
        #expect(html.contains("one.md:"))

        try original.write(toFile: saying, atomically: true, encoding: .utf8)
        #expect(eventually { builds.all.last?.result.succeeded == true })
        guard case .response(let fixed) = server.handle(HTTPRequest(method: "GET", target: "/")) else {
            Issue.record("no page"); return
        }
        #expect(!String(decoding: fixed.body, as: UTF8.self).contains("modak-build-errors"))
    }

    /// The site is previewed where it will be published: under its base URL's path.
    @Test func servesASiteUnderItsBaseURLsPath() throws {
        let folder = try TemporaryFolder()
        let (server, _, _) = try preview(
            folder, clock: ManualClock("2026-11-30T03:00:00Z"), date: "2026-11-30",
            baseURL: "https://name.github.io/lanterns/")
        defer { server.stop() }
        #expect(server.rootPath == "/lanterns/")
        func answer(_ target: String) -> (status: Int, location: String?, body: String) {
            guard case .response(let response) = server.handle(HTTPRequest(method: "GET", target: target)) else {
                return (0, nil, "")
            }
            return (
                response.status, response.headers.first { $0.name == "Location" }?.value,
                String(decoding: response.body, as: UTF8.self)
            )
        }
        #expect(answer("/").status == 302 && answer("/").location == "/lanterns/")
        #expect(answer("/lanterns").status == 301 && answer("/lanterns").location == "/lanterns/")
        #expect(answer("/lanterns/").status == 200 && answer("/lanterns/").body.contains("<html"))
        #expect(answer("/lanterns/sayings/one/").status == 200)
        #expect(answer("/lanterns/sayings/one?x=1").location == "/lanterns/sayings/one/?x=1")
        let outside = answer("/sayings/one/")
        #expect(
            outside.status == 404 && outside.body.contains("<html"),
            "a link that leaves the site's path gets its 404 page")
        #expect(answer("/lanternsX/").status == 404)
    }
}
