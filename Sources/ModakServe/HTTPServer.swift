import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// What a handler answers: a whole response, or a stream that keeps the connection (server-sent events).
public enum HTTPReply: Sendable {
    case response(HTTPResponse)
    /// Sends `headers`, then runs `body` with a writer until it returns; the connection then closes.
    case stream(headers: [(name: String, value: String)], body: @Sendable (StreamWriter) -> Void)
}

/// Writes to a streaming reply; `write` returns false once the client has gone.
public struct StreamWriter: Sendable {
    fileprivate let socket: Int32

    public func write(_ bytes: [UInt8]) -> Bool { Socket.sendAll(socket, bytes) }
}

public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// A small HTTP/1.1 server on POSIX sockets, bound to 127.0.0.1 only: a thread per connection,
/// keep-alive, `GET` and `HEAD` left to the handler to allow, no request bodies.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

    /// More connections than this at once get a 503, so a runaway client cannot exhaust threads.
    static let maximumConnections = 512
    /// A connection idle this long is closed, which also bounds a slow client's thread.
    static let idleTimeout = 10

    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let connections = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// Binds and listens (port 0 picks a free one); `start` begins accepting.
    public init(port: UInt16, handler: @escaping Handler) throws(ServerError) {
        self.handler = handler
        // Writing to a socket the client closed must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError(description: "cannot open a socket: \(Socket.lastError)") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = Socket.withLoopback(port: port) { bind(descriptor, $0, $1) }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let reason =
                errno == EADDRINUSE
                ? "it is in use: stop the other server or choose another with --port" : Socket.lastError
            close(descriptor)
            throw ServerError(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    public func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting; connections already open finish their current request.
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE { usleep(50_000); continue }
                return
            }
            guard connections.add(1, ordering: .relaxed).newValue <= Self.maximumConnections else {
                connections.subtract(1, ordering: .relaxed)
                _ = Socket.sendAll(client, HTTPResponse.text(503, "too many connections").serialized(keepAlive: false))
                close(client)
                continue
            }
            // Glibc's accept4 is not visible to Swift; a child process must not inherit the socket.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            Thread.detachNewThread { [self] in
                serve(client)
                close(client)
                connections.subtract(1, ordering: .relaxed)
            }
        }
    }

    private func serve(_ client: Int32) {
        Socket.configure(client, timeout: Self.idleTimeout)
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            switch HTTPParser.parse(buffer) {
            case .incomplete:
                let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                buffer.append(contentsOf: chunk[..<count])
            case .invalid(let status):
                _ = Socket.sendAll(
                    client, HTTPResponse.text(status, HTTPResponse.reason(status)).serialized(keepAlive: false))
                return
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                let keepAlive = request.wantsKeepAlive && !request.hasBody && !stopped.load(ordering: .relaxed)
                switch handler(request) {
                case .response(let response):
                    guard
                        Socket.sendAll(
                            client, response.serialized(keepAlive: keepAlive, body: request.method != "HEAD")),
                        keepAlive
                    else { return }
                case .stream(let headers, let body):
                    var head = "HTTP/1.1 200 OK\r\n"
                    for (name, value) in headers { head += "\(name): \(value)\r\n" }
                    head += "Connection: close\r\n\r\n"
                    guard Socket.sendAll(client, Array(head.utf8)), request.method != "HEAD" else { return }
                    body(StreamWriter(socket: client))
                    return
                }
            }
        }
    }
}

/// The socket calls, with their error handling, in one place.
enum Socket {
    static var lastError: String { String(cString: strerror(errno)) }

    /// Calls `body` with the address 127.0.0.1:`port` and its length, for `bind` or `connect`.
    static func withLoopback<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    static func configure(_ socket: Int32, timeout seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Sends every byte; false when the peer is gone or too slow.
    static func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(socket, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
