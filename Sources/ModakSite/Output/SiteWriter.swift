import Foundation
import ModakCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What one write did, for the build's summary line.
public struct WriteReport: Sendable, Equatable {
    public var written: Int
    public var unchanged: Int
    public var removed: Int
    public var total: Int { written + unchanged }
}

public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Puts an `OutputPlan` on disk: the last stage, and with `ContentReader` the only one touching files.
///
/// - A file whose bytes are unchanged (per the manifest of the previous build) is not rewritten.
/// - Each file is written to a temporary name and renamed, so a killed build leaves old or new
///   versions, never a torn file.
/// - Files the previous build generated and this one does not are removed; nothing else is
///   (a user's `CNAME` stays). The manifest records what Modak owns.
/// - A lock keeps two builds from interleaving on one folder.
public struct SiteWriter: Sendable {
    public static let manifestName = ".modak-manifest"
    public static let lockName = ".modak-lock"

    public let outputDirectory: String

    public init(outputDirectory: String) {
        self.outputDirectory = outputDirectory.hasSuffix("/") && outputDirectory.count > 1 ? String(outputDirectory.dropLast()) : outputDirectory
    }

    /// `progress(done, total)` is called as files are written, from any thread. Derived files are
    /// made by `deriver` after the files they come from; without one, none are made.
    public func write(_ plan: OutputPlan, deriver: (any FileDeriver)? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> WriteReport {
        try validatePaths(plan)
        try FileSystem.createDirectories(outputDirectory)
        let lock = try OutputLock(path: outputDirectory + "/" + Self.lockName)
        defer { lock.release() }

        let previous = Manifest.read(from: manifestPath)
        removeLeftoverTemporaries(previous: previous, plan: plan)
        let entries = Self.entries(for: plan.files)
        var current = Manifest(entries: Dictionary(uniqueKeysWithValues: zip(plan.files.map(\.path), entries)))
        let pending = filesToWrite(plan.files, entries: entries, previous: previous)
        let derived = deriver == nil ? [] : plan.derived
        let pendingDerived = derived.filter { file in
            previous.entries[file.path]?.hash != current.entries[file.source]?.hash
                || FileSystem.size(of: outputDirectory + "/" + file.path) != previous.entries[file.path]?.size
        }

        // Before touching any file, mark every one about to be written as unknown, so that a build
        // killed part-way leaves a manifest that makes the next build rewrite each of them (even
        // back to its old bytes) and remove the new ones it no longer wants.
        if !pending.isEmpty || !pendingDerived.isEmpty {
            var intent = previous
            for index in pending { intent.entries[plan.files[index].path] = .unknown }
            for file in pendingDerived { intent.entries[file.path] = .unknown }
            try intent.write(to: manifestPath)
        }

        try writeFiles(pending.map { plan.files[$0] }, progress: progress)
        if let deriver, !pendingDerived.isEmpty {
            try derive(pendingDerived, with: deriver)
        }
        // A derived file is keyed by its source's hash and its own size, so it is remade exactly
        // when its source changes or it goes missing.
        for file in derived {
            guard let source = current.entries[file.source], let size = FileSystem.size(of: outputDirectory + "/" + file.path) else { continue }
            current.entries[file.path] = Manifest.Entry(hash: source.hash, size: size)
        }
        var removed = 0
        for path in previous.entries.keys.sorted() where current.entries[path] == nil {
            if FileSystem.removeFile(outputDirectory + "/" + path) { removed += 1 }
            FileSystem.removeEmptyParents(of: path, under: outputDirectory)
        }
        try current.write(to: manifestPath)
        return WriteReport(written: pending.count + pendingDerived.count, unchanged: plan.files.count + derived.count - pending.count - pendingDerived.count, removed: removed)
    }

    private var manifestPath: String { outputDirectory + "/" + Self.manifestName }

    private func validatePaths(_ plan: OutputPlan) throws {
        var seen = Set<String>()
        for path in plan.files.map(\.path) + plan.derived.map(\.path) {
            guard URLRules.isContainedRelativePath(path), path != Self.manifestName, path != Self.lockName else {
                throw OutputError(description: "refusing to write `\(path)`: it is not a plain path inside the output folder")
            }
            guard seen.insert(path).inserted else {
                throw OutputError(description: "two outputs would be written to `\(path)`: rename one of their sources")
            }
        }
        let written = Set(plan.files.map(\.path))
        for file in plan.derived where !written.contains(file.source) {
            throw OutputError(description: "`\(file.path)` is made from `\(file.source)`, which this build does not write")
        }
    }

    private static func entries(for files: [OutputFile]) -> [Manifest.Entry] {
        ParallelMap.map(files) { file in
            var hash = FNV1a()
            hash.add(file.bytes)
            return Manifest.Entry(hash: hash.value, size: file.bytes.count)
        }
    }

    /// Indices of the files whose manifest entry or on-disk size differs from what this build makes.
    private func filesToWrite(_ files: [OutputFile], entries: [Manifest.Entry], previous: Manifest) -> [Int] {
        let changed = ParallelMap.map(Array(files.indices)) { index in
            previous.entries[files[index].path] != entries[index]
                || FileSystem.size(of: outputDirectory + "/" + files[index].path) != files[index].bytes.count
        }
        return files.indices.filter { changed[$0] }
    }

    private func writeFiles(_ files: [OutputFile], progress: (@Sendable (Int, Int) -> Void)?) throws {
        var directories = Set<String>()
        for file in files {
            if let slash = file.path.lastIndex(of: "/") { directories.insert(String(file.path[..<slash])) }
        }
        for directory in directories.sorted() {
            try FileSystem.createDirectories(outputDirectory + "/" + directory)
        }
        let done = Atomic<Int>(0)
        let outcomes = ParallelMap.map(files) { file -> OutputError? in
            do throws(OutputError) {
                try FileSystem.writeAtomically(file.bytes, to: outputDirectory + "/" + file.path)
            } catch {
                return error
            }
            if let progress { progress(done.add(1, ordering: .relaxed).newValue, files.count) }
            return nil
        }
        if let failure = outcomes.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Derived files are made under temporary names and renamed into place, like written ones, so
    /// a killed build (or a deriver's own leftovers) never shows a torn file and the next build
    /// finds and removes whatever was not renamed.
    private func derive(_ files: [DerivedFile], with deriver: any FileDeriver) throws {
        let jobs = files.map { file in
            (source: outputDirectory + "/" + file.source, destination: outputDirectory + "/" + file.path,
             temporary: FileSystem.temporarySibling(of: outputDirectory + "/" + file.path))
        }
        defer { for job in jobs { unlink(job.temporary) } }
        try deriver.derive(jobs.map { ($0.source, $0.temporary) })
        for job in jobs where rename(job.temporary, job.destination) != 0 {
            throw OutputError(description: "cannot replace \(job.destination): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the temporary files a killed build left behind. Temporaries sit beside the files
    /// being written, which a killed build marked unknown in its manifest; the manifest's own sits
    /// at the top. Only those folders are searched, so an undisturbed site costs one folder read.
    private func removeLeftoverTemporaries(previous: Manifest, plan: OutputPlan) {
        var folders: Set<String> = [""]
        for (path, entry) in previous.entries where entry == .unknown {
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        for folder in folders.sorted() {
            FileSystem.removeTemporaries(in: folder.isEmpty ? outputDirectory : outputDirectory + "/" + folder)
        }
    }
}

/// The list of files Modak generated in an output folder, with a hash and size of each.
struct Manifest: Equatable {
    struct Entry: Equatable {
        var hash: UInt64
        var size: Int

        /// A file a build set out to write: whatever is on disk must be rewritten.
        static let unknown = Entry(hash: 0, size: -1)
    }

    static let header = "modak-manifest 1"
    var entries: [String: Entry]

    static func read(from path: String) -> Manifest {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return Manifest(entries: [:])
        }
        var entries: [String: Entry] = [:]
        let lines = text.split(separator: "\n")
        guard lines.first == Substring(header) else { return Manifest(entries: [:]) }
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let hash = UInt64(parts[0], radix: 16), let size = Int(parts[1]) else { continue }
            let path = String(parts[2])
            // A tampered manifest must not make the writer delete outside its folder.
            guard URLRules.isContainedRelativePath(path) else { continue }
            entries[path] = Entry(hash: hash, size: size)
        }
        return Manifest(entries: entries)
    }

    func write(to path: String) throws {
        var text = Self.header + "\n"
        for key in entries.keys.sorted() {
            let entry = entries[key]!
            text += String(entry.hash, radix: 16) + " " + String(entry.size) + " " + key + "\n"
        }
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
    }
}
