import ModakCore
#if canImport(Glibc)
    import Glibc
#endif

/// A hash of the names, sizes, inodes and modification times of every file below some folders.
/// It changes whenever a file is added, removed, edited or replaced, so polling it spots edits
/// without reading any file. Used only to notice change, never as a date of anything.
public enum FolderFingerprint {
    public static func of(_ folders: [String]) -> UInt64 {
        var hash = FNV1a()
        for folder in folders {
            hash.add(folder)
            add(folder, to: &hash)
        }
        return hash.value
    }

    /// Hidden files are skipped, as the build skips them: an editor's swap file changes nothing.
    private static func add(_ folder: String, to hash: inout FNV1a) {
        guard let directory = opendir(folder) else { return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted() {
            let path = folder + "/" + name
            var info = stat()
            // lstat first: a link to a folder is not followed, so a link loop cannot trap the walk.
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                hash.add(name + "/")
                add(path, to: &hash)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFLNK { _ = stat(path, &info) }
            hash.add(name)
            for number in [
                UInt64(info.st_size), UInt64(info.st_ino), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec)
            ] {
                withUnsafeBytes(of: number) { hash.add($0) }
            }
        }
    }
}
