import Foundation
import ModakCommandLine
import ModakCore
import ModakInput
import ModakOutput
import ModakSite

/// Exit codes (docs/reference/command-line.md): 0 success, 1 content or build errors, 2 usage errors
/// and refused output folders.
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
    let (content, log) = ContentLoader.load(files, folder: directory)
    for diagnostic in log.sorted { printError(diagnostic.description) }
    return content
}

/// The build options of `modak build` and `modak serve`, checked and passed on.
func buildRequest(_ arguments: ParsedArguments) throws(UsageError) -> BuildRequest {
    var request = BuildRequest()
    request.contentDirectory = arguments.value(Options.content)
    request.outputDirectory = arguments.value(Options.output)
    if let day = try pinnedDay(arguments) {
        request.day = day
    } else {
        request.instant = try sourceDateEpoch()
    }
    request.theme = arguments[Options.theme]
    request.baseURL = try baseURL(arguments)
    request.templateDirectories = arguments.values(Options.templates)
    request.includeDrafts = arguments.flag(Options.drafts)
    request.force = arguments.flag(Options.force)
    return request
}

/// `--date`, a calendar day.
func pinnedDay(_ arguments: ParsedArguments) throws(UsageError) -> CivilDay? {
    try arguments.converted(Options.date, expected: "a day like 2026-11-28") { CivilDay(iso: $0) }
}

/// `--base-url`, an absolute http(s) URL.
func baseURL(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    try arguments.converted(Options.baseURL, expected: "an absolute http(s) URL") {
        URLRules.isAbsoluteWebURL($0) ? $0 : nil
    }
}

/// The instant `SOURCE_DATE_EPOCH` names, when it is set: it stands for the clock, so that builds
/// and new files can be reproduced.
func sourceDateEpoch() throws(UsageError) -> Date? {
    guard let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty else { return nil }
    guard let seconds = Int(epoch) else {
        throw UsageError(.invalidValue(of: "SOURCE_DATE_EPOCH", expected: "whole seconds since 1970", value: epoch))
    }
    return Date(timeIntervalSince1970: Double(seconds))
}

func runBuild(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    var request = try buildRequest(arguments)
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

/// Whether `request`'s output folder may be used, saying why not (exit 2) when it may not.
func outputFolderIsAllowed(_ request: BuildRequest, by builder: SiteBuilder) -> Bool {
    do throws(OutputRefusal) {
        try builder.checkOutputFolder(of: request)
        return true
    } catch {
        printError("modak: \(error)")
        return false
    }
}

/// Prints a build's diagnostics and its summary line (or why nothing was written); true when it succeeded.
func printOutcome(_ result: BuildResult, of request: BuildRequest, started: Date) -> Bool {
    for diagnostic in result.diagnostics { printError(diagnostic.description) }
    guard let report = result.report else {
        let count = result.diagnostics.filter { $0.severity == .error }.count
        printError(
            """
            modak: build failed with \(count) error\(count == 1 ? "" : "s"); \(request.outputDirectory) was not \
            changed
            """
        )
        return false
    }
    printLine(summaryLine(report, seconds: Date().timeIntervalSince(started)))
    return true
}

/// A line on stdout, unbuffered: a long-running `modak serve` must not hold lines back from a pipe.
func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Runs the command the arguments name; each action of the declaration has its handler here.
func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    guard let action = arguments.command.action else {
        preconditionFailure("\(arguments.commandName) has subcommands, so no action")
    }
    switch action {
    case .initSite: return try runInit(arguments)
    case .build: return try runBuild(arguments)
    case .serve: return try runServe(arguments)
    case .check: return try runCheck(arguments)
    case .card: return try runCard(arguments)
    case .newSaying: return try NewCommand.saying(arguments)
    case .newSouvenir: return try NewCommand.souvenir(arguments)
    case .newNotice: return try NewCommand.notice(arguments)
    case .newPage: return try NewCommand.page(arguments)
    case .importFirebase: return runImport(arguments)
    case .giftsSimulate: return try runGifts(arguments)
    case .templatesExport: return try runTemplatesExport(arguments)
    case .help: preconditionFailure("the parser answers `modak help` itself")
    case .reference:
        if let folder = arguments[Options.manPages] { return writeManPages(into: folder) }
        print(CommandReference.markdown(ModakCommands.root), terminator: "")
        return .success
    }
}

/// `modak reference --man DIR`: every page of the manual into DIR, which is created if needed.
func writeManPages(into folder: String) -> ExitCode {
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for page in ManPage.pages(ModakCommands.root, version: ModakVersion.current) {
            try Data(page.roff.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(page.file))
        }
    } catch {
        printError("\(folder): cannot write the manual pages: \(error.localizedDescription)")
        return .failure
    }
    return .success
}

func main() -> ExitCode {
    var ran = [ModakCommands.root]
    do throws(UsageError) {
        switch try CommandParser.parse(Array(CommandLine.arguments.dropFirst()), root: ModakCommands.root) {
        case .help(let path):
            print(HelpFormatter.help(for: path))
            return .success
        case .version:
            print("modak \(ModakVersion.current)")
            print("templates: \(templatesDescription())")
            return .success
        case .run(let arguments):
            ran = arguments.path
            return try run(arguments)
        }
    } catch {
        let path = error.command.isEmpty ? ran : ModakCommands.root.path(to: error.command)
        printError("modak: \(error.message)\n\(HelpFormatter.usage(for: path))")
        return .usage
    }
}

exit(main().rawValue)
