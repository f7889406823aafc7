import Foundation
import ModakCore
#if canImport(Glibc)
    import Glibc
    import StableHashing
#endif

/// The folder where Modak keeps what it knows about each output folder between builds, so that
/// an output folder holds nothing but the site: `$MODAK_CACHE_DIR`, else `$XDG_CACHE_HOME/modak`,
/// else `~/.cache/modak`. Deleting it only makes the next build of each site a full one.
public struct BuildCache: Sendable, Equatable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The cache named by the environment (see the type's documentation).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> BuildCache {
        if let folder = environment["MODAK_CACHE_DIR"], !folder.isEmpty { return BuildCache(root: folder) }
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") {
            return BuildCache(root: folder + "/modak")
        }
        if let home = environment["HOME"], home.hasPrefix("/") { return BuildCache(root: home + "/.cache/modak") }
        return BuildCache(root: "/tmp/modak-cache-\(getuid())")
    }

    /// The bookkeeping of the output folder at `canonicalOutput` (see `CanonicalPath`).
    func bookkeeping(forOutput canonicalOutput: String) -> OutputBookkeeping {
        var hash = StableHash()
        hash.add(canonicalOutput)
        return OutputBookkeeping(
            cache: self, folder: outputsFolder + "/" + String(hash.value, radix: 16), output: canonicalOutput)
    }

    private var outputsFolder: String { root + "/outputs" }

    /// Removes the bookkeeping of output folders that no longer exist and that no build is writing.
    func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: outputsFolder) else { return }
        for name in names {
            let folder = outputsFolder + "/" + name
            guard let output = OutputBookkeeping.recordedOutput(in: folder), !FileSystem.exists(output),
                let lock = try? OutputLock(path: folder + "/" + OutputBookkeeping.lockName, folderForMessages: output)
            else { continue }
            FileSystem.removeTree(folder)
            lock.release()
        }
    }
}

/// What a build keeps about one output folder, in its own folder of the `BuildCache`: the
/// manifest of the files it wrote, the record of the last build, the lock, and the output's path.
struct OutputBookkeeping: Sendable {
    static let lockName = "lock"
    private static let outputName = "output"

    let cache: BuildCache
    let folder: String
    /// The canonical path of the output folder it describes.
    let output: String

    private static let manifestName = "manifest"

    var manifestPath: String { folder + "/" + Self.manifestName }
    var recordPath: String { folder + "/build-record.json" }
    var lockPath: String { folder + "/" + Self.lockName }

    /// The output path written down in a bookkeeping folder.
    static func recordedOutput(in folder: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + outputName).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a build of Modak's has been recorded for this output.
    var hasRecord: Bool { Self.recordedOutput(in: folder) == output && FileSystem.exists(manifestPath) }

    /// Takes the output's lock. The first build of an output writes down the output's path
    /// (dropping whatever another output left under the same name) and prunes the bookkeeping
    /// of outputs that are gone.
    func lock(displayName: String) throws -> OutputLock {
        try FileSystem.createDirectories(folder)
        let lock = try OutputLock(path: lockPath, folderForMessages: displayName)
        if Self.recordedOutput(in: folder) != output {
            FileSystem.removeFile(manifestPath)
            FileSystem.removeFile(recordPath)
            try FileSystem.writeAtomically(Array(output.utf8), to: folder + "/" + Self.outputName)
            cache.prune()
        }
        return lock
    }

    /// The manifest that describes the output folder as it is, read under the lock: the one the
    /// folder's stamp names, in this cache or another; for a folder without a stamp (built before
    /// stamps, or on a file system without extended attributes), this cache's, or the one an older
    /// version kept in the folder. Nil when no manifest is known to describe the folder.
    func manifest(describing stamp: OutputStamp?) -> Manifest? {
        guard let stamp else {
            return Manifest.read(from: manifestPath) ?? Manifest.read(from: output + "/" + Self.legacyManifestName)
        }
        guard Self.recordedOutput(in: stamp.bookkeepingFolder) == output,
            let manifest = Manifest.read(from: stamp.bookkeepingFolder + "/" + Self.manifestName),
            manifest.buildID == stamp.buildID
        else { return nil }
        return manifest
    }

    // MARK: Bookkeeping that older versions kept in the output folder

    static let legacyManifestName = ".modak-manifest"
    static let legacyNames = [legacyManifestName, ".modak-lock", ".modak-build"]

    /// Whether `output` holds the manifest of an older version's build.
    var hasLegacyManifest: Bool { FileSystem.exists(output + "/" + Self.legacyManifestName) }

    /// Removes what older versions kept in the output folder, once its manifest has moved here,
    /// with the temporary files an older build left when killed: beside the files its manifest
    /// marks as being written, and beside the manifest itself.
    func removeLegacyFiles() {
        if let legacy = Manifest.read(from: output + "/" + Self.legacyManifestName) {
            var folders: Set<String> = [""]
            for (path, entry) in legacy.entries where entry == .unknown {
                if let folder = StagingArea.folder(of: path) { folders.insert(String(folder)) }
            }
            for folder in folders { FileSystem.removeTemporaries(in: folder.isEmpty ? output : output + "/" + folder) }
        }
        for name in Self.legacyNames { FileSystem.removeFile(output + "/" + name) }
    }
}
