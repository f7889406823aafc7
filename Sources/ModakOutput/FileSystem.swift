import CGlibcExtras
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The few POSIX calls the writer needs, kept in one place so the rest reads as plain Swift.
public enum FileSystem {
    static func createDirectories(_ path: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path, reason: error.localizedDescription)
        }
    }

    /// What a path names, for a writer about to put a file there.
    enum EntryKind: Equatable {
        /// Nothing (or something a rename replaces, such as a dangling link).
        case missing
        case file(size: Int)
        case folder
        /// One of the folders above it is a file.
        case underAFile
    }

    static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOTDIR ? .underAFile : .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        default: return .missing
        }
    }

    /// What `path` itself names, not following a link at its end (a link is `.missing`).
    static func linkKind(of path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        default: return .missing
        }
    }

    /// The file system a path is on, or nil when it cannot be looked at.
    static func device(of path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
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
        guard errno == EEXIST else { throw .cannotCreateFolder(path, reason: lastError) }
        return false
    }

    /// Writes to a temporary sibling and renames it over `path`: readers see the old or the new file.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let temporary = try writeTemporary(bytes, beside: path)
        do {
            try replace(path, with: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `bytes` to a new temporary sibling of `path` (see `isTemporaryName`) and returns its path.
    static func writeTemporary(_ bytes: [UInt8], beside path: String) throws(OutputError) -> String {
        try write(bytes, to: temporarySibling(of: path))
    }

    /// Creates or truncates `path` and writes `bytes` to it, on the disk before it returns when
    /// `synced`, marked as a file of the site when `marked` (`OutputMarks`); returns `path`. On
    /// failure the file is removed.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, synced: Bool = false, marked: Bool = false)
        throws(OutputError) -> String
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreate(path, reason: lastError) }
        if marked { OutputMarks.mark(descriptor: descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = OutputError.cannotWrite(path, reason: lastError)
                close(descriptor)
                unlink(path)
                throw error
            }
            offset += count
        }
        let isSynced = !synced || fsync(descriptor) == 0
        guard close(descriptor) == 0, isSynced else {
            unlink(path)
            throw .cannotWrite(path, reason: lastError)
        }
        return path
    }

    /// Renames a file over `path`; when that fails, the file stays where it was.
    ///
    /// A regular file already there (or a link to one) is swapped with the new file, which is
    /// then removed: ext4 flushes a file renamed over another before the rename (`auto_da_alloc`),
    /// and a swap is not a rename over a file. Readers see the old or the new file either way.
    /// (bench/README.md#decision-a-replaced-file-is-swapped-not-renamed-over)
    static func replace(_ path: String, with file: String) throws(OutputError) {
        if size(of: path) != nil,
            renameat2(AT_FDCWD, file, AT_FDCWD, path, UInt32(MODAK_RENAME_EXCHANGE)) == 0
        {
            unlink(file)
            return
        }
        // Nothing to swap with, or a file system that cannot swap: a plain rename.
        guard rename(file, path) == 0 else { throw .cannotReplace(path, reason: lastError) }
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
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder) else {
            return
        }
        for name in names where name.hasPrefix(prefix) && isTemporaryName(name) {
            let pid = name.dropFirst(prefix.count).prefix { ("0"..."9").contains($0) }
            // Signal 0 only asks whether the process exists.
            if let pid = Int32(pid), kill(pid, 0) != 0 && errno == ESRCH {
                removeTree(folder + "/" + name)
            }
        }
    }

    /// Whether `path` is a folder (or a link to one).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Removes a folder and everything in it (not following symbolic links).
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Whether `name` is one of `temporarySibling`'s names, or one that an older Modak's card
    /// rasteriser made from one (adding `.<pid>.<uuid>.tmp`), which a build taking over that
    /// version's output removes (`OutputBookkeeping.removeLegacyFiles`).
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".modak-", options: .backwards),
            marker.lowerBound > name.index(after: name.startIndex)
        else { return false }
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

    /// What the last failed system call says went wrong (`errno`, in words).
    static var lastError: String { String(cString: strerror(errno)) }
}

/// An exclusive, non-blocking `flock`, released on exit even after `kill -9`: on a file of an
/// output's bookkeeping, or on the output folder itself, so that builds into one folder exclude
/// each other whatever cache each keeps its bookkeeping in.
final class OutputLock {
    private let descriptor: Int32

    /// Locks the file at `path`, made if missing. `folderForMessages` is the output folder as the
    /// user named it.
    init(path: String, folderForMessages: String) throws(OutputError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotOpenLock(path, reason: FileSystem.lastError)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .locked(output: folderForMessages)
        }
    }

    /// Locks the folder at `path`. A build that puts a new folder in the place of the one locked
    /// locks the new one first (`StagingArea`), so a lock taken on a folder that has since been
    /// replaced is let go and taken on the one now at `path`.
    init(folder path: String, folderForMessages: String) throws(OutputError) {
        while true {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .cannotOpenLock(path, reason: FileSystem.lastError)
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw .locked(output: folderForMessages)
            }
            var locked = stat(), current = stat()
            if fstat(descriptor, &locked) == 0, stat(path, &current) == 0,
                locked.st_dev == current.st_dev, locked.st_ino == current.st_ino
            {
                self.descriptor = descriptor
                return
            }
            close(descriptor)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
