import StableHashing

/// One file of the built site.
public struct OutputFile: Sendable, Equatable {
    /// Path relative to the output folder, `/`-separated, never escaping it (checked by `SiteWriter`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) { (self.path, self.bytes) = (path, bytes) }

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
        (self.path, self.key, self.render) = (path, key, render)
    }
}

/// How a derived file is made, which the writer knows only by its recipe.
public protocol Derivation: Sendable {
    /// Adds what the file is made with besides its source (a size, a card's version): equal
    /// recipes promise equal files from equal sources.
    func addRecipe(to hash: inout StableHash)

    /// The file's bytes; `source` is the absolute path of the file it is derived from.
    func make(from source: String) throws -> [UInt8]
}

/// A file made from a file of the plan (a card's PNG, the app's icons). It is remade only when
/// its source's bytes or its recipe change.
public struct DerivedFile: Sendable, Equatable {
    public var path: String
    /// The plan file it is made from.
    public var source: String
    public var derivation: any Derivation

    public init(path: String, source: String, derivation: any Derivation) {
        (self.path, self.source, self.derivation) = (path, source, derivation)
    }

    public static func == (one: Self, other: Self) -> Bool {
        one.path == other.path && one.source == other.source && one.hash(fromSource: 0) == other.hash(fromSource: 0)
    }

    /// What the manifest records as this file's hash: its source's, mixed with its recipe, so
    /// that a new source or a new size makes it again.
    public func hash(fromSource sourceHash: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.add(sourceHash)
        derivation.addRecipe(to: &hash)
        return hash.value
    }
}

/// One file for a `FileDeriver` to make, between two absolute paths.
public struct DerivationJob: Sendable {
    public var source: String
    public var destination: String
    public var derivation: any Derivation

    public init(source: String, destination: String, derivation: any Derivation) {
        (self.source, self.destination, self.derivation) = (source, destination, derivation)
    }
}

/// Makes derived files, all jobs of one build at once.
public protocol FileDeriver: Sendable {
    func derive(_ jobs: [DerivationJob]) throws
}

/// Everything a build produces, before anything touches the disk.
public struct OutputPlan: Sendable {
    public var files: [OutputFile]
    public var deferred: [DeferredFile]
    public var derived: [DerivedFile]

    public init(files: [OutputFile] = [], deferred: [DeferredFile] = [], derived: [DerivedFile] = []) {
        (self.files, self.deferred, self.derived) = (files, deferred, derived)
    }

    public mutating func add(_ file: OutputFile) { files.append(file) }
    public mutating func add(path: String, text: String) { files.append(OutputFile(path: path, text: text)) }
    public mutating func add(contentsOf other: [OutputFile]) { files.append(contentsOf: other) }

    public subscript(path: String) -> OutputFile? { files.first { $0.path == path } }

    /// The paths of every file of the plan; the derived ones (PNGs) only when they will be made.
    public func paths(includingDerived: Bool) -> Set<String> {
        Set(files.map(\.path) + deferred.map(\.path) + (includingDerived ? derived.map(\.path) : []))
    }
}
