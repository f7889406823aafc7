import Foundation
import ModakCommandLine
import ModakCore
import ModakOutput
import ModakSite

/// `modak init [DIR]`: the starter site in DIR, refused where a site already is.
func runInit(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let folder = arguments.value(Arguments.siteFolder)
    let contentFolder = folder == "." ? "content" : folder + "/content"
    if let reason = existingSite(contentFolder) {
        printError(
            """
            modak: \(folder) holds a site already (\(reason)): nothing was written; build it with `modak build`, \
            or choose another folder
            """
        )
        return .failure
    }
    let today = CivilDay(try sourceDateEpoch() ?? Date(), in: TimeZone(identifier: StarterSite.timeZone)!)
    let files = StarterSite.files(today: today)
    for file in files {
        let path = folder + "/" + file.path
        switch NewFile.create(path, bytes: Array(file.text.utf8)) {
        case .created: continue
        case .exists:
            printError("modak: \(path) appeared while the site was being written; nothing else was written")
            return .failure
        case .failed(let reason):
            printError("modak: cannot write \(path): \(reason)")
            return .failure
        }
    }
    guard let ignoring = ignoreOutput(in: folder) else { return .failure }

    let width = files.map(\.path.count).max() ?? 0
    printLine("created a new site in \(folder == "." ? "this folder" : folder):")
    for file in files {
        printLine("  \(file.path.padding(toLength: width, withPad: " ", startingAt: 0))  \(file.summary)")
    }
    printLine("  \(".gitignore".padding(toLength: width, withPad: " ", startingAt: 0))  \(ignoring)")
    printLine("next:")
    if folder != "." { printLine("  cd \(shellQuoted(folder))") }
    printLine("  modak build     # renders content/ into public/")
    printLine("  modak serve     # previews it on http://127.0.0.1:8000/, rebuilding as you edit")
    printLine("`modak help` lists the commands and `man modak` describes them; every file and field is described in")
    printLine("/usr/share/doc/modak/ (installed with Modak's package) and in docs/reference/ in Modak's source.")
    return .success
}

/// Why `content` counts as a site already (a site.json, or anything in it), or nil.
private func existingSite(_ content: String) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: content, isDirectory: &isFolder) else { return nil }
    guard isFolder.boolValue else { return "\(content) is a file" }
    if FileManager.default.fileExists(atPath: content + "/site.json") { return "\(content)/site.json exists" }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: content)) ?? ["?"]
    return entries.isEmpty ? nil : "\(content) is not empty"
}

/// Adds the output folder to `.gitignore` (made if needed); what was done, or nil after saying why it failed.
private func ignoreOutput(in folder: String) -> String? {
    let path = folder + "/.gitignore"
    let line = StarterSite.ignoredOutput
    guard let existing = FileManager.default.contents(atPath: path) else {
        guard case .created = NewFile.create(path, bytes: Array((line + "\n").utf8)) else {
            printError("modak: cannot write \(path)")
            return nil
        }
        return "keeps the output folder out of git"
    }
    let text = String(decoding: existing, as: UTF8.self)
    if text.split(whereSeparator: \.isNewline).contains(where: { $0 == line }) { return "already ignores \(line)" }
    do {
        try Data(((text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + line + "\n").utf8).append(toFile: path)
    } catch {
        printError("modak: cannot add \(line) to \(path): \(error.localizedDescription)")
        return nil
    }
    return "now ignores \(line) too"
}

/// The folder as a shell reads it back: quoted when it holds anything but plain characters.
private func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._/-+".unicodeScalars.contains($0))
    }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

private extension Data {
    func append(toFile path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: self)
    }
}
