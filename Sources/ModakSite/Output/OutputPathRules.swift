import ModakCore
import ParallelWork

/// The rules every path of a plan keeps, checked before anything is written: a plain relative
/// path inside the output folder, and no two outputs on one path.
enum OutputPathRules {
    static func check(_ plan: OutputPlan) throws(OutputError) {
        let written = plan.files.map(\.path) + plan.deferred.map(\.path)
        let derived = plan.derived.map(\.path)
        let paths = written + derived
        // Hidden names at the top of the output folder are the writer's (its staging folder).
        let contained = ParallelMap.map(paths) { URLRules.isContainedRelativePath($0) && !$0.hasPrefix(".") }
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
}
