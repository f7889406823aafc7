import Foundation
import ModakCommandLine
import ModakCore
import ModakInput
import ModakOutput
import ModakSite

/// `modak import firebase FILE [--content DIR]`: the original app's texts as saying files.
///
/// Running it again changes nothing: a file with the same bytes is left alone, and a file that
/// differs (edited since the last import) is kept and reported, never overwritten.
func runImport(_ arguments: ParsedArguments) -> ExitCode {
    let exportPath = arguments.value(Arguments.exportFile)
    var contentDirectory = arguments.value(Options.content)
    while contentDirectory.count > 1 && contentDirectory.hasSuffix("/") { contentDirectory.removeLast() }
    guard let data = FileManager.default.contents(atPath: exportPath) else {
        printError("modak: cannot read \(exportPath)")
        return .failure
    }

    let existing = existingSayings(in: contentDirectory)
    let conversion = FirebaseImport.convert(
        SourceFile(relativePath: exportPath, bytes: [UInt8](data)), timeZone: existing.timeZone)
    for diagnostic in conversion.diagnostics { printError(diagnostic.description) }
    if conversion.diagnostics.contains(where: { $0.severity == .error }) { return .failure }

    var counts = (written: 0, unchanged: 0, kept: 0, skipped: conversion.skipped)
    for file in conversion.files {
        let path = contentDirectory + "/" + file.relativePath
        if let other = existing.sources[file.id], other != path {
            printError("\(path): warning: the id `\(file.id)` is already used by \(other): not imported")
            counts.skipped += 1
            continue
        }
        let bytes = Array(file.text.utf8)
        switch NewFile.create(path, bytes: bytes) {
        case .created:
            counts.written += 1
        case .exists where FileManager.default.contents(atPath: path).map({ [UInt8]($0) == bytes }) == true:
            counts.unchanged += 1
        case .exists:
            printError(
                """
                \(path): warning: differs from the export (edited since the last import?): kept; delete it to \
                import it again
                """
            )
            counts.kept += 1
        case .failed(let reason):
            printError("modak: cannot write \(path): \(reason)")
            return .failure
        }
    }
    printLine(
        "imported \(exportPath) into \(contentDirectory)/sayings: \(grouped(counts.written)) written, "
            + "\(grouped(counts.unchanged)) unchanged, \(grouped(counts.kept)) kept, \(grouped(counts.skipped)) skipped"
    )
    return .success
}

/// The site's time zone (times without an offset are read in it) and where each saying id is
/// defined already, so an import never makes a second saying with an id the site uses.
private func existingSayings(in contentDirectory: String) -> (timeZone: TimeZone, sources: [String: String]) {
    let files = (try? DirectoryReader.contentFiles(in: contentDirectory)) ?? []
    let relevant = files.filter { $0.relativePath == "site.json" || $0.relativePath.hasPrefix("sayings/") }
    let (content, _) = ContentLoader.load(relevant)
    let defaultZone = TimeZone(identifier: "Asia/Seoul")!
    guard let content else {
        // Without a loadable site.json the defaults apply; a folder with errors is checked file by file on write.
        let site = ContentLoader.load(files.filter { $0.relativePath == "site.json" }).content?.site
        return (site?.timeZone ?? defaultZone, [:])
    }
    return (
        content.site.timeZone,
        Dictionary(content.sayings.map { ($0.id, $0.source.path) }, uniquingKeysWith: { first, _ in first })
    )
}
