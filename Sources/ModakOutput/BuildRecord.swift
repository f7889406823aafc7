import Foundation
import ModakCore

/// What the last successful build into a folder was made from, kept beside its manifest in the
/// output's bookkeeping: a build from the very same inputs finds every file already as it would
/// write it, so it stops after reading them, and reports what the first one reported.
///
/// A build on the clock is never recorded: the delivery of souvenirs turns on the exact time.
public struct BuildRecord: Sendable, Equatable {
    /// A `StableHash` of everything the output is made from (ModakSite's `BuildRecord.inputs(…)`).
    public var inputs: UInt64
    public var today: BuildDay
    /// The site's root path (`SiteConfig.rootPath`), where a preview serves it.
    public var rootPath: String
    /// The warnings of the build, shown again by builds that stop early.
    public var diagnostics: [Diagnostic]

    public init(inputs: UInt64, today: BuildDay, rootPath: String, diagnostics: [Diagnostic]) {
        (self.inputs, self.today, self.rootPath, self.diagnostics) = (inputs, today, rootPath, diagnostics)
    }
}

extension BuildRecord {
    /// The record at `path`, or nil when there is none or it cannot be read.
    static func read(from path: String) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: path),
            let stored = try? JSONDecoder().decode(Stored.self, from: data),
            let inputs = UInt64(stored.inputs, radix: 16), let day = CivilDay(iso: stored.day),
            let timeZone = TimeZone(identifier: stored.timeZone)
        else { return nil }
        let diagnostics = stored.diagnostics.map {
            Diagnostic($0.warning ? .warning : .error, path: $0.path, line: $0.line, $0.message)
        }
        return BuildRecord(
            inputs: inputs,
            today: BuildDay(day: day, timeZone: timeZone, now: Date(timeIntervalSinceReferenceDate: stored.now)),
            rootPath: stored.rootPath, diagnostics: diagnostics)
    }

    func write(to path: String) throws {
        let stored = Stored(
            inputs: String(inputs, radix: 16), day: today.day.description, timeZone: today.timeZone.identifier,
            now: today.now.timeIntervalSinceReferenceDate, rootPath: rootPath,
            diagnostics: diagnostics.map {
                .init(warning: $0.severity == .warning, path: $0.path, line: $0.line, message: $0.message)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try FileSystem.writeAtomically([UInt8](try encoder.encode(stored)), to: path)
    }

    private struct Stored: Codable {
        struct StoredDiagnostic: Codable {
            var warning: Bool
            var path: String
            var line: Int?
            var message: String
        }

        var inputs: String
        /// The build's day, and the time zone it is a day in.
        var day, timeZone: String
        /// `Date`'s own measure, which reads back exactly.
        var now: Double
        var rootPath: String
        var diagnostics: [StoredDiagnostic]
    }
}
