/// An error a template author can act on: a syntax error found while compiling,
/// or a problem found while rendering (missing partial in strict mode, runaway recursion).
///
/// `line` and `column` are 1-based and point at the opening delimiter of the offending tag.
/// Errors that are not about a position in a template (a missing folder, say) use 0 for both.
public struct MustacheError: Error, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message` (or `file: message` when there is no position).
    public var description: String {
        let name = file.isEmpty ? "<template>" : file
        return line > 0 ? "\(name):\(line):\(column): \(message)" : "\(name): \(message)"
    }
}

/// A position in a template source, kept on nodes that can fail at render time.
struct SourceLocation: Sendable {
    let file: String
    let line: Int
    let column: Int

    func error(_ message: String) -> MustacheError {
        MustacheError(file: file, line: line, column: column, message: message)
    }
}
