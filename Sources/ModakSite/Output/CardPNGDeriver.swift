import Foundation
import ModakCore
import ParallelWork

/// Makes card PNGs, 1200 px wide, with `rsvg-convert` (librsvg): one process per card, as many
/// at once as the machine has cores.
///
/// Each PNG is written straight to its destination, without a temporary: the writer hands over
/// destinations in its staging folder, which it discards when a derivation fails (`SiteWriter`),
/// so a half-written PNG never reaches the output.
public struct CardPNGDeriver: FileDeriver {
    /// Path of the `rsvg-convert` executable.
    public let executable: String

    /// A card that could not be converted.
    public struct Failure: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Path of the card's SVG.
        public let card: String
        public let reason: String

        public var description: String { "card \(card): \(reason)" }
    }

    /// One or more cards could not be converted; the others were.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// In the order of the jobs.
        public let failures: [Failure]

        public var description: String {
            "rsvg-convert failed for \(failures.count) card(s):\n"
                + failures.map { "  " + $0.description }.joined(separator: "\n")
        }
    }

    public init(executable: String) {
        self.executable = executable
    }

    /// The deriver using the first `rsvg-convert` on `path`, or nil when there is none.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> CardPNGDeriver? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return CardPNGDeriver(executable: candidate)
            }
        }
        return nil
    }

    /// Converts every card, in parallel. Throws `CardPNGDeriver.Error` naming each card that
    /// failed, after all jobs have run.
    public func derive(_ jobs: [(source: String, destination: String)]) throws {
        // A lane per card: each core takes one conversion at a time, so none is left converting a
        // chunk of cards alone at the end.
        let failures = ParallelMap.map(jobs, lanes: jobs.indices.map { [$0] }) { job in
            convert(svg: job.source, png: job.destination)
        }.compactMap { $0 }
        if !failures.isEmpty { throw Error(failures: failures) }
    }

    /// Runs one conversion; returns why it failed, or nil.
    private func convert(svg: String, png: String) -> Failure? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--width", "1200", "--format", "png", "--output", png, svg]
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
        return nil
    }
}
