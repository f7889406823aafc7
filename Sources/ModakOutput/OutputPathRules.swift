import ModakCore
import ParallelWork

/// The rules every path of a plan keeps, checked before anything is written: a plain relative
/// path inside the output folder, and no two outputs on one path.
enum OutputPathRules {
    static func check(_ plan: OutputPlan) throws(OutputError) {
        let written = plan.files.map(\.path) + plan.deferred.map(\.path)
        let derived = plan.derived.map(\.path)
        let paths = written + derived
        let contained = ParallelMap.map(paths) { URLRules.isContainedRelativePath($0) && !isWritersOwn($0) }
        if let index = contained.firstIndex(of: false) {
            throw .pathRefused(paths[index])
        }
        var seen = Set<String>(minimumCapacity: paths.count)
        func claim(_ path: String) throws(OutputError) {
            guard seen.insert(path).inserted else {
                throw .twoOutputs(on: path)
            }
        }
        for path in written { try claim(path) }
        // Sources are looked for before the derived paths are claimed: only written files count.
        for file in plan.derived where !seen.contains(file.source) {
            throw .derivedFromNothing(file.path, source: file.source)
        }
        for path in derived { try claim(path) }
    }

    /// Whether `path` has a name the writer keeps for itself: its staging folder and bookkeeping at the top
    /// (`.modak-…`) and its temporary files anywhere (`.<name>.modak-<pid>.tmp`). Other hidden names
    /// (`.nojekyll`, `.well-known/`) are the site's.
    static func isWritersOwn(_ path: String) -> Bool {
        path.hasPrefix(".modak") || path.split(separator: "/").contains { FileSystem.isTemporaryName(String($0)) }
    }
}
