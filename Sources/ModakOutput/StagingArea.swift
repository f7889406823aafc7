import Foundation
import ModakCore
import ParallelWork
import StableHashing
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A file of the plan, as the writer handles it: its bytes, or how to render them.
struct WriteJob: Sendable {
    enum Content: Sendable {
        case bytes([UInt8])
        case deferred(key: @Sendable () -> UInt64, render: @Sendable () throws -> [UInt8])
    }

    let path: String
    let content: Content

    static func jobs(of plan: OutputPlan) -> [WriteJob] {
        plan.files.map { WriteJob(path: $0.path, content: .bytes($0.bytes)) }
            + plan.deferred.map { WriteJob(path: $0.path, content: .deferred(key: $0.key, render: $0.render)) }
    }
}

/// A file made by the staging step: its manifest entry, and whether its bytes were written to the
/// staging folder (false when the output already holds these bytes).
struct StagedFile: Sendable {
    let path: String
    let entry: Manifest.Entry
    let isWritten: Bool
}

/// The hidden folder where a build makes every file it changes before any of them is put in the
/// output folder, so that a build that fails or is killed while making them leaves the output as
/// it was. It is a sibling of the output folder (`.public.modak-<pid>.tmp`), on the same file
/// system so that its files can be renamed into place; where the output is a file system of its
/// own (a mount point) or its parent cannot be written, it is a hidden folder inside the output.
/// A build removes the staging folders of builds that are no longer running. Every file staged is
/// marked as the site's (`OutputMarks`).
struct StagingArea: Sendable {
    let folder: String
    /// The output folder (canonical).
    let output: String
    /// Set when the output folder is new (made empty by this build): the staging folder becomes
    /// it by being renamed over it.
    let becomesOutput: Bool

    static func prepare(for output: String, outputIsNew: Bool) throws -> StagingArea {
        let parent = URL(fileURLWithPath: output).deletingLastPathComponent().path
        FileSystem.removeAbandonedTemporaries(of: output)
        FileSystem.removeAbandonedTemporaries(of: insideName(of: output))
        let sibling = FileSystem.temporarySibling(of: output)
        guard !outputIsNew else {
            try FileSystem.createDirectories(sibling)
            return StagingArea(folder: sibling, output: output, becomesOutput: true)
        }
        if FileSystem.device(of: parent) == FileSystem.device(of: output),
            (try? FileSystem.makeDirectory(sibling)) == true
        {
            return StagingArea(folder: sibling, output: output, becomesOutput: false)
        }
        let inside = FileSystem.temporarySibling(of: insideName(of: output))
        try FileSystem.createDirectories(inside)
        return StagingArea(folder: inside, output: output, becomesOutput: false)
    }

    /// The name the staging folder inside an output is made from.
    private static func insideName(of output: String) -> String { output + "/.modak-staging" }

    func path(of relativePath: String) -> String { folder + "/" + relativePath }

    func discard() { FileSystem.removeTree(folder) }

    /// Makes each job's file and writes it to the staging folder unless the output holds the same
    /// bytes. A job that fails stops the staging; the files not yet made are not made.
    func stage(_ jobs: [WriteJob], previous: Manifest, progress: (@Sendable (Int, Int) -> Void)?) throws -> [StagedFile]
    {
        let leafFolders = try makeFolders(for: jobs.map(\.path))
        let done = Atomic<Int>(0)
        // After one failure the build fails anyway: a template stopped at its step limit would
        // otherwise spend that long on every page of a large site.
        let failed = Atomic<Bool>(false)
        let outcomes = ParallelMap.map(jobs, lanes: Self.topFolderLanes(jobs.map(\.path))) { job in
            Result { () throws -> StagedFile in
                guard !failed.load(ordering: .relaxed) else { throw SkippedAfterFailure() }
                do {
                    let file = try stage(job, previous: previous, leafFolders: leafFolders)
                    if let progress { progress(done.add(1, ordering: .relaxed).newValue, jobs.count) }
                    return file
                } catch {
                    failed.store(true, ordering: .relaxed)
                    throw error
                }
            }
        }
        // Of several failures, the first planned is reported.
        for case .failure(let error) in outcomes where !(error is SkippedAfterFailure) { throw error }
        return outcomes.map { try! $0.get() }
    }

