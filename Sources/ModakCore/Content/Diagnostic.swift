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
        self.message = message
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, path: location.path, line: location.line, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path: location.path, line: location.line, message)
    }

    /// `path:line: message`, the form editors and CI logs turn into links.
    public var description: String {
        let place = line.map { "\(path):\($0)" } ?? path
        return severity == .warning ? "\(place): warning: \(message)" : "\(place): \(message)"
    }
}

/// Where a value came from: a path relative to the content folder's parent and a 1-based line.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public var path: String
    public var line: Int

    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }
}

/// Collects diagnostics while a stage runs, so every problem is reported at once.
public struct DiagnosticLog: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }

    public mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    public mutating func error(_ location: SourceLocation, _ message: String) { items.append(.error(location, message)) }
    public mutating func warning(_ location: SourceLocation, _ message: String) { items.append(.warning(location, message)) }
    public mutating func append(contentsOf other: DiagnosticLog) { items.append(contentsOf: other.items) }

    /// Sorted by path, then line, so output does not depend on the order files were read.
    public var sorted: [Diagnostic] {
        items.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
    }
}
