import Foundation
import ModakCore
import ParallelWork
#if canImport(Glibc)
    import Glibc
    import StableHashing
#endif

/// What one write did, for the build's summary line.
public struct WriteReport: Sendable, Equatable {
    public var written: Int
    public var unchanged: Int
    public var removed: Int
    public var total: Int { written + unchanged }
}

/// Puts an `OutputPlan` on disk: the last stage, and with `ContentReader` the only one touching files.
///
/// It writes in named steps, holding a lock on the output folder itself (so builds into one folder
/// exclude each other whatever cache they use) and on its bookkeeping (`OutputBookkeeping`, kept
/// in the `BuildCache`, so the output folder holds nothing but the site). The manifest it starts
/// from is the one the folder's stamp names (`OutputStamp`), in whichever cache; when none is known
/// to describe the folder, every file marked as made by Modak (`OutputMarks`) counts as the last
/// build's:
/// 1. **check** the plan's paths (`OutputPathRules`);
/// 2. **stage**: make every file whose bytes may have changed, and the files derived from them,
///    in a staging folder (`StagingArea`). Nothing a reader can see has changed yet: a build that
///    fails or is killed here leaves the output folder and its bookkeeping as they were;
/// 3. **commit**: put the staged files in place (each renamed, so a reader sees the old or the new
///    file), remove the files the last build made and this one does not, and record the build.
///    Before the first rename the manifest marks every file about to change, so that a build
///    killed here leaves a manifest that makes the next build rewrite each of them.
///
/// Files whose bytes are unchanged are not rewritten. Files Modak did not make are never removed
/// (a user's `CNAME` stays). A new output folder is staged whole and renamed into place.
public struct SiteWriter: Sendable {
    /// The output folder as the user named it, for messages.
    public let outputDirectory: String
    private let output: String
    private let bookkeeping: OutputBookkeeping

    public init(outputDirectory: String, cache: BuildCache) {
        self.outputDirectory = outputDirectory
        output = CanonicalPath.of(outputDirectory)
        bookkeeping = cache.bookkeeping(forOutput: output)
    }