    private struct SkippedAfterFailure: Error {}

    private func stage(_ job: WriteJob, previous: Manifest, leafFolders: Set<Substring>) throws -> StagedFile {
        let (bytes, key): ([UInt8], UInt64?)
        switch job.content {
        case .bytes(let content): (bytes, key) = (content, nil)
        case .deferred(let contentKey, let render): (bytes, key) = (try render(), contentKey())
        }
        let entry = Manifest.Entry(hash: StableHash.of(bytes), size: bytes.count, key: key)
        let target = output + "/" + job.path
        switch becomesOutput ? .missing : FileSystem.kind(of: target) {
        case .file(let size)
        where size == entry.size
            && previous.entries[job.path].map({ $0.hash == entry.hash && $0.size == entry.size }) == true:
            return StagedFile(path: job.path, entry: entry, isWritten: false)
        case .file, .missing:
            break
        case .folder:
            throw OutputError.folderInFilesPlace(target)
        case .underAFile:
            throw OutputError.fileInFoldersPlace(target)
        }
        if let folder = Self.folder(of: job.path), leafFolders.contains(folder) {
            _ = try FileSystem.makeDirectory(path(of: String(folder)))
        }
        try FileSystem.write(bytes, to: path(of: job.path), marked: true)
        return StagedFile(path: job.path, entry: entry, isWritten: true)
    }

    /// Makes the files derived from others (card PNGs, icons) in the staging folder, each from its
    /// source's new bytes when the source was staged, else from the output's.
    func derive(_ files: [DerivedFile], stagedSources: Set<String>, with deriver: any FileDeriver) throws {
        for folder in Set(files.compactMap { Self.folder(of: $0.path) }) {
            try FileSystem.createDirectories(path(of: String(folder)))
        }
        try deriver.derive(
            files.map { file in
                DerivationJob(
                    source: stagedSources.contains(file.source) ? path(of: file.source) : output + "/" + file.source,
                    destination: path(of: file.path), derivation: file.derivation)
            })
        for file in files { OutputMarks.mark(path: path(of: file.path)) }
    }

    /// Puts a staged file in its place in the output, making its folder there if it is new.
    func move(_ relativePath: String) throws(OutputError) {
        let target = output + "/" + relativePath
        do throws(OutputError) {
            try FileSystem.replace(target, with: path(of: relativePath))
        } catch {
            // Another thread may be making the same folder: making it is idempotent, and a
            // second failure is the real one.
            guard let folder = Self.folder(of: relativePath) else { throw error }
            try FileSystem.createDirectories(output + "/" + folder)
            try FileSystem.replace(target, with: path(of: relativePath))
        }
    }

    /// The indices of `paths` grouped by the top folder they are written to. Creating a file or
    /// folder locks the folder it goes in: threads writing to different folders do not wait on
    /// each other (bench/README.md#decision-a-lane-per-top-folder).
    private static func topFolderLanes(_ paths: [String]) -> [[Int]] {
        var lanes: [[Int]] = []
        var laneOfFolder: [Substring: Int] = [:]
        for (index, path) in paths.enumerated() {
            let top = path.utf8.firstIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
            if let lane = laneOfFolder[top] {
                lanes[lane].append(index)
            } else {
                laneOfFolder[top] = lanes.count
                lanes.append([index])
            }
        }
        return lanes
    }

    /// Creates in the staging folder the folders that `paths` share, parents first, and returns
    /// those that hold one file (`sayings/<id>/`), which the job writing that file makes: made
    /// here, one by one, the threads would wait on the lock of their common parent.
    private func makeFolders(for paths: [String]) throws(OutputError) -> Set<Substring> {
        var folders = Set<Substring>()
        var shared = Set<Substring>()
        for path in paths {
            // A folder seen before had its parents added then.
            guard var folder = Self.folder(of: path) else { continue }
            guard folders.insert(folder).inserted else {
                shared.insert(folder)
                continue
            }
            while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                guard shared.insert(folder).inserted else { break }
            }
        }
        for folder in shared.sorted() { _ = try FileSystem.makeDirectory(path(of: String(folder))) }
        return folders.subtracting(shared)
    }

    /// The folder part of a relative path, found by bytes (`/` is ASCII and never part of a name's character).
    static func folder(of path: String) -> Substring? {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] }
    }
}
