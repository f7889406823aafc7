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
/// - A folder that does not exist yet is built whole beside it and renamed into place: readers
///   see no site or all of it, and no file needs a temporary of its own.
public struct SiteWriter: Sendable {
    public static let manifestName = ".modak-manifest"
    public static let lockName = ".modak-lock"

    public let outputDirectory: String
    /// Files go straight to their names: set for the hidden folder a new site is built in.
    private let writesInPlace: Bool

    public init(outputDirectory: String) {
        self.init(outputDirectory: outputDirectory, writesInPlace: false)
    }

    private init(outputDirectory: String, writesInPlace: Bool) {
        self.outputDirectory = outputDirectory.hasSuffix("/") && outputDirectory.count > 1 ? String(outputDirectory.dropLast()) : outputDirectory
        self.writesInPlace = writesInPlace
    }

    /// `progress(done, total)` is called as files are written, from any thread. Derived files are
    /// made by `deriver` after the files they come from; without one, none are made.
    ///
    /// Files are written in two passes: each changed file to a temporary beside it (deferred files
    /// rendered on the way, and their bytes let go as soon as they are written), then all renamed
    /// into place. A file that fails to render or write stops the build in the first pass, before
    /// anything a reader can see has changed.
    ///
    /// With a `record`, the folder remembers what this build was made from (see `BuildRecord`).
    public func write(_ plan: OutputPlan, deriver: (any FileDeriver)? = nil, record: BuildRecord? = nil,
                      progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> WriteReport {
        try validatePaths(plan)
        if !writesInPlace && !FileSystem.exists(outputDirectory) {
            return try writeNewSite(plan, deriver: deriver, record: record, progress: progress)
        }
        return try writeValidated(plan, deriver: deriver, record: record, progress: progress)
    }

    /// `write` once the plan's paths are known to be safe and distinct.
    private func writeValidated(_ plan: OutputPlan, deriver: (any FileDeriver)?, record: BuildRecord?,
                                progress: (@Sendable (Int, Int) -> Void)?) throws -> WriteReport {
        try FileSystem.createDirectories(outputDirectory)
        let lock = try OutputLock(path: outputDirectory + "/" + Self.lockName)
        defer { lock.release() }
        // Whatever happens next, the folder no longer holds what the last record describes.
        FileSystem.removeFile(outputDirectory + "/" + BuildRecord.fileName)

        let previous = Manifest.read(from: manifestPath)
        removeLeftoverTemporaries(previous: previous)
        let jobs = plan.files.map { WriteJob(path: $0.path, content: .bytes($0.bytes)) }
            + plan.deferred.map { WriteJob(path: $0.path, content: .deferred(key: $0.key, render: $0.render)) }
        let knownEntries = ParallelMap.map(jobs) { knownEntry(of: $0, previous: previous) }
        let candidates = jobs.indices.filter { knownEntries[$0] == nil }
        #if DEBUG
        try verifyKeys(jobs, knownEntries)
        #endif
        let derived = deriver == nil ? [] : plan.derived
        let plannedPaths = jobs.map(\.path) + derived.map(\.path)

        // Before touching any file, mark every one that may change as unknown, so that a build
        // killed part-way leaves a manifest that makes the next build rewrite each of them (even
        // back to its old bytes) and remove the new ones it no longer wants. (A new site's hidden
        // folder is not the site until it is renamed: nothing to mark.)
        if !writesInPlace {
            let candidatePaths = Set(candidates.map { jobs[$0].path })
            let derivedAtRisk = derived.filter { file in
                candidatePaths.contains(file.source) || FileSystem.size(of: outputDirectory + "/" + file.path) != previous.entries[file.path]?.size
            }
            if !candidates.isEmpty || !derivedAtRisk.isEmpty {
                var intent = previous
                for path in candidatePaths { intent.entries[path] = .unknown }
                for file in derivedAtRisk { intent.entries[file.path] = .unknown }
                try intent.write(to: manifestPath, order: plannedPaths)
            }
        }

        let staged = try stage(candidates.map { jobs[$0] }, previous: previous, progress: progress)
        var current = Manifest(entries: [:])
        current.entries.reserveCapacity(jobs.count + derived.count)
        for (index, entry) in knownEntries.enumerated() { if let entry { current.entries[jobs[index].path] = entry } }
        for file in staged { current.entries[file.path] = file.entry }
        if !writesInPlace {
            try ParallelMap.map(staged.filter { $0.temporary != nil }) { file in
                Result { () throws(OutputError) in try FileSystem.replace(outputDirectory + "/" + file.path, with: file.temporary!) }
            }.forEach { try $0.get() }
        }
        let written = staged.count { $0.temporary != nil }

        let pendingDerived = derived.filter { file in
            previous.entries[file.path]?.hash != current.entries[file.source]?.hash
                || FileSystem.size(of: outputDirectory + "/" + file.path) != previous.entries[file.path]?.size
        }
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
        for path in previous.entries.keys.filter({ current.entries[$0] == nil }).sorted() {
            if FileSystem.removeFile(outputDirectory + "/" + path) { removed += 1 }
            FileSystem.removeEmptyParents(of: path, under: outputDirectory)
        }
        try current.write(to: manifestPath, order: plannedPaths)
        try record?.write(to: outputDirectory)
        let total = jobs.count + derived.count
        return WriteReport(written: written + pendingDerived.count, unchanged: total - written - pendingDerived.count, removed: removed)
    }

    private var manifestPath: String { outputDirectory + "/" + Self.manifestName }

    /// Writes a site whose folder does not exist yet into a hidden sibling (removed if the build
    /// fails), then renames that into place. One left by a killed build is removed first.
    private func writeNewSite(_ plan: OutputPlan, deriver: (any FileDeriver)?, record: BuildRecord?,
                              progress: (@Sendable (Int, Int) -> Void)?) throws -> WriteReport {
        let staging = FileSystem.temporarySibling(of: outputDirectory)
        let parent = staging.lastIndex(of: "/").map { String(staging[..<$0]) } ?? "."
        try FileSystem.createDirectories(parent.isEmpty ? "/" : parent)
        FileSystem.removeAbandonedTemporaries(of: outputDirectory)
        do {
            try FileSystem.createDirectories(staging)
            let report = try SiteWriter(outputDirectory: staging, writesInPlace: true)
                .writeValidated(plan, deriver: deriver, record: record, progress: progress)
            guard rename(staging, outputDirectory) == 0 else {
                throw OutputError(description: "cannot create \(outputDirectory) (did another build create it meanwhile?): \(String(cString: strerror(errno)))")
            }
            return report
        } catch {
            FileSystem.removeTree(staging)
            throw error
        }
    }

    /// The record of the last build, when it was made from `inputs` and every file it wrote is
    /// still there at the size it wrote: then a build from the same inputs has nothing to do.
    public func unchangedBuild(from inputs: UInt64) -> (record: BuildRecord, report: WriteReport)? {
        guard let record = BuildRecord.read(from: outputDirectory), record.inputs == inputs else { return nil }
        let entries = Manifest.read(from: manifestPath).entries.map { $0 }
        let intact = ParallelMap.map(entries) { path, entry in
            entry != .unknown && FileSystem.size(of: outputDirectory + "/" + path) == entry.size
        }
        guard intact.allSatisfy({ $0 }) else { return nil }
        return (record, WriteReport(written: 0, unchanged: entries.count, removed: 0))
    }

    /// One file to put on disk: its bytes, or how to render them.
    private struct WriteJob: Sendable {
        enum Content: Sendable {
            case bytes([UInt8])
            case deferred(key: @Sendable () -> UInt64, render: @Sendable () throws -> [UInt8])
        }

        let path: String
        let content: Content
    }

    /// A file made in the first pass: its manifest entry, and the temporary holding its new bytes
    /// — the file itself when written in place — (nil when the bytes on disk already are these).
    private struct StagedFile: Sendable {
        let path: String
        let entry: Manifest.Entry
        let temporary: String?
        /// The folder made for it, removed again if the build fails.
        var createdFolder: String? = nil
    }

    /// The manifest entry of a file already on disk as this build makes it: the same bytes, or for
    /// a deferred file, bytes rendered from the same key (so it need not be rendered). Nil when the
    /// file must be written, or rendered to find out.
    private func knownEntry(of job: WriteJob, previous: Manifest) -> Manifest.Entry? {
        guard let entry = previous.entries[job.path] else { return nil }
        switch job.content {
        case .bytes(let bytes):
            guard entry.key == nil, entry.size == bytes.count, entry.hash == StableHash.of(bytes) else { return nil }
        case .deferred(let key, _):
            guard entry.key == key() else { return nil }
        }
        return FileSystem.size(of: outputDirectory + "/" + job.path) == entry.size ? entry : nil
    }

    #if DEBUG
    /// Tests build in debug: there, check the promise that equal keys mean equal bytes.
    private func verifyKeys(_ jobs: [WriteJob], _ knownEntries: [Manifest.Entry?]) throws {
        for (job, entry) in zip(jobs, knownEntries) {
            guard let entry, case .deferred(_, let render) = job.content, StableHash.of(try render()) != entry.hash else { continue }
            throw OutputError(description: "\(job.path): its key did not change but its bytes did, so its key misses something the page shows")
        }
    }
    #endif

    /// The first pass: makes each file, and writes it to a temporary unless the same bytes are on
    /// disk. On failure removes what it wrote, so the folder is as it was.
    private func stage(_ jobs: [WriteJob], previous: Manifest, progress: (@Sendable (Int, Int) -> Void)?) throws -> [StagedFile] {
        let (createdFolders, leafFolders) = try makeFolders(for: jobs.map(\.path))
        let done = Atomic<Int>(0)
        // After one failure the build fails anyway, so the files not yet rendered are not: a template
        // stopped at its step limit would otherwise spend that long on every page of a large site.
        let failed = Atomic<Bool>(false)
        let outcomes = ParallelMap.map(jobs, lanes: Self.topFolderLanes(jobs.map(\.path))) { job in
            return Result { () throws -> StagedFile in
                guard !failed.load(ordering: .relaxed) else { throw SkippedAfterFailure() }
                let (bytes, key): ([UInt8], UInt64?)
                switch job.content {
                case .bytes(let content): (bytes, key) = (content, nil)
                case .deferred(let contentKey, let render):
                    do {
                        (bytes, key) = (try render(), contentKey())
                    } catch {
                        failed.store(true, ordering: .relaxed)
                        throw error
                    }
                }
                let entry = Manifest.Entry(hash: StableHash.of(bytes), size: bytes.count, key: key)
                let path = outputDirectory + "/" + job.path
                let unchanged = previous.entries[job.path].map { $0.hash == entry.hash && $0.size == entry.size } == true
                    && FileSystem.size(of: path) == entry.size
                var createdFolder: String?
                var temporary: String?
                if !unchanged {
                    if let folder = Self.folder(of: job.path), leafFolders.contains(folder),
                       try FileSystem.makeDirectory(outputDirectory + "/" + folder) {
                        createdFolder = String(folder)
                    }
                    do {
                        temporary = writesInPlace ? try FileSystem.write(bytes, to: path) : try FileSystem.writeTemporary(bytes, beside: path)
                    } catch {
                        if let createdFolder { rmdir(outputDirectory + "/" + createdFolder) }
                        throw error
                    }
                }
                if let progress { progress(done.add(1, ordering: .relaxed).newValue, jobs.count) }
                return StagedFile(path: job.path, entry: entry, temporary: temporary, createdFolder: createdFolder)
            }
        }
        // Of several failures, the first planned is reported.
        if let failure = outcomes.first(where: { if case .failure(let error) = $0 { !(error is SkippedAfterFailure) } else { false } }),
           case .failure(let error) = failure {
            for case .success(let file) in outcomes {
                if let temporary = file.temporary { unlink(temporary) }
                if let folder = file.createdFolder { rmdir(outputDirectory + "/" + folder) }
            }
            for folder in createdFolders.reversed() { rmdir(outputDirectory + "/" + folder) }
            throw error
        }
        return outcomes.map { try! $0.get() }
    }

    private struct SkippedAfterFailure: Error {}

    /// The indices of `paths` grouped by the top folder they are written to. Creating a file or
    /// folder locks the folder it goes in: two threads both writing cards into `cards/`, or both
    /// making folders in `sayings/`, spent their time spinning and sleeping on each other.
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

    /// Creates the folders `paths` need, parents first, and returns the ones it created. Folders
    /// that hold one file and nothing else (`sayings/<id>/`) are left to the job writing that file,
    /// and returned apart: made all at once, the threads would mostly wait on the lock of their
    /// common parent. A folder holding several files (`cards/`) is made here, once: left to each
    /// job, every file in it would cost a `mkdir` of the folder, locking its parent.
    private func makeFolders(for paths: [String]) throws(OutputError) -> (created: [String], leaves: Set<Substring>) {
        // Substrings of the paths: no string is made per path, on the one core this runs on.
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
        var created: [String] = []
        for folder in shared.sorted() where try FileSystem.makeDirectory(outputDirectory + "/" + folder) {
            created.append(String(folder))
        }
        return (created, folders.subtracting(shared))
    }

    /// The folder part of a relative path, found by bytes (`/` is ASCII and never part of a name's character).
    private static func folder(of path: String) -> Substring? {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] }
    }

    private static let reservedNames: Set<String> = [manifestName, lockName, BuildRecord.fileName]

    private func validatePaths(_ plan: OutputPlan) throws {
        let written = plan.files.map(\.path) + plan.deferred.map(\.path)
        let derived = plan.derived.map(\.path)
        let paths = written + derived
        let contained = ParallelMap.map(paths) { URLRules.isContainedRelativePath($0) && !Self.reservedNames.contains($0) }
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
    private func removeLeftoverTemporaries(previous: Manifest) {
        var folders: Set<String> = [""]
        for (path, entry) in previous.entries where entry == .unknown {
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        for folder in folders.sorted() {
            FileSystem.removeTemporaries(in: folder.isEmpty ? outputDirectory : outputDirectory + "/" + folder)
        }
    }
}

/// The list of files Modak generated in an output folder, with a hash and size of each, and
/// for a deferred file the key it was rendered from.
struct Manifest: Equatable {
    struct Entry: Equatable {
        var hash: UInt64
        var size: Int
        var key: UInt64? = nil

        /// A file a build set out to write: whatever is on disk must be rewritten.
        static let unknown = Entry(hash: 0, size: -1)
    }

    /// Version 2 added the keys and changed the hash; a version 1 manifest still says which
    /// files Modak owns, and its hashes simply never match.
    static let header = "modak-manifest 2"
    static let previousHeader = "modak-manifest 1"
    var entries: [String: Entry]

    static func read(from path: String) -> Manifest {
        guard let data = FileManager.default.contents(atPath: path) else { return Manifest(entries: [:]) }
        // Parsed as bytes: a manifest has a line per file, and only its paths need to be strings.
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"))
        guard let version = lines.first.map({ String(decoding: $0, as: UTF8.self) }), version == header || version == previousHeader else {
            return Manifest(entries: [:])
        }
        let hasKeys = version == header
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            // `hash size key path` (`hash size path` in version 1); the path may hold spaces.
            guard let (hashField, afterHash) = Self.field(of: line), let hash = Self.number(hashField, radix: 16),
                  let (sizeField, afterSize) = Self.field(of: afterHash), let size = Self.signedNumber(sizeField) else { continue }
            var key: UInt64?
            var pathBytes = afterSize
            if hasKeys {
                guard let (keyField, afterKey) = Self.field(of: afterSize) else { continue }
                key = Self.number(keyField, radix: 16)  // `-` when the file has none
                pathBytes = afterKey
            }
            let path = String(decoding: pathBytes, as: UTF8.self)
            // A tampered manifest must not make the writer delete outside its folder.
            guard URLRules.isContainedRelativePath(path) else { continue }
            entries[path] = Entry(hash: hash, size: size, key: key)
        }
        return Manifest(entries: entries)
    }

    /// The bytes of `line` up to its first space, and those after that space.
    private static func field(of line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        return (line[..<space], line[(space + 1)...])
    }

    /// The number written in `digits` (lowercase for hexadecimal, as `appendHex` writes them), or nil.
    private static func number(_ digits: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
            default: radix
            }
            guard digit < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow, shifted <= UInt64.max - digit else { return nil }
            value = shifted + digit
        }
        return value
    }

    private static func signedNumber(_ digits: ArraySlice<UInt8>) -> Int? {
        let negative = digits.first == UInt8(ascii: "-")
        guard let magnitude = number(negative ? digits.dropFirst() : digits, radix: 10), magnitude <= UInt64(Int.max) else { return nil }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    /// Writes the entries of the distinct paths in `order` in that order, then any others sorted:
    /// a build passes its plan's order, as deterministic as sorting, which took 15 ms of every
    /// build of 10,000 sayings.
    func write(to path: String, order: [String] = []) throws {
        var bytes = Array((Self.header + "\n").utf8)
        bytes.reserveCapacity(entries.count * 64)
        func append(_ file: String, _ entry: Entry) {
            Self.appendHex(entry.hash, to: &bytes)
            bytes += String(entry.size).utf8
            bytes.append(UInt8(ascii: " "))
            if let key = entry.key { Self.appendHex(key, to: &bytes) } else { bytes += "- ".utf8 }
            bytes += file.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        var written = 0
        for file in order {
            guard let entry = entries[file] else { continue }
            append(file, entry)
            written += 1
        }
        if written < entries.count {
            let ordered = Set(order)
            for file in entries.keys.filter({ !ordered.contains($0) }).sorted() { append(file, entries[file]!) }
        }
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// `number` in lowercase hexadecimal and a space, written straight into `bytes` (a manifest has
    /// a line per file, and dividing by a radix for each digit took most of writing it).
    private static func appendHex(_ number: UInt64, to bytes: inout [UInt8]) {
        let digits = max(1, (64 - number.leadingZeroBitCount + 3) / 4)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: number >> UInt64(shift)) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        bytes.append(UInt8(ascii: " "))
    }
}
