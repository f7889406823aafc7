import Foundation
import ModakCore
import ParallelWork

/// Draws PNGs from SVGs (cards, the app's icons) with `rsvg-convert` (librsvg), at the size each
/// job asks: one process per file, as many at once as the machine has cores.
///
/// Each PNG is written straight to its destination, without a temporary: the writer hands over
/// destinations in its staging folder, which it discards when a derivation fails (`SiteWriter`),
/// so a half-written PNG never reaches the output.
public struct PNGDeriver: FileDeriver {
    /// Path of the `rsvg-convert` executable.
    public let executable: String

    /// A file that could not be converted.
    public struct Failure: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Path of the SVG.
        public let source: String
        public let reason: String

        public var description: String { "\(source): \(reason)" }
    }

    /// One or more files could not be converted; the others were.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// In the order of the jobs.
        public let failures: [Failure]

        public var description: String {
            "rsvg-convert failed for \(failures.count) file(s):\n"
                + failures.map { "  " + $0.description }.joined(separator: "\n")
        }
    }

    public init(executable: String) {
        self.executable = executable
    }

    /// The deriver using the first `rsvg-convert` on `path`, or nil when there is none.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> PNGDeriver? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return PNGDeriver(executable: candidate)
            }
        }
        return nil
    }

    /// Converts every file, in parallel. Throws `PNGDeriver.Error` naming each file that failed,
    /// after all jobs have run.
    public func derive(_ jobs: [DerivationJob]) throws {
        // A lane per file: each core takes one conversion at a time, so none is left converting a
        // chunk of files alone at the end.
        let failures = ParallelMap.map(jobs, lanes: jobs.indices.map { [$0] }) { convert($0) }.compactMap { $0 }
        if !failures.isEmpty { throw Error(failures: failures) }
    }

    /// The drawing fills the page but for the margin, on the background when there is one.
    static func arguments(of job: DerivationJob) -> [String] {
        let drawing = job.drawing
        var arguments = ["--width", String(drawing.width - 2 * drawing.margin), "--height", String(drawing.height - 2 * drawing.margin)]
        if drawing.margin > 0 {
            arguments += ["--page-width", String(drawing.width), "--page-height", String(drawing.height),
                          "--left", String(drawing.margin), "--top", String(drawing.margin)]
        }
        if let background = drawing.background { arguments += ["--background-color", background] }
        return arguments + ["--format", "png", "--output", job.destination, job.source]
    }

    /// Runs one conversion; returns why it failed, or nil.
    private func convert(_ job: DerivationJob) -> Failure? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.arguments(of: job)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Failure(source: job.source, reason: "could not start \(executable): \(error)")
        }
        // Read before waiting, so a chatty process cannot fill the pipe and block.
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let detail = message.trimmingCharacters(in: .whitespacesAndNewlines)
            return Failure(source: job.source, reason: "rsvg-convert exited with status \(process.terminationStatus)"
                           + (detail.isEmpty ? "" : ": \(detail)"))
        }
        return nil
    }
}
