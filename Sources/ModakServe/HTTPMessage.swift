/// One HTTP/1.x request head (the preview server reads no bodies).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent, e.g. `/sayings/42/?q=1`.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// Header names lower-cased; repeated headers joined with `, `.
    public var headers: [String: String]

    public init(method: String, target: String, version: String = "HTTP/1.1", headers: [String: String] = [:]) {
        (self.method, self.target, self.version, self.headers) = (method, target, version, headers)
    }

    /// HTTP/1.1 keeps the connection open unless told to close; HTTP/1.0 closes unless told not to.
    public var wantsKeepAlive: Bool {
        let connection = headers["connection"]?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// A request announcing a body: the server answers it and closes, rather than read the body.
    public var hasBody: Bool {
        headers["transfer-encoding"] != nil || (headers["content-length"].flatMap { Int($0) } ?? 0) != 0
    }

    /// The path part of the target, before `?` or `#`.
    public var path: Substring {
        target.prefix { $0 != "?" && $0 != "#" }
    }

    /// The query without `?`, or nil.
    public var query: Substring? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return target[target.index(after: mark)...].prefix { $0 != "#" }
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text response, for errors without a page of their own.
    public static func text(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
            body: Array((text + "\n").utf8))
    }

    /// The status line and headers; `Content-Length` is always the body's length, even for `HEAD`.
    public func head(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    /// The whole response as sent; `body: false` for `HEAD`.
    public func serialized(keepAlive: Bool, body includeBody: Bool = true) -> [UInt8] {
        head(keepAlive: keepAlive) + (includeBody ? body : [])
    }

    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}

/// Reads request heads out of the bytes received so far.
public enum HTTPParser {
    /// Larger heads are refused: no browser sends them to a preview server.
    public static let maximumHeadSize = 16 * 1024

    public enum Outcome: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes of the buffer it used.
        case request(HTTPRequest, consumed: Int)
        /// A malformed head: answer with this status and close.
        case invalid(status: Int)
    }

    public static func parse(_ buffer: [UInt8]) -> Outcome {
        guard let end = headEnd(buffer) else {
            return buffer.count > maximumHeadSize ? .invalid(status: 431) : .incomplete
        }
        guard end <= maximumHeadSize else { return .invalid(status: 431) }
        // Header bytes outside UTF-8 are decoded with replacement characters; only ASCII matters here.
        let lines = String(decoding: buffer[..<end], as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return .invalid(status: 400) }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return .invalid(status: 400)
        }

        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .invalid(status: 400) }
            let name = line[..<colon]
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { return .invalid(status: 400) }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            let key = name.lowercased()
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        let request = HTTPRequest(
            method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers)
        return .request(request, consumed: end + 4)
    }

    /// The index of the `\r\n\r\n` ending the head.
    private static func headEnd(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

private extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        var result = self
        while let first = result.first, characters.contains(first) { result = result.dropFirst() }
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return String(result)
    }
}
