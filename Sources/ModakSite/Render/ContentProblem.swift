import ModakCore

/// A problem in the content that only rendering finds (two sources claiming one page),
/// reported like any other content error.
public struct ContentProblem: Error, Sendable {
    public var diagnostic: Diagnostic

    public init(_ location: SourceLocation, _ message: String) {
        diagnostic = .error(location, message)
    }
}
