import Foundation
import ModakCore

/// Reads folders into memory: the first stage, and with `SiteWriter` the only one touching files.
public enum DirectoryReader {
    /// Every regular file below `directory` (hidden files and folders skipped), sorted by relative path.
    public static func files(in directory: String) throws -> [(relativePath: String, bytes: [UInt8])] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "\(directory): no such folder")
        }
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { throw InputError(description: "\(directory): cannot be read") }
        var result: [(String, [UInt8])] = []
        let prefixLength = root.path.count + (root.path.hasSuffix("/") ? 0 : 1)
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.count > prefixLength else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(description: "\(path): cannot be read")
            }
            result.append((String(path.dropFirst(prefixLength)), [UInt8](data)))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The content folder as `SourceFile`s whose display paths start with `directory` as given.
    public static func contentFiles(in directory: String) throws -> [SourceFile] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return try files(in: directory).map { SourceFile(relativePath: $0.relativePath, displayPath: prefix + $0.relativePath, bytes: $0.bytes) }
    }
}

public struct InputError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
