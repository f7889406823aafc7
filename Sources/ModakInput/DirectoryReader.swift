import Foundation
import ModakCore
import ParallelWork
#if canImport(Glibc)
    import Glibc
#endif

/// Reads folders into memory: the first stage, and with `SiteWriter` the only one touching files.
///
/// Walks folders with `readdir` and reads files with `read`: Foundation's enumerator builds a URL
/// and asks for its resource values per file, which cost more than reading a small file.
public enum DirectoryReader {
    /// Every regular file below `directory` (hidden files and folders, and symbolic links, skipped; but hidden
    /// ones inside the folder `publishedWhole` names, which is published as it is), sorted by relative path.
    public static func files(
        in directory: String, publishedWhole: String? = nil
    ) throws -> [(relativePath: String, bytes: [UInt8])] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "\(directory): no such folder")
        }
        var relativePaths: [String] = []
        try collectFiles(
            in: directory, prefix: "", keepsHidden: false, publishedWhole: publishedWhole, into: &relativePaths)
        relativePaths.sort()
        let root = directory.hasSuffix("/") ? directory : directory + "/"
        // Small files cost their system calls more than their bytes: both cores make them.
        return try ParallelMap.map(relativePaths) { path in
            Result { (path, try contents(of: root + path)) }
        }.map { try $0.get() }
    }

    /// Hidden names that are never site files, even in a folder published whole: version control and Finder's.
    static let neverPublished: Set<String> = [".", "..", ".git", ".DS_Store"]

    private static func collectFiles(
        in folder: String, prefix: String, keepsHidden: Bool, publishedWhole: String?, into paths: inout [String]
    ) throws {
        guard let stream = opendir(folder) else { throw InputError(description: "\(folder): cannot be read") }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard keepsHidden ? !neverPublished.contains(name) : !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var kind = entry.pointee.d_type
            if kind == UInt8(DT_UNKNOWN) { // some file systems leave the type to `lstat`
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                kind =
                    (info.st_mode & S_IFMT) == S_IFDIR
                    ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            if kind == UInt8(DT_DIR) {
                let keepsHidden = keepsHidden || prefix + name == publishedWhole
                try collectFiles(
                    in: path, prefix: prefix + name + "/", keepsHidden: keepsHidden, publishedWhole: publishedWhole,
                    into: &paths)
            } else if kind == UInt8(DT_REG) {
                paths.append(prefix + name)
            }
        }
    }

    private static func contents(of path: String) throws -> [UInt8] {
        // A file swapped for a symbolic link since the folder was listed is not followed either.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw InputError(description: "\(path): cannot be read") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputError(description: "\(path): cannot be read") }
        // One byte more than the size, so that reading to the end takes one call and a file that
        // grew since `fstat` is still read whole.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw InputError(description: "\(path): cannot be read")
            }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The content folder as `SourceFile`s whose display paths start with `directory` as given. Hidden files in
    /// `static/` are read too: `.nojekyll` and `.well-known/` are published like the rest of it.
    public static func contentFiles(in directory: String) throws -> [SourceFile] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return try files(in: directory, publishedWhole: "static").map {
            SourceFile(relativePath: $0.relativePath, displayPath: prefix + $0.relativePath, bytes: $0.bytes)
        }
    }
}

public struct InputError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
