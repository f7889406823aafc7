import Foundation
import ModakCore
import ModakSite
import Synchronization

/// Why the preview server built the site.
public enum RebuildReason: String, Sendable, Equatable {
    case start = "first build"
    case sourcesChanged = "content or templates changed"
    case newDay = "a new day began in the site's time zone"
}

/// `modak serve`: builds the site, serves the output folder on 127.0.0.1, rebuilds when the content
/// or templates change and when a new day begins in the site's time zone, and reloads open pages.
/// The site is served under its base URL's path (`/lanterns/` for `https://name.github.io/lanterns/`),
/// as it will be published, so links that would leave that path fail in the preview too.
///
/// A failed build leaves the last good site on disk (the builder writes nothing then); pages show
/// the errors in an overlay until a build succeeds.
public final class PreviewServer: Sendable {
    public struct Build: Sendable {
        public var result: BuildResult
        public var reason: RebuildReason
        public var seconds: Double
    }

    private struct Schedule {
        var builtFingerprint: UInt64 = 0
        /// When the clock-driven site next turns a day; nil when the day is pinned or unknown.
        var nextDay: Date?
    }

    /// A failed day-turn build (say another build held the lock) is retried after this long.
    static let dayRetryDelay: TimeInterval = 60

    private let builder: SiteBuilder
    private let request: BuildRequest
    private let pollInterval: TimeInterval
    private let onBuild: @Sendable (Build) -> Void
    private let files: StaticFiles
    private let generation = BuildGeneration()
    private let schedule = Mutex(Schedule())
    private let stopped = Atomic<Bool>(false)
    private let http: Mutex<HTTPServer?> = Mutex(nil)
    /// The components of the last good build's root path: `["lanterns"]` for `/lanterns/`.
    private let siteRoot = Mutex<[String]>([])

    /// `onBuild` is told about every build, from the server's own thread.
    public init(
        builder: SiteBuilder, request: BuildRequest, pollInterval: TimeInterval = 0.3,
        onBuild: @escaping @Sendable (Build) -> Void
    ) {
        (self.builder, self.request, self.pollInterval) = (builder, request, pollInterval)
        self.onBuild = onBuild
        files = StaticFiles(root: request.outputDirectory)
    }

    /// Listens on `port` (0 picks a free one), builds once, then serves and watches in the background.
    /// Returns the port it listens on.
    public func start(port: UInt16) throws(ServerError) -> UInt16 {
        let server = try HTTPServer(port: port) { [self] request in handle(request) }
        http.withLock { $0 = server }
        rebuild(.start)
        server.start()
        Thread.detachNewThread { [self] in watch() }
        return server.port
    }

    /// Where the site's pages start on this server: `/`, or the base URL's path.
    public var rootPath: String { Self.urlPath(ofRoot: siteRoot.withLock { $0 }) }

