import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Creates a content file that did not exist (`modak init`, `new`, `import`), atomically and for
/// good: the bytes go to the writer's temporary sibling of `path`, synced, which is then
/// hard-linked to the final name. `link` fails when the name exists, so nothing is replaced, and
/// readers never see a half-written file.
public enum NewFile {
    public enum Outcome: Equatable, Sendable {
        case created
        case exists
        /// The system's words for what failed.
        case failed(String)
    }

    public static func create(_ path: String, bytes: [UInt8]) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary: String
        do {
            try FileSystem.createDirectories(folder.isEmpty ? "." : folder)
            temporary = try FileSystem.write(bytes, to: FileSystem.temporarySibling(of: path), synced: true)
        } catch {
            return .failed(error.reason ?? error.description)
        }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            return errno == EEXIST ? .exists : .failed(FileSystem.lastError)
        }
        return .created
    }
}
