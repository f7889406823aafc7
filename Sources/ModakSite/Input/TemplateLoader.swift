import Foundation
import ModakCore
import Mustache

/// Builds a `TemplateSet` from template folders, later folders overriding earlier ones file by file:
/// the bundled `Templates/`, then the site's `templates/`, then `--templates`.
public enum TemplateLoader {
    public static func load(folders: [String]) throws -> TemplateSet {
        var sources: [String: String] = [:]
        var sourcePaths: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var strings: [String: [String: String]] = [:]
        for folder in folders {
            for (path, bytes) in try DirectoryReader.files(in: folder) {
                if path.hasSuffix(".mustache") {
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw InputError(description: "\(folder)/\(path): the template is not valid UTF-8")
                    }
                    let name = String(path.dropLast(".mustache".count))
                    sources[name] = text
                    sourcePaths[name] = "\(folder)/\(path)"
                } else if path.hasPrefix("assets/") {
                    assets[path] = bytes
                } else if path.hasPrefix("i18n/"), path.hasSuffix(".json") {
                    let language = String(path.dropFirst("i18n/".count).dropLast(".json".count))
                    strings[language, default: [:]].merge(try uiStrings(bytes, path: "\(folder)/\(path)")) { _, override in override }
                }
            }
        }
        do {
            let library = try MustacheLibrary(sources: sources, strictPartials: true)
            let assetFiles = assets.keys.sorted().map { OutputFile(path: $0, bytes: assets[$0]!) }
            var fingerprint = StableHash()
            for name in sources.keys.sorted() {
                fingerprint.add(name)
                fingerprint.add(sources[name]!)
            }
            return TemplateSet(library: library, assets: assetFiles, strings: strings, sourcePaths: sourcePaths, fingerprint: fingerprint.value)
        } catch let error as MustacheError {
            throw TemplateError(diagnostic: TemplateSet.diagnostic(for: error, sourcePaths: sourcePaths))
        }
    }

    /// A template that does not compile, located in its file.
    public struct TemplateError: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    private static func uiStrings(_ bytes: [UInt8], path: String) throws -> [String: String] {
        guard let strings = try? JSONDecoder().decode([String: String].self, from: Data(bytes)) else {
            throw InputError(description: "\(path): must be one JSON object of strings")
        }
        return strings
    }

    /// The bundled `Templates/` folder: `$MODAK_TEMPLATES`, else the nearest `Templates/` above the
    /// executable (a build inside the repository), else the installed copy.
    public static func bundledFolder() -> String? {
        let fileManager = FileManager.default
        func isTemplates(_ path: String) -> Bool { fileManager.fileExists(atPath: path + "/layout.mustache") }
        if let path = ProcessInfo.processInfo.environment["MODAK_TEMPLATES"], isTemplates(path) { return path }
        let executable = URL(fileURLWithPath: (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Templates").path
            if isTemplates(candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        for candidate in ["/usr/local/share/modak/Templates", "/usr/share/modak/Templates"] where isTemplates(candidate) {
            return candidate
        }
        return nil
    }
}
