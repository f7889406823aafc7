import Foundation

/// Turns card SVGs into 1200-px-wide PNGs with `rsvg-convert` (librsvg),
/// running one process per card, as many at once as the machine has cores.
///
/// Each PNG is written to a temporary file beside it and renamed into
/// place, so a reader never sees a half-written image and a failed run
/// leaves the previous PNG untouched.
public struct CardRasterizer: Sendable {
    /// Path of the `rsvg-convert` executable.
    public let executable: String
    /// How many `rsvg-convert` processes may run at once.
    public let maxConcurrentJobs: Int

    /// A card that could not be rasterized.
    public struct Failure: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Path of the card's SVG.
        public let card: String
        public let reason: String

        public var description: String { "card \(card): \(reason)" }
    }

    /// One or more cards could not be rasterized; the others were.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// In the order of the jobs.
        public let failures: [Failure]

        public var description: String {
            "rsvg-convert failed for \(failures.count) card(s):\n"
                + failures.map { "  " + $0.description }.joined(separator: "\n")
        }
    }

    public init(executable: String, maxConcurrentJobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.executable = executable
        self.maxConcurrentJobs = max(1, maxConcurrentJobs)
    }

    /// A rasterizer using the first `rsvg-convert` on `PATH`, or nil.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> CardRasterizer? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return CardRasterizer(executable: candidate)
            }
        }
        return nil
    }

    /// Rasterizes every job, in parallel. Throws `CardRasterizer.Error`
    /// naming each card that failed, after all jobs have run.
    public func rasterize(_ jobs: [(svg: String, png: String)]) throws {
        guard !jobs.isEmpty else { return }
        let queue = JobQueue()
        DispatchQueue.concurrentPerform(iterations: min(maxConcurrentJobs, jobs.count)) { _ in
            while let index = queue.take(below: jobs.count) {
                if let failure = rasterize(svg: jobs[index].svg, png: jobs[index].png) {
                    queue.record(failure, at: index)
                }
            }
        }
        let failures = queue.failures()
        if !failures.isEmpty { throw Error(failures: failures) }
    }

    /// Runs one conversion; returns why it failed, or nil.
    private func rasterize(svg: String, png: String) -> Failure? {
        let temporary = "\(png).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp"
        defer { try? FileManager.default.removeItem(atPath: temporary) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--width", "1200", "--format", "png", "--output", temporary, svg]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Failure(card: svg, reason: "could not start \(executable): \(error)")
        }
        // Read before waiting, so a chatty process cannot fill the pipe and block.
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let detail = message.trimmingCharacters(in: .whitespacesAndNewlines)
            return Failure(card: svg, reason: "rsvg-convert exited with status \(process.terminationStatus)"
                           + (detail.isEmpty ? "" : ": \(detail)"))
        }
        guard rename(temporary, png) == 0 else {
            return Failure(card: svg, reason: "could not move PNG into place at \(png): \(String(cString: strerror(errno)))")
        }
        return nil
    }
}

/// Hands out job indexes to the workers and collects their failures.
private final class JobQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var recorded: [(index: Int, failure: CardRasterizer.Failure)] = []

    /// The next job's index, or nil when all `count` jobs are taken.
    func take(below count: Int) -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func record(_ failure: CardRasterizer.Failure, at index: Int) {
        lock.withLock { recorded.append((index, failure)) }
    }

    /// The failures in job order.
    func failures() -> [CardRasterizer.Failure] {
        lock.withLock { recorded.sorted { $0.index < $1.index }.map(\.failure) }
    }
}
