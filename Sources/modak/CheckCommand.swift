import Foundation
import ModakCheck
import ModakCommandLine
import ModakCore
import ModakSite

/// `modak check [--content DIR] [--output DIR] [--base-url URL] [--date YYYY-MM-DD] [--drafts] [--force]`: the
/// content's diagnostics, every file an earlier build made that the content no longer makes, then every
/// internal reference of the built site that points nowhere and every XML or JSON file that does not parse.
/// Exit 1 when anything is wrong.
func runCheck(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let contentDirectory = arguments.value(Options.content)
    let outputDirectory = arguments.value(Options.output)
    let givenBaseURL = try baseURL(arguments)
    var request = BuildRequest()
    (request.contentDirectory, request.outputDirectory, request.force) = (
        contentDirectory, outputDirectory, arguments.flag(Options.force)
    )
    if let day = try pinnedDay(arguments) { request.day = day } else { request.instant = try sourceDateEpoch() }
    request.includeDrafts = arguments.flag(Options.drafts)
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
    // Files of an earlier build that the content no longer makes (a saying removed, a build with another date).
    let leftovers = contentFailed ? [] : SiteBuilder().leftovers(of: request).paths ?? []
    for path in leftovers {
        printError(
            "\(outputDirectory)/\(path): an earlier build made this file but the content no longer makes it: "
                + "run `modak build` to remove it")
    }
    for finding in findings { printError(finding.description) }
    checker.robotsTxtWarning().map(printError)
    let count = findings.count + leftovers.count
    let problems = count == 0 ? "no problems" : "\(grouped(count)) problem\(count == 1 ? "" : "s")"
    printLine(
        """
        checked \(grouped(summary.pages)) pages with \(grouped(summary.references)) internal references and \
        \(grouped(summary.dataFiles)) XML and JSON files: \(problems)
        """
    )
    return contentFailed || count > 0 ? .failure : .success
}
