import Foundation
import ModakCore
import ModakInput
import ModakOutput
import StableHashing

extension BuildRecord {
    /// The fingerprint of a build's inputs: this executable, the content files, the files of the
    /// template folders in their order, and the request's options. Nil for a build on the clock.
    public static func inputs(content: [SourceFile], templateFolders: [String], request: BuildRequest, makesPNG: Bool)
        throws -> UInt64?
    {
        var hash = StableHash()
        if let day = request.day {
            hash.add("day " + day.description)
        } else if let instant = request.instant {
            hash.add("instant")
            hash.add(instant.timeIntervalSince1970.bitPattern)
        } else {
            return nil
        }
        hash.add(ExecutableIdentity.fingerprint)
        hash.add(encoding: [
            request.theme ?? "-", request.baseURL ?? "-", makesPNG ? "png" : "svg",
            request.includeDrafts ? "drafts" : "-"
        ])
        hash.add(UInt64(content.count))
        for file in content {
            hash.add(file.relativePath)
            hash.add(file.bytes)
        }
        for folder in templateFolders {
            let files = try DirectoryReader.files(in: folder)
            hash.add(UInt64(files.count))
            for file in files {
                hash.add(file.relativePath)
                hash.add(file.bytes)
            }
        }
        return hash.value
    }
}