    public func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        http.withLock { $0?.stop() }
    }

    // MARK: Rebuilding

    private var watchedFolders: [String] {
        [request.contentDirectory] + builder.templateFolders(for: request)
    }

    private func watch() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            Thread.sleep(forTimeInterval: pollInterval)
            if let reason = dueRebuild() { rebuild(reason) }
        }
    }

    private func dueRebuild() -> RebuildReason? {
        let fingerprint = FolderFingerprint.of(watchedFolders)
        let now = builder.clock
        return schedule.withLock { schedule in
            if fingerprint != schedule.builtFingerprint { return .sourcesChanged }
            if let next = schedule.nextDay, now() >= next { return .newDay }
            return nil
        }
    }

    private func rebuild(_ reason: RebuildReason) {
        if reason == .sourcesChanged {
            // Let an editor finish saving a group of files before reading them.
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Taken before the build, so an edit made while it runs triggers another.
        let fingerprint = FolderFingerprint.of(watchedFolders)
        let started = Date()
        let result = builder.build(request)
        let seconds = Date().timeIntervalSince(started)
        let followsClock = request.day == nil && request.instant == nil
        let now = builder.clock
        schedule.withLock { schedule in
            schedule.builtFingerprint = fingerprint
            guard followsClock else { return }
            if let today = result.today, result.succeeded {
                schedule.nextDay = today.tomorrowStart
            } else if let next = schedule.nextDay, now() >= next {
                schedule.nextDay = now().addingTimeInterval(Self.dayRetryDelay)
            }
        }
        if let rootPath = result.rootPath {
            siteRoot.withLock { $0 = (try? SitePath(requestPath: Substring(rootPath)))?.components ?? [] }
        }
        let errors = result.succeeded ? [] : result.diagnostics.filter { $0.severity == .error }.map(\.description)
        generation.advance(errors: errors)
        onBuild(Build(result: result, reason: reason, seconds: seconds))
    }

    // MARK: Serving

    /// Answers one request: a file of the output folder (HTML with live reload added), the reload
    /// events, or an error. Public so tests can call it without a socket.
    public func handle(_ request: HTTPRequest) -> HTTPReply {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .response(.text(405, "only GET and HEAD are served", headers: [("Allow", "GET, HEAD")]))
        }
        if request.path == LiveReload.eventsPath {
            let since = request.query.flatMap { query in Self.parameter("since", in: query) }.flatMap { Int($0) }
            return events(since: since ?? -1)
        }
        let requested: SitePath
        do {
            requested = try SitePath(requestPath: request.path)
        } catch .malformed {
            return .response(.text(400, "the path is not a valid URL path"))
        } catch .climbsOut {
            return .response(.text(403, "paths may not contain `..`"))
        } catch {
            return .response(notFound())
        }
        let root = siteRoot.withLock { $0 }
        guard requested.components.starts(with: root) else {
            guard requested.components.isEmpty else { return .response(notFound()) }
            let location = Self.urlPath(ofRoot: root)
            return .response(.text(302, "the site is at \(location)", headers: [("Location", location)]))
        }
        if requested.components == root, !root.isEmpty, !requested.isFolder {
            return .response(Self.slashAdded(to: requested, query: request.query))
        }
        switch files.lookup(
            SitePath(components: Array(requested.components.dropFirst(root.count)), isFolder: requested.isFolder))
        {
        case .file(let realPath):
            guard let bytes = files.contents(of: realPath) else { return .response(notFound()) }
            return .response(page(200, bytes, type: MediaType.of(realPath)))
        case .addSlash:
            return .response(Self.slashAdded(to: requested, query: request.query))
        case .forbidden:
            return .response(.text(403, "outside the site's folder"))
        case .notFound:
            return .response(notFound())
        }
    }

    /// A folder's URL asked without its `/`: sent on to it, query kept.
    private static func slashAdded(to path: SitePath, query: Substring?) -> HTTPResponse {
        let location = path.urlPath + "/" + (query.map { "?" + $0 } ?? "")
        return .text(301, "moved to \(location)", headers: [("Location", location)])
    }

    private static func urlPath(ofRoot root: [String]) -> String {
        root.isEmpty ? "/" : SitePath(components: root, isFolder: true).urlPath + "/"
    }

    private func notFound() -> HTTPResponse {
        guard let bytes = files.notFoundPage() else { return .text(404, "not found") }
        return page(404, bytes, type: MediaType.of("404.html"))
    }

    private func page(_ status: Int, _ bytes: [UInt8], type: String) -> HTTPResponse {
        var body = bytes
        if MediaType.isHTML(type) {
            let (current, errors) = generation.current
            body = LiveReload.inject(LiveReload.snippet(generation: current, errors: errors), into: bytes)
        }
        // no-store: a preview must show the latest build, never a cached page.
        return HTTPResponse(
            status: status,
            headers: [("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")],
            body: body)
    }

    /// Server-sent events: `reload` as soon as the site is newer than the page's build.
    private func events(since seen: Int) -> HTTPReply {
        .stream(headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]) { [self] writer in
            guard writer.write(Array("retry: 1000\n\n".utf8)) else { return }
            while !stopped.load(ordering: .relaxed) {
                let current = generation.current.generation
                if current != seen {
                    _ = writer.write(LiveReload.reloadEvent(generation: current))
                    return
                }
                // A comment now and then finds out when the page has gone, and frees the thread.
                if generation.wait(whileAt: seen, timeout: 15) == nil, !writer.write(Array(": waiting\n\n".utf8)) {
                    return
                }
            }
        }
    }

    private static func parameter(_ name: String, in query: Substring) -> Substring? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return parts[1] }
        }
        return nil
    }
}
