import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Creates a file that did not exist, atomically: the bytes go to a temporary sibling, which is
/// then hard-linked to the final name. `link` fails when the name exists, so nothing is replaced,
/// and readers never see a half-written file.
enum ExclusiveFile {
    enum Outcome {
        case created
        case exists
        case failed(String)
    }

    static func create(_ path: String, bytes: [UInt8]) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            return .failed(error.localizedDescription)
        }
        let temporary = "\(folder.isEmpty ? "." : folder)/.modak-new-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return .failed(reason)
            }
            offset += count
        }
        let synced = fsync(descriptor) == 0
        guard close(descriptor) == 0, synced else { return .failed(String(cString: strerror(errno))) }
        guard link(temporary, path) == 0 else {
            return errno == EEXIST ? .exists : .failed(String(cString: strerror(errno)))
        }
        return .created
    }
}
