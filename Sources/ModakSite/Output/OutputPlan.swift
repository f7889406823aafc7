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

/// Everything a build produces, before anything touches the disk.
public struct OutputPlan: Sendable {
    public var files: [OutputFile]

    public init(files: [OutputFile] = []) {
        self.files = files
    }

    public mutating func add(_ file: OutputFile) { files.append(file) }
    public mutating func add(path: String, text: String) { files.append(OutputFile(path: path, text: text)) }
    public mutating func add(contentsOf other: [OutputFile]) { files.append(contentsOf: other) }

    public subscript(path: String) -> OutputFile? { files.first { $0.path == path } }
}
