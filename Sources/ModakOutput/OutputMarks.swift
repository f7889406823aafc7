import CGlibcExtras
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What an output folder itself says about the Modak builds made in it, whichever cache each build
/// kept its bookkeeping in, as extended attributes (which no server publishes and a plain copy drops):
/// - every file a build writes carries `user.modak`, so a build whose manifest does not describe the
///   folder (another cache's build came between, or the cache was lost) still finds every file an
///   earlier build made, and no other;
/// - the folder carries the stamp of the last build (`OutputStamp`).
/// On a file system without user extended attributes nothing is marked, and the cache's manifest is
/// the only record, as it was before marks.
enum OutputMarks {
    static let fileAttribute = "user.modak"

    /// Marks the open file `descriptor` as made by Modak; false where the file system cannot.
    @discardableResult
    static func mark(descriptor: Int32) -> Bool {
        fsetxattr(descriptor, fileAttribute, "", 0, 0) == 0
    }

    /// Marks the file at `path` (not following a link); false where it cannot.
    @discardableResult
    static func mark(path: String) -> Bool {
        lsetxattr(path, fileAttribute, "", 0, 0) == 0
    }

    static func isMarked(_ path: String) -> Bool {
        lgetxattr(path, fileAttribute, nil, 0) >= 0
    }

    /// The marked regular files below `folder`, as paths relative to it, sorted; temporary files and
    /// folders of a build (`FileSystem.isTemporaryName`) are left out, and links are not followed.
    static func markedFiles(in folder: String) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let stream = opendir(absolute) else { return }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                guard name != ".", name != "..", !FileSystem.isTemporaryName(name) else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch FileSystem.linkKind(of: folder + "/" + path) {
                case .folder: walk(path)
                case .file where isMarked(folder + "/" + path): found.append(path)
                default: break
                }
            }
        }
        walk("")
        return found.sorted()
    }
}

/// The stamp a build leaves on its output folder (`user.modak.build`): the ID of its manifest and the
/// bookkeeping folder that holds it. A manifest is the folder's truth exactly while its ID is the
/// stamp's, so a build reads the manifest the stamp names, whichever cache it is in.
struct OutputStamp: Equatable {
    static let attribute = "user.modak.build"

    let buildID: UInt64
    let bookkeepingFolder: String

    /// The stamp on `folder`, or nil when it has none (a new folder, or one built before stamps).
    static func read(of folder: String) -> OutputStamp? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = lgetxattr(folder, attribute, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let space = text.firstIndex(of: " "), let id = UInt64(text[..<space], radix: 16) else { return nil }
        return OutputStamp(buildID: id, bookkeepingFolder: String(text[text.index(after: space)...]))
    }

    /// Puts the stamp on `folder`; false where the file system keeps no extended attributes.
    @discardableResult
    func write(on folder: String) -> Bool {
        let value = Array((String(buildID, radix: 16) + " " + bookkeepingFolder).utf8)
        return lsetxattr(folder, Self.attribute, value, value.count, 0) == 0
    }
}
