import Foundation
import ModakCore
import ModakSite
import CGlibcExtras

let usage = """
usage: modak build  [--content DIR] [--output DIR] [--date YYYY-MM-DD] [--theme NAME]
                    [--base-url URL] [--templates DIR]
       modak card   ID|today [--content DIR] [--date YYYY-MM-DD] [-o FILE]
       modak gifts simulate --gender any|female|male --budget MIN-MAX --answers O,X,skip,… [--content DIR]
       modak serve  [--port N] [build options]
       modak check  [--content DIR] [--output DIR] [--base-url URL]
       modak import firebase FILE [--content DIR]
       modak new    souvenir --content DIR --deliver TIME [--title T] [MESSAGE]
       modak new    saying --content DIR --who W [--kor K] [--eng E] [--time TIME | --queue] [--id ID] [--tags a,b] [COMMENTARY]
       modak new    notice --content DIR --title T [--date TIME] [--slug S] [MESSAGE]
       modak --version
"""

/// Exit codes from SPEC.md: 0 success, 1 content or build errors, 2 usage errors.
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Reads and validates a content folder, printing every diagnostic; nil when it has errors.
func loadContent(_ directory: String) -> ContentSet? {
    let files: [SourceFile]
    do {
        files = try DirectoryReader.contentFiles(in: directory)
    } catch {
        printError("modak: \(error)")
        return nil
    }
    let (content, log) = ContentLoader.load(files)
    for diagnostic in log.sorted { printError(diagnostic.description) }
    return content
}

func buildRequest(_ arguments: Arguments) throws(UsageError) -> BuildRequest {
    var request = BuildRequest()
    if let content = arguments["--content"] { request.contentDirectory = content }
    if let output = arguments["--output"] { request.outputDirectory = output }
    if let date = arguments["--date"] {
        guard let day = CivilDay(iso: date) else { throw UsageError(message: "--date must be a day like 2026-11-28, not \(date)") }
        request.day = day
    } else if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
        guard let seconds = Int(epoch) else { throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not \(epoch)") }
        request.instant = Date(timeIntervalSince1970: Double(seconds))
    }
    if let theme = arguments["--theme"] {
        guard SiteConfig.themes.contains(theme) else {
            throw UsageError(message: "--theme must be one of \(SiteConfig.themes.joined(separator: ", ")), not \(theme)")
        }
        request.theme = theme
    }
    if let baseURL = arguments["--base-url"] {
        guard URLRules.isAbsoluteWebURL(baseURL) else { throw UsageError(message: "--base-url must be an absolute http(s) URL") }
        request.baseURL = baseURL
    }
    if let templates = arguments["--templates"] { request.templateDirectories = [templates] }
    request.force = arguments.flags.contains("--force")
    request.includeDrafts = arguments.flags.contains("--drafts")
    return request
}

let buildOptions: Set<String> = ["--content", "--output", "--date", "--theme", "--base-url", "--templates"]
let buildSwitches: Set<String> = ["--force", "--drafts"]

func runBuild(_ arguments: ArraySlice<String>) throws(UsageError) -> ExitCode {
    let parsed = try Arguments(arguments, valued: buildOptions, switches: buildSwitches)
    guard parsed.positional.isEmpty else { throw UsageError(message: "unexpected argument \(parsed.positional[0])") }
    var request = try buildRequest(parsed)
    request.leavesMemoryToExit = true
    keepFreedMemory()
    let progress = ProgressBar()
    request.progress = progress.update
    let started = Date()
    let result = SiteBuilder().build(request)
    progress.finish()
    if let refusal = result.refusal {
        printError("modak: \(refusal)")
        return .usage
    }
    return printOutcome(result, of: request, started: started) ? .success : .failure
}

/// Lets the allocator keep what the build frees instead of handing it back to the system and
/// asking for it again: a build of 10,000 sayings with cards made 7,500 `mprotect` calls and
/// 27,700 page faults by default, 3,600 and 21,500 with these settings (32 MiB is the largest
/// mmap threshold glibc takes). The process exits soon after, so the memory is not held for long.
func keepFreedMemory() {
    mallopt(M_TRIM_THRESHOLD, 256 << 20)
    mallopt(M_MMAP_THRESHOLD, 32 << 20)
    mallopt(M_TOP_PAD, 16 << 20)
}

/// Prints a build's diagnostics and its summary line (or why nothing was written); true when it succeeded.
func printOutcome(_ result: BuildResult, of request: BuildRequest, started: Date) -> Bool {
    for diagnostic in result.diagnostics { printError(diagnostic.description) }
    guard let report = result.report else {
        let count = result.diagnostics.filter { $0.severity == .error }.count
        printError("modak: build failed with \(count) error\(count == 1 ? "" : "s"); \(request.outputDirectory) was not changed")
        return false
    }
    printLine(summaryLine(report, seconds: Date().timeIntervalSince(started)))
    return true
}

/// A line on stdout, unbuffered: a long-running `modak serve` must not hold lines back from a pipe.
func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func main() -> ExitCode {
    let arguments = CommandLine.arguments.dropFirst()
    do throws(UsageError) {
        switch arguments.first {
        case "build": return try runBuild(arguments.dropFirst())
        case "serve": return try runServe(arguments.dropFirst())
        case "check": return try runCheck(arguments.dropFirst())
        case "import": return try runImport(arguments.dropFirst())
        case "gifts": return runGifts(arguments.dropFirst())
        case "card": return try runCard(arguments.dropFirst())
        case "new": return NewCommand.run(arguments.dropFirst())
        case "--version", "version":
            print("modak \(ModakVersion.current)")
            return .success
        case "--help", "-h", "help":
            print(usage)
            return .success
        case nil: throw UsageError(message: "no command given")
        case let command?: throw UsageError(message: "unknown command \(command)")
        }
    } catch {
        printError("modak: \(error.message)\n\(usage)")
        return .usage
    }
}

exit(main().rawValue)
