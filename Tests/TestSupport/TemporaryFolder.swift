import Foundation

/// A scratch folder for one test, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("modak-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file, creating the folders above it.
    public func write(_ relativePath: String, _ text: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes `files` (relative path → text) under `folder`; returns the folder's URL.
    @discardableResult
    public func make(_ folder: String, _ files: [String: String]) throws -> URL {
        for (path, text) in files { try write(folder + "/" + path, text) }
        return url.appendingPathComponent(folder)
    }

    public func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + relativePath).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Every file and link below the folder, relative, sorted.
    public func allFiles() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).filter { subpath in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path + "/" + subpath, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relativePath)
    }
}

/// Where tests keep the bookkeeping of the sites they build (`BuildCache`), instead of the user's
/// cache folder. Bookkeeping of outputs that are gone is pruned by the builds themselves.
public let scratchCacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("modak-test-cache").path
