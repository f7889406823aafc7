import Foundation
import ModakServe
import ModakSite
#if canImport(Glibc)
import Glibc
#endif

/// `modak serve [--port N] [build options]`: preview on 127.0.0.1 with rebuild and live reload.
func runServe(_ arguments: ArraySlice<String>) throws(UsageError) -> ExitCode {
    let parsed = try Arguments(arguments, valued: buildOptions.union(["--port"]), switches: buildSwitches)
    guard parsed.positional.isEmpty else { throw UsageError(message: "unexpected argument \(parsed.positional[0])") }
    var port: UInt16 = 8000
    if let text = parsed["--port"] {
        guard let number = UInt16(text) else { throw UsageError(message: "--port must be a number from 0 to 65535, not \(text)") }
        port = number
    }
    let request = try buildRequest(parsed)
    let builder = SiteBuilder()
    do throws(OutputRefusal) {
        try builder.checkOutputFolder(of: request)
    } catch {
        printError("modak: \(error)")
        return .usage
    }
    let server = PreviewServer(builder: builder, request: request) { build in
        if build.reason != .start { printLine("\(build.reason.rawValue): rebuilt") }
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
    printLine("serving \(request.outputDirectory) at http://127.0.0.1:\(listening)/ — rebuilds when \(request.contentDirectory) or the templates change; Ctrl-C stops")
    while true { pause() }
}
