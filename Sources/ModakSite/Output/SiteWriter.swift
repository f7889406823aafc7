import Foundation
import ModakCore
import ParallelWork
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

/// Puts an `OutputPlan` on disk: the last stage, and with `ContentReader` the only one touching files.
///
/// It writes in named steps, under a lock held in the output's bookkeeping (`OutputBookkeeping`,
/// kept in the `BuildCache`, so the output folder holds nothing but the site):
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
    public func write(_ plan: OutputPlan, deriver: (any FileDeriver)? = nil, record: BuildRecord? = nil,
                      progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> WriteReport {
        try OutputPathRules.check(plan)
        let lock = try bookkeeping.lock(displayName: outputDirectory)
        defer { lock.release() }
        let previous = bookkeeping.previousManifest()

        let jobs = WriteJob.jobs(of: plan)
        let knownEntries = ParallelMap.map(jobs) { knownEntry(of: $0, previous: previous) }
        #if DEBUG
        try verifyKeys(jobs, knownEntries)
        #endif
        let derived = deriver == nil ? [] : plan.derived
        let staging = try StagingArea.prepare(for: output)
        do {
            let staged = try staging.stage(jobs.indices.filter { knownEntries[$0] == nil }.map { jobs[$0] }, previous: previous, progress: progress)
            var current = Manifest(entries: [:])
            current.entries.reserveCapacity(jobs.count + derived.count)
            for (index, entry) in knownEntries.enumerated() { if let entry { current.entries[jobs[index].path] = entry } }
            for file in staged { current.entries[file.path] = file.entry }

            // A derived file is keyed by its source's hash and its pixel size, and checked by its
            // size on disk, so it is made again exactly when either changes or it goes missing.
            let pendingDerived = derived.filter { file in
                previous.entries[file.path]?.hash != current.entries[file.source].map({ file.hash(fromSource: $0.hash) })
                    || FileSystem.size(of: output + "/" + file.path) != previous.entries[file.path]?.size
            }
            if let deriver, !pendingDerived.isEmpty {
                try staging.derive(pendingDerived, stagedSources: Set(staged.lazy.filter(\.isWritten).map(\.path)), with: deriver)
            }
            let pendingPaths = Set(pendingDerived.map(\.path))
            for file in derived {
                let made = pendingPaths.contains(file.path) ? staging.path(of: file.path) : output + "/" + file.path
                guard let source = current.entries[file.source], let size = FileSystem.size(of: made) else { continue }
                current.entries[file.path] = Manifest.Entry(hash: file.hash(fromSource: source.hash), size: size)
            }

            let changed = staged.filter(\.isWritten).map(\.path) + pendingDerived.map(\.path)
            let order = jobs.map(\.path) + derived.map(\.path)
            let removed = try commit(changed, from: staging, current: current, previous: previous, order: order, record: record)
            let total = jobs.count + derived.count
            return WriteReport(written: changed.count, unchanged: total - changed.count, removed: removed)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The commit step: puts the `changed` files in place, removes the stale ones, and writes the
    /// manifest and the record. Returns how many stale files were removed.
    private func commit(_ changed: [String], from staging: StagingArea, current: Manifest, previous: Manifest,
                        order: [String], record: BuildRecord?) throws -> Int {
        let stale = previous.entries.keys.filter { current.entries[$0] == nil }.sorted()
        if staging.becomesOutput {
            guard rename(staging.folder, output) == 0 else {
                throw OutputError.cannotCreateOutput(outputDirectory, reason: FileSystem.lastError)
            }
            FileSystem.removeFile(bookkeeping.recordPath)
        } else {
            // From here the folder no longer holds what the last record describes.
            FileSystem.removeFile(bookkeeping.recordPath)
            if !changed.isEmpty || !stale.isEmpty {
                var intent = previous
                for path in changed + stale { intent.entries[path] = .unknown }
                try intent.write(to: bookkeeping.manifestPath, order: order)
            }
            try ParallelMap.map(changed) { path in
                Result { () throws(OutputError) in try staging.move(path) }
            }.forEach { try $0.get() }
            staging.discard()
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

    /// The record of the last build, when it was made from `inputs` and every file it wrote is
    /// still there at the size it wrote: then a build from the same inputs has nothing to do.
    public func unchangedBuild(from inputs: UInt64) -> (record: BuildRecord, report: WriteReport)? {
        guard let record = BuildRecord.read(from: bookkeeping.recordPath), record.inputs == inputs,
              let manifest = Manifest.read(from: bookkeeping.manifestPath) else { return nil }
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
            guard let entry, case .deferred(_, let render) = job.content, StableHash.of(try render()) != entry.hash else { continue }
            throw OutputError.keyMissesChange(job.path)
        }
    }
    #endif
}
