import Foundation
import ModakOutput
import ModakSite
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// `built 10,234 files: 12 written, 10,222 unchanged, 3 removed in 1.4 s`.
func summaryLine(_ report: WriteReport, seconds: Double) -> String {
    "built \(grouped(report.total)) files: \(grouped(report.written)) written, \(grouped(report.unchanged)) unchanged, "
        + "\(grouped(report.removed)) removed in \(String(format: "%.1f", seconds)) s"
}

/// `10234` → `10,234`, whatever the locale, so logs read the same everywhere.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return number < 0 ? "-" + result : result
}

/// A one-line progress bar on stderr for builds that take a while; silent when stderr is not a
/// terminal (CI logs, pipes) and for builds that finish before it would be worth drawing.
final class ProgressBar: Sendable {
    private struct State {
        var lastDrawn: Date?
        var visible = false
    }

    private static let delay = 0.4
    private static let interval = 0.1
    private static let width = 30

    private let started = Date()
    private let enabled: Bool
    private let state = Mutex(State())

    init() {
        let environment = ProcessInfo.processInfo.environment
        enabled = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb" && environment["CI"] == nil
    }

    func update(_ progress: BuildProgress) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(started) >= Self.delay else { return }
        state.withLock { state in
            // The last file of a stage is always drawn, so the bar never stops short of full.
            if let last = state.lastDrawn, now.timeIntervalSince(last) < Self.interval, progress.done < progress.total {
                return
            }
            state.lastDrawn = now
            state.visible = true
            Self.draw(Self.line(progress))
        }
    }

    /// Clears the bar, so the summary line starts on a clean line.
    func finish() {
        state.withLock { state in
            if state.visible { Self.draw("") }
            state.visible = false
        }
    }

    private static func line(_ progress: BuildProgress) -> String {
        let label = progress.stage.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
        guard progress.stage == .writing, progress.total > 0 else { return label + "…" }
        let filled = min(width, width * progress.done / progress.total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(label)\(bar) \(grouped(progress.done))/\(grouped(progress.total)) files"
    }

    private static func draw(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }
}