    /// `progress(done, total)` is called as files are staged, from any thread. Derived files are
    /// made by `deriver` from the files they come from; without one, none are made. With a
    /// `record`, the bookkeeping remembers what this build was made from (see `BuildRecord`).
    public func write(
        _ plan: OutputPlan, deriver: (any FileDeriver)? = nil, record: BuildRecord? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> WriteReport {
        try OutputPathRules.check(plan)
        let lock = try bookkeeping.lock(displayName: outputDirectory)
        defer { lock.release() }
        try FileSystem.createDirectories(URL(fileURLWithPath: output).deletingLastPathComponent().path)
        let outputIsNew = try FileSystem.makeDirectory(output)
        let folderLock = try OutputLock(folder: output, folderForMessages: outputDirectory)
        defer { folderLock.release() }
        let foundStamp = OutputStamp.read(of: output)
        let truth = outputIsNew ? Manifest(entries: [:]) : bookkeeping.manifest(describing: foundStamp)
        let previous = truth ?? Manifest(entries: [:])
        let keepsStamp = foundStamp?.bookkeepingFolder == bookkeeping.folder && truth?.buildID == foundStamp?.buildID
        let stamp = OutputStamp(
            buildID: keepsStamp ? foundStamp!.buildID : UInt64.random(in: 1...UInt64.max),
            bookkeepingFolder: bookkeeping.folder)

        let jobs = WriteJob.jobs(of: plan)
        let knownEntries = ParallelMap.map(jobs) { knownEntry(of: $0, previous: previous) }
        #if DEBUG
            try verifyKeys(jobs, knownEntries)
        #endif
        let derived = deriver == nil ? [] : plan.derived
        let staging = try StagingArea.prepare(for: output, outputIsNew: outputIsNew)
        do {
            // The staging folder takes the output's place: a build that finds it there stops, as at the output's lock.
            let stagingLock =
                staging.becomesOutput ? try OutputLock(folder: staging.folder, folderForMessages: outputDirectory) : nil
            defer { stagingLock?.release() }
            let staged = try staging.stage(
                jobs.indices.filter { knownEntries[$0] == nil }.map { jobs[$0] }, previous: previous, progress: progress
            )
            var current = Manifest(entries: [:], buildID: stamp.buildID)
            current.entries.reserveCapacity(jobs.count + derived.count)
            for (index, entry) in knownEntries.enumerated() {
                if let entry { current.entries[jobs[index].path] = entry }
            }
            for file in staged { current.entries[file.path] = file.entry }

            // A derived file is keyed by its source's hash and its pixel size, and checked by its
            // size on disk, so it is made again exactly when either changes or it goes missing.
            let pendingDerived = derived.filter { file in
                previous.entries[file.path]?.hash
                    != current.entries[file.source].map({ file.hash(fromSource: $0.hash) })
                    || FileSystem.size(of: output + "/" + file.path) != previous.entries[file.path]?.size
            }
            if let deriver, !pendingDerived.isEmpty {
                try staging.derive(
                    pendingDerived, stagedSources: Set(staged.lazy.filter(\.isWritten).map(\.path)), with: deriver)
            }
            let pendingPaths = Set(pendingDerived.map(\.path))
            for file in derived {
                let made = pendingPaths.contains(file.path) ? staging.path(of: file.path) : output + "/" + file.path
                guard let source = current.entries[file.source], let size = FileSystem.size(of: made) else { continue }
                current.entries[file.path] = Manifest.Entry(hash: file.hash(fromSource: source.hash), size: size)
            }

            let changed = staged.filter(\.isWritten).map(\.path) + pendingDerived.map(\.path)
            let order = jobs.map(\.path) + derived.map(\.path)
            // Without a manifest that describes the folder, the files an earlier build made are those it marked.
            let earlier = truth == nil ? Set(OutputMarks.markedFiles(in: output)) : []
            let stale = Set(previous.entries.keys).union(earlier).filter { current.entries[$0] == nil }.sorted()
            let removed = try commit(
                changed, stale: stale, from: staging, current: current, previous: previous,
                stamp: (found: foundStamp, new: stamp), order: order, record: record)
            let total = jobs.count + derived.count
            return WriteReport(written: changed.count, unchanged: total - changed.count, removed: removed)
        } catch {
            staging.discard()
            // A folder this build made is removed again: the output is as it was.
            if outputIsNew { rmdir(output) }
            throw error
        }
    }

    /// The commit step: puts the `changed` files in place, removes the `stale` ones, stamps the
    /// folder and writes the manifest and the record. Returns how many stale files were removed.
    private func commit(
        _ changed: [String], stale: [String], from staging: StagingArea, current: Manifest, previous: Manifest,
        stamp: (found: OutputStamp?, new: OutputStamp), order: [String], record: BuildRecord?
    ) throws -> Int {
        if staging.becomesOutput {
            stamp.new.write(on: staging.folder)
            guard rename(staging.folder, output) == 0 else {
                throw OutputError.cannotCreateOutput(outputDirectory, reason: FileSystem.lastError)
            }
            FileSystem.removeFile(bookkeeping.recordPath)
        } else {
            // From here the folder no longer holds what the last record describes.
            FileSystem.removeFile(bookkeeping.recordPath)
            if !changed.isEmpty || !stale.isEmpty || stamp.found != stamp.new {
                // Before the folder changes, the manifest its stamp names marks each file about to change.
                var intent = previous
                intent.buildID = stamp.new.buildID
                for path in changed + stale { intent.entries[path] = .unknown }
                try intent.write(to: bookkeeping.manifestPath, order: order)
                if stamp.found != stamp.new { stamp.new.write(on: output) }
            }
            try ParallelMap.map(changed) { path in
                Result { () throws(OutputError) in try staging.move(path) }
            }.forEach { try $0.get() }
            staging.discard()
            // A folder built before marks: its files are marked once, so that a later build finds
            // them without this cache.
            if stamp.found == nil {
                for path in current.entries.keys where !OutputMarks.mark(path: output + "/" + path) && errno == ENOTSUP
                { break }
            }
        }
        var removed = 0
        for path in stale {
            if FileSystem.removeFile(output + "/" + path) { removed += 1 }
            FileSystem.removeEmptyParents(of: path, under: output)
        }
        try current.write(to: bookkeeping.manifestPath, order: order)
        try record?.write(to: bookkeeping.recordPath)
        bookkeeping.removeLegacyFiles()
        return removed
    }

    /// The files earlier builds made in the output folder, sorted: those marked as made by Modak
    /// (`OutputMarks`), and those of the manifest that describes the folder.
    public func filesMadeByModak() -> [String] {
        let manifest = bookkeeping.manifest(describing: OutputStamp.read(of: output))
        let listed = manifest?.entries.keys.filter { FileSystem.size(of: output + "/" + $0) != nil } ?? []
        return Set(OutputMarks.markedFiles(in: output)).union(listed).sorted()
    }

    /// The record of the last build, when it was made from `inputs` and every file it wrote is
    /// still there at the size it wrote: then a build from the same inputs has nothing to do.
    public func unchangedBuild(from inputs: UInt64) -> (record: BuildRecord, report: WriteReport)? {
        guard let record = BuildRecord.read(from: bookkeeping.recordPath), record.inputs == inputs,
            let manifest = Manifest.read(from: bookkeeping.manifestPath)
        else { return nil }
        // Another build (with another cache) may have changed the folder since.
        if let stamp = OutputStamp.read(of: output),
            stamp != OutputStamp(buildID: manifest.buildID ?? 0, bookkeepingFolder: bookkeeping.folder)
        {
            return nil
        }
        let entries = manifest.entries.map { $0 }
        let intact = ParallelMap.map(entries) { path, entry in
            entry != .unknown && FileSystem.size(of: output + "/" + path) == entry.size
        }
        guard intact.allSatisfy({ $0 }) else { return nil }
        return (record, WriteReport(written: 0, unchanged: entries.count, removed: 0))
    }

    /// The manifest entry of a file already on disk as this build makes it: the same bytes, or for
    /// a deferred file, bytes rendered from the same key (so it need not be rendered). Nil when the
    /// file must be staged, or rendered to find out.
    private func knownEntry(of job: WriteJob, previous: Manifest) -> Manifest.Entry? {
        guard let entry = previous.entries[job.path] else { return nil }
        switch job.content {
        case .bytes(let bytes):
            guard entry.key == nil, entry.size == bytes.count, entry.hash == StableHash.of(bytes) else { return nil }
        case .deferred(let key, _):
            guard entry.key == key() else { return nil }
        }
        return FileSystem.size(of: output + "/" + job.path) == entry.size ? entry : nil
    }

    #if DEBUG
        /// Tests build in debug: there, check the promise that equal keys mean equal bytes.
        private func verifyKeys(_ jobs: [WriteJob], _ knownEntries: [Manifest.Entry?]) throws {
            for (job, entry) in zip(jobs, knownEntries) {
                guard let entry, case .deferred(_, let render) = job.content, StableHash.of(try render()) != entry.hash
                else { continue }
                throw OutputError.keyMissesChange(job.path)
            }
        }
    #endif
}
