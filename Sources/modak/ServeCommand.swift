import Foundation
import ModakCommandLine
import ModakServe
import ModakSite
#if canImport(Glibc)
    import Glibc
#endif

/// `modak serve [--port N] [build options]`: preview on 127.0.0.1 with rebuild and live reload.
func runServe(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let port = try arguments.convertedValue(Options.port, expected: "a number from 0 to 65535") { UInt16($0) }
    let request = try buildRequest(arguments)
    let builder = SiteBuilder()
    guard outputFolderIsAllowed(request, by: builder) else { return .usage }
    let server = PreviewServer(builder: builder, request: request) { build in
        // "rebuilt" only for a build that succeeded: a failed one prints its errors instead.
        if build.reason != .start && build.result.succeeded { printLine("\(build.reason.rawValue): rebuilt") }
        let succeeded = printOutcome(build.result, of: request, started: Date().addingTimeInterval(-build.seconds))
        if !succeeded { printError("modak: still serving the last good site; fix the errors above and save") }
    }
    let listening: UInt16
    do {
        listening = try server.start(port: port)
    } catch {
        printError("modak: \(error.description)")
        return .failure
    }
    printLine(
        """
        serving \(request.outputDirectory) at http://127.0.0.1:\(listening)\(server.rootPath) — rebuilds when \
        \(request.contentDirectory) or the templates change; Ctrl-C stops
        """
    )
    while true { pause() }
}
