import ParallelWork

/// Makes derived files (cards' PNGs, the app's icons) by their `Derivation`s, on every core.
///
/// Each file is written straight to its destination, without a temporary: the writer hands over
/// destinations in its staging folder, which it discards when a derivation fails (`SiteWriter`),
/// so a half-written file never reaches the output.
public struct ParallelDeriver: FileDeriver {
    /// A file that could not be made.
    public struct Failure: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Path of the file it is made from.
        public let source: String
        public let reason: String

        public var description: String { "\(source): \(reason)" }
    }

    /// One or more files could not be made; the others were.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// In the order of the jobs.
        public let failures: [Failure]

        public var description: String {
            "no PNG could be drawn from \(failures.count) file(s):\n"
                + failures.map { "  " + $0.description }.joined(separator: "\n")
        }
    }

    public init() {}

    /// Makes every file, in parallel. Throws `ParallelDeriver.Error` naming each file that failed,
    /// after all jobs have run.
    public func derive(_ jobs: [DerivationJob]) throws {
        // A lane per file: each core takes one file at a time, so none is left making a chunk
        // of files alone at the end.
        let failures = ParallelMap.map(jobs, lanes: jobs.indices.map { [$0] }) { job -> Failure? in
            do {
                try FileSystem.write(job.derivation.make(from: job.source), to: job.destination)
                return nil
            } catch {
                return Failure(source: job.source, reason: "\(error)")
            }
        }.compactMap { $0 }
        if !failures.isEmpty { throw Error(failures: failures) }
    }
}
