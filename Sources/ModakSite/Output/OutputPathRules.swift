import ModakCore
import ParallelWork

/// The rules every path of a plan keeps, checked before anything is written: a plain relative
/// path inside the output folder, and no two outputs on one path.
enum OutputPathRules {
    static func check(_ plan: OutputPlan) throws {
        let written = plan.files.map(\.path) + plan.deferred.map(\.path)
        let derived = plan.derived.map(\.path)
        let paths = written + derived
        // Hidden names at the top of the output folder are the writer's (its staging folder).
        let contained = ParallelMap.map(paths) { URLRules.isContainedRelativePath($0) && !$0.hasPrefix(".") }
        if let index = contained.firstIndex(of: false) {
            throw OutputError(description: "refusing to write `\(paths[index])`: it is not a plain path inside the output folder")
        }
        var seen = Set<String>(minimumCapacity: paths.count)
        func claim(_ path: String) throws {
            guard seen.insert(path).inserted else {
                throw OutputError(description: "two outputs would be written to `\(path)`: rename one of their sources")
            }
        }
        for path in written { try claim(path) }
        // Sources are looked for before the derived paths are claimed: only written files count.
        for file in plan.derived where !seen.contains(file.source) {
            throw OutputError(description: "`\(file.path)` is made from `\(file.source)`, which this build does not write")
        }
        for path in derived { try claim(path) }
    }
}
