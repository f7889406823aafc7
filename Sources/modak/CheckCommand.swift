import Foundation
import ModakCommandLine
import ModakCore
import ModakSite

/// `modak check [--content DIR] [--output DIR] [--base-url URL] [--force]`: the content's diagnostics, then
/// every internal reference of the built site that points nowhere and every XML or JSON file
/// that does not parse. Exit 1 when anything is wrong.
func runCheck(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let contentDirectory = arguments.value(Options.content)
    let outputDirectory = arguments.value(Options.output)
    let givenBaseURL = try baseURL(arguments)
    var request = BuildRequest()
    (request.contentDirectory, request.outputDirectory, request.force) = (contentDirectory, outputDirectory, arguments.flag(Options.force))
    guard outputFolderIsAllowed(request, by: SiteBuilder()) else { return .usage }

    let content = loadContent(contentDirectory)
    let contentFailed = content == nil
    let baseURL = givenBaseURL ?? content?.site.baseURL
    if baseURL == nil {
        printError("modak: no baseURL known (site.json did not load), so absolute links to the site are not checked")
    }

    let checker = SiteChecker(outputDirectory: outputDirectory, baseURL: baseURL)
    let findings: [SiteChecker.Finding]
    let summary: SiteChecker.Summary
    do {
        (findings, summary) = try checker.check()
    } catch {
        printError("\(error): build the site first with `modak build --output \(outputDirectory)`")
        return .failure
    }
    for finding in findings { printError(finding.description) }
    checker.robotsTxtWarning().map(printError)
    let problems = findings.isEmpty ? "no problems" : "\(grouped(findings.count)) problem\(findings.count == 1 ? "" : "s")"
    printLine("checked \(grouped(summary.pages)) pages with \(grouped(summary.references)) internal references and \(grouped(summary.dataFiles)) XML and JSON files: \(problems)")
    return contentFailed || !findings.isEmpty ? .failure : .success
}
