import CGlibcExtras
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the writer needs, kept in one place so the rest reads as plain Swift.
enum FileSystem {
    static func createDirectories(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(description: "cannot create the folder \(path): \(error.localizedDescription)")
        }
    }

    /// Size of a regular file, or nil when there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Creates one folder; true when it was created, false when it already existed.
    static func makeDirectory(_ path: String) throws(OutputError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        guard errno == EEXIST else { throw failure("cannot create the folder", path) }
        return false
    }

    /// Writes to a temporary sibling and renames it over `path`: readers see the old or the new file.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try replace(path, with: try writeTemporary(bytes, beside: path))
    }

    /// Writes `bytes` to a new temporary sibling of `path` (see `isTemporaryName`) and returns its path.
    static func writeTemporary(_ bytes: [UInt8], beside path: String) throws(OutputError) -> String {
        try write(bytes, to: temporarySibling(of: path))
    }

    /// Creates or truncates `path` and writes `bytes` to it; returns `path`. On failure the file is removed.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) throws(OutputError) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create", path) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("cannot write", path)
                close(descriptor)
                unlink(path)
                throw error
            }
            offset += count
        }
        guard close(descriptor) == 0 else {
            unlink(path)
            throw failure("cannot write", path)
        }
        return path
    }

    /// Renames a temporary written by `writeTemporary` over `path`.
    ///
    /// A regular file already there (or a link to one) is swapped with the temporary, which is
    /// then removed: ext4 flushes a file renamed over another before the rename (`auto_da_alloc`),
    /// 5–7 ms for each large page a rebuild replaces, and a swap is not a rename over a file.
    /// Readers see the old or the new file either way; a swapped-out temporary left by a killed
    /// build holds the old bytes and goes with the other temporaries.
    static func replace(_ path: String, with temporary: String) throws(OutputError) {
        if size(of: path) != nil,
           renameat2(AT_FDCWD, temporary, AT_FDCWD, path, UInt32(MODAK_RENAME_EXCHANGE)) == 0 {
            unlink(temporary)
            return
        }
        // Nothing to swap with, or a file system that cannot swap: a plain rename.
        guard rename(temporary, path) == 0 else {
            let error = failure("cannot replace", path)
            unlink(temporary)
            throw error
        }
    }

    /// Removes a regular file or symlink; true when something was removed.
    @discardableResult
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Removes the folders above `relativePath` that are now empty, up to (not including) `root`.
    static func removeEmptyParents(of relativePath: String, under root: String) {
        var components = relativePath.split(separator: "/").dropLast()
        while !components.isEmpty {
            guard rmdir(root + "/" + components.joined(separator: "/")) == 0 else { return }
            components = components.dropLast()
        }
    }

    /// `.<name>.modak-<pid>.tmp` beside `path`: hidden, and recognisable after a crash.
    static func temporarySibling(of path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return String(path[..<slash]) + ".\(path[slash...]).modak-\(processID).tmp"
    }

    /// Asked once: every file written goes through a temporary named after it.
    private static let processID = getpid()

    /// Removes the temporary siblings of `path` left by builds that are no longer running (a
    /// killed build's folder for a new site).
    static func removeAbandonedTemporaries(of path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let prefix = ".\(slash.map { path[path.index(after: $0)...] } ?? path[...]).modak-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder) else { return }
        for name in names where name.hasPrefix(prefix) && isTemporaryName(name) {
            let pid = name.dropFirst(prefix.count).prefix { ("0"..."9").contains($0) }
            // Signal 0 only asks whether the process exists.
            if let pid = Int32(pid), kill(pid, 0) != 0 && errno == ESRCH {
                removeTree(folder + "/" + name)
            }
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Removes a folder and everything in it (not following symbolic links).
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Whether `name` is one of `temporarySibling`'s names, or a name a tool made from one
    /// (`rsvg-convert` writing a card PNG adds its own `.<pid>.<uuid>.tmp`).
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".modak-", options: .backwards),
              marker.lowerBound > name.index(after: name.startIndex) else { return false }
        let rest = name[marker.upperBound...]
        let pid = rest.prefix { ("0"..."9").contains($0) }
        let after = rest.dropFirst(pid.count)
        return !pid.isEmpty && (after == ".tmp" || (after.hasPrefix(".tmp.") && after.hasSuffix(".tmp")))
    }

    /// Deletes the temporary files directly inside `folder` (left there by a killed build).
    static func removeTemporaries(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where isTemporaryName(name) {
            unlink(folder + "/" + name)
        }
    }

    private static func failure(_ action: String, _ path: String) -> OutputError {
        OutputError(description: "\(action) \(path): \(String(cString: strerror(errno)))")
    }
}

/// An exclusive, non-blocking `flock` on a file in the output folder, released on exit even after `kill -9`.
final class OutputLock {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputError(description: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            throw OutputError(description: "another modak build is writing to \(folder.isEmpty ? "." : folder); wait for it to finish and run the build again")
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
