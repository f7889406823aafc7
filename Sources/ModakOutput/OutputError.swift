/// Why the writer could not put a site on disk, with the path it is about. `reason` is the system's
/// word for a failed call (`strerror`, or Foundation's description). Nothing a reader can see has
/// changed when one is thrown before the commit step (`SiteWriter`).
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    // The plan's paths (`OutputPathRules`)
    /// A path that is not a plain relative path inside the output folder.
    case pathRefused(String)
    case twoOutputs(on: String)
    /// A derived file whose source the plan does not write.
    case derivedFromNothing(String, source: String)

    // What the output folder holds
    case folderInFilesPlace(String)
    /// A file of the output where the site has a folder above `path`.
    case fileInFoldersPlace(String)
    /// Another build holds the lock of `output` (as the user named it).
    case locked(output: String)

    // Failed system calls
    case cannotCreateFolder(String, reason: String)
    case cannotCreate(String, reason: String)
    case cannotWrite(String, reason: String)
    case cannotReplace(String, reason: String)
    /// The staged folder of a new site could not be renamed to `output`.
    case cannotCreateOutput(String, reason: String)
    case cannotOpenLock(String, reason: String)

    /// Debug builds check that equal page keys give equal bytes (`SiteWriter.verifyKeys`).
    case keyMissesChange(String)

    public var description: String {
        switch self {
        case .pathRefused(let path): "refusing to write `\(path)`: it is not a plain path inside the output folder"
        case .twoOutputs(let path): "two outputs would be written to `\(path)`: rename one of their sources"
        case .derivedFromNothing(let path, let source):
            "`\(path)` is made from `\(source)`, which this build does not write"
        case .folderInFilesPlace(let path):
            "\(path) is a folder, where the site has a file: move the folder away and build again"
        case .fileInFoldersPlace(let path):
            """
            \(path) cannot be written: a file in the output has the name of one of its folders; move that file \
            away and build again
            """
        case .locked(let output):
            "another modak build is writing to \(output); wait for it to finish and run the build again"
        case .cannotCreateFolder(let path, let reason): "cannot create the folder \(path): \(reason)"
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cannotReplace(let path, let reason): "cannot replace \(path): \(reason)"
        case .cannotCreateOutput(let output, let reason):
            "cannot create \(output) (did another program create it meanwhile?): \(reason)"
        case .cannotOpenLock(let path, let reason): "cannot lock \(path): \(reason)"
        case .keyMissesChange(let path):
            "\(path): its key did not change but its bytes did, so its key misses something the page shows"
        }
    }
}

extension OutputError {
    /// The system's words for a failed call, where one failed.
    var reason: String? {
        switch self {
        case .cannotCreateFolder(_, let reason), .cannotCreate(_, let reason), .cannotWrite(_, let reason),
            .cannotReplace(_, let reason), .cannotCreateOutput(_, let reason), .cannotOpenLock(_, let reason):
            reason
        case .pathRefused, .twoOutputs, .derivedFromNothing, .folderInFilesPlace, .fileInFoldersPlace, .locked,
            .keyMissesChange:
            nil
        }
    }
}
