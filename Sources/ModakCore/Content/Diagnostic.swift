/// One problem found in the content, pointing at the file and line a person has to edit.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: Sendable, Equatable { case error, warning }

    public var severity: Severity
    public var path: String
    public var line: Int?
    public var message: String

    public init(_ severity: Severity = .error, path: String, line: Int? = nil, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.message = Self.printable(message)
    }

    /// Messages quote content, and content may hold control characters: shown as escapes such as
    /// `\u{1B}`, they cannot drive the reader's terminal, reorder the line (bidi controls) or split
    /// one diagnostic over several lines.
    static func printable(_ message: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
        guard message.unicodeScalars.contains(where: isControl) else { return message }
        var result = ""
        for scalar in message.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, path: location.path, line: location.line, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path: location.path, line: location.line, message)
    }

    /// `path:line: message`, the form editors and CI logs turn into links.
    public var description: String {
        let place = line.map { "\(Self.printable(path)):\($0)" } ?? Self.printable(path)
        return severity == .warning ? "\(place): warning: \(message)" : "\(place): \(message)"
    }
}

/// Where a value came from: a path relative to the content folder's parent and a 1-based line.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public var path: String
    public var line: Int

    public init(path: String, line: Int) { (self.path, self.line) = (path, line) }
}

/// Collects diagnostics while a stage runs, so every problem is reported at once.
public struct DiagnosticLog: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }

    public mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    public mutating func error(_ location: SourceLocation, _ message: String) {
        items.append(.error(location, message))
    }
    public mutating func warning(_ location: SourceLocation, _ message: String) {
        items.append(.warning(location, message))
    }
    public mutating func append(contentsOf other: DiagnosticLog) { items.append(contentsOf: other.items) }

    /// Sorted by path, then line, so output does not depend on the order files were read.
    public var sorted: [Diagnostic] {
        items.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
    }
}
