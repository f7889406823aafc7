/// One file of the built site.
public struct OutputFile: Sendable, Equatable {
    /// Path relative to the output folder, `/`-separated, never escaping it (checked by `SiteWriter`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// A file rendered only if the writer needs its bytes: when nothing on disk was made from the
/// same `key`. Pages are planned this way so that a rebuild skips the pages whose views did not
/// change, and so that a build never holds every page in memory at once.
public struct DeferredFile: Sendable {
    public var path: String
    /// A `StableHash` of everything the bytes are made from: equal keys promise equal bytes.
    /// Worked out by the writer, on its threads, when it needs it.
    public var key: @Sendable () -> UInt64
    public var render: @Sendable () throws -> [UInt8]

    public init(path: String, key: @escaping @Sendable () -> UInt64, render: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.key = key
        self.render = render
    }
}

/// A file an outside tool makes from another output file (a card's PNG from its SVG).
/// It is remade only when its source's bytes change.
public struct DerivedFile: Sendable, Equatable {
    public var path: String
    /// The plan file it is made from.
    public var source: String

    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}

/// Makes derived files; receives absolute paths, all jobs of one build at once.
public protocol FileDeriver: Sendable {
    func derive(_ jobs: [(source: String, destination: String)]) throws
}

/// Everything a build produces, before anything touches the disk.
public struct OutputPlan: Sendable {
    public var files: [OutputFile]
    public var deferred: [DeferredFile]
    public var derived: [DerivedFile]

    public init(files: [OutputFile] = [], deferred: [DeferredFile] = [], derived: [DerivedFile] = []) {
        self.files = files
        self.deferred = deferred
        self.derived = derived
    }

    public mutating func add(_ file: OutputFile) { files.append(file) }
    public mutating func add(path: String, text: String) { files.append(OutputFile(path: path, text: text)) }
    public mutating func add(contentsOf other: [OutputFile]) { files.append(contentsOf: other) }

    public subscript(path: String) -> OutputFile? { files.first { $0.path == path } }
}
