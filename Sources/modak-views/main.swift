import Foundation
import ViewDeclarations

// modak-views VIEWS SWIFT: writes the Swift for the `.views` file VIEWS to SWIFT (run by the
// build, through ViewsPlugin). Errors go to standard error as `path:line: error: …`, exit 1.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: modak-views FILE.views OUTPUT.swift\n".utf8))
    exit(2)
}
let (viewsPath, swiftPath) = (arguments[1], arguments[2])
do {
    let text = try String(contentsOfFile: viewsPath, encoding: .utf8)
    let swift = ViewSource.swift(for: try ViewParser.parse(text, path: viewsPath), viewsPath: viewsPath)
    // Unchanged output is left alone, so that the module is not compiled again for nothing.
    if (try? String(contentsOfFile: swiftPath, encoding: .utf8)) != swift {
        try swift.write(toFile: swiftPath, atomically: true, encoding: .utf8)
    }
} catch let failure as ViewParseFailure {
    FileHandle.standardError.write(Data(failure.errors.map { $0.description + "\n" }.joined().utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(viewsPath): error: \(error)\n".utf8))
    exit(1)
}
