import Foundation
import ModakCommandLine
import ModakCore
import ModakInput
import ModakOutput
import ModakSite

/// `modak templates export DIR [FILE…] [--force]`: the built-in templates (all, or the FILEs) into DIR.
func runTemplatesExport(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let folder = arguments.value(Arguments.templatesFolder)
    let builtIn = BuiltInTemplates.overridable
    let named = arguments.words(Arguments.templateFiles)
    for name in named where !builtIn.contains(where: { $0.path == name }) {
        let nearest = KeySuggestion.nearest(to: name, among: builtIn.map(\.path)).map { ", such as `\($0)`" } ?? ""
        throw UsageError(
            .invalidValue(
                of: "FILE",
                expected: "the path of a built-in file\(nearest) (`modak templates export DIR` writes them all)",
                value: name))
    }
    let chosen = named.isEmpty ? builtIn : builtIn.filter { named.contains($0.path) }
    var (written, unchanged, kept) = (0, 0, [String]())
    for file in chosen {
        let path = folder + "/" + file.path
        if let existing = FileManager.default.contents(atPath: path) {
            if Array(existing) == file.bytes {
                unchanged += 1
                continue
            }
            guard arguments.flag(Options.force) else {
                kept.append(path)
                continue
            }
            do {
                try Data(file.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                printError("modak: cannot write \(path): \(error.localizedDescription)")
                return .failure
            }
        } else if case .failed(let reason) = NewFile.create(path, bytes: file.bytes) {
            printError("modak: cannot write \(path): \(reason)")
            return .failure
        }
        written += 1
    }
    for path in kept {
        printError("\(path): exists with other bytes, left as it is: give --force to replace it with the built-in file")
    }
    printLine(
        """
        wrote \(written) file\(written == 1 ? "" : "s") into \
        \(folder)\(unchanged > 0 ? " (\(unchanged) already the same)" : "")
        """
            + "; a build uses them when the folder is `templates/` beside `content/`, or given with --templates")
    return kept.isEmpty ? .success : .failure
}

/// Which templates this binary builds with, for `modak --version`.
func templatesDescription() -> String {
    if let folder = TemplateLoader.bundledFolder() { return "from \(folder) ($MODAK_TEMPLATES)" }
    return "built in, \(BuiltInTemplates.overridable.count) files, fingerprint \(BuiltInTemplates.fingerprint)"
}
