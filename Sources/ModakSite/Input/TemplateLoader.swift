import Foundation
import ModakCore
import Mustache

/// Builds a `TemplateSet` from template folders, later folders overriding earlier ones file by file:
/// the bundled `Templates/`, then the site's `templates/`, then `--templates`. The first folder is
/// the whole set; a file of a later one that overrides nothing is warned about, since it is
/// either misnamed (`sayings.mustache`) or never used.
public enum TemplateLoader {
    public static func load(folders: [String]) throws -> TemplateSet {
        var sources: [String: String] = [:]
        var sourcePaths: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var strings: [String: [String: String]] = [:]
        var warnings: [Diagnostic] = []
        /// Templates of override folders that no bundled one is named like, by name.
        var addedTemplates: [String: String] = [:]
        var bundledNames: [String] = []
        var bundledKeys: [String] = []
        for (index, folder) in folders.enumerated() {
            let overrides = index > 0
            if index == 1 {
                bundledNames = sources.keys.sorted()
                bundledKeys = Set(strings.values.flatMap(\.keys)).sorted()
            }
            for (path, bytes) in try DirectoryReader.files(in: folder) {
                let location = "\(folder)/\(path)"
                if path.hasSuffix(".mustache") {
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw InputError(description: "\(location): the template is not valid UTF-8")
                    }
                    let name = String(path.dropLast(".mustache".count))
                    sources[name] = text
                    sourcePaths[name] = location
                    if overrides && !bundledNames.contains(name) { addedTemplates[name] = location }
                } else if path.hasPrefix("assets/") {
                    assets[path] = bytes
                } else if path.hasPrefix("i18n/"), path.hasSuffix(".json") {
                    let language = String(path.dropFirst("i18n/".count).dropLast(".json".count))
                    let table = try UIStrings.parse(bytes, path: location, knownKeys: overrides ? bundledKeys : nil, warnings: &warnings)
                    strings[language, default: [:]].merge(table) { _, override in override }
                } else if overrides {
                    warnings.append(Diagnostic(.warning, path: location, "Modak does not use this file: templates/ holds *.mustache templates, assets/ and i18n/<language>.json"))
                }
            }
        }
        do {
            let library = try MustacheLibrary(sources: sources, strictPartials: true)
            warnings += unusedTemplates(addedTemplates, library: library, bundledNames: bundledNames)
            let assetFiles = assets.keys.sorted().map { OutputFile(path: $0, bytes: assets[$0]!) }
            var fingerprint = StableHash()
            for name in sources.keys.sorted() {
                fingerprint.add(name)
                fingerprint.add(sources[name]!)
            }
            return TemplateSet(library: library, assets: assetFiles, strings: strings, sourcePaths: sourcePaths, fingerprint: fingerprint.value,
                               warnings: warnings.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) })
        } catch let error as MustacheError {
            throw TemplateError(diagnostic: TemplateSet.diagnostic(for: error, sourcePaths: sourcePaths))
        }
    }

    /// A template that does not compile, located in its file.
    public struct TemplateError: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    /// Warnings for the `added` templates (name → file) that no template includes: Modak renders
    /// pages only from the bundled names, so such a file is never used. A template included
    /// through the context (`{{>*name}}`) might use any, and then none is warned about.
    private static func unusedTemplates(_ added: [String: String], library: MustacheLibrary, bundledNames: [String]) -> [Diagnostic] {
        var included = Set<String>()
        for name in library.names {
            let references = library.template(named: name)!.referencedTemplates
            if references.includesDynamic { return [] }
            included.formUnion(references.names)
        }
        return added.keys.sorted().filter { !included.contains($0) }.map { name in
            let hint = KeySuggestion.nearest(to: name, among: bundledNames).map { "did you mean `\($0).mustache`?" }
                ?? "an override takes the name of a bundled template, such as `saying.mustache` or `partials/saying-item.mustache`"
            return Diagnostic(.warning, path: added[name]!, "no template is named `\(name)`, so this file is never used: \(hint)")
        }
    }

    /// The bundled `Templates/` folder: `$MODAK_TEMPLATES`, else the installed copy beside the
    /// executable (`../share/modak/Templates`), else the nearest `Templates/` above it (a build
    /// inside the repository), else a copy installed in /usr/local or /usr.
    public static func bundledFolder() -> String? {
        let fileManager = FileManager.default
        func isTemplates(_ path: String) -> Bool { fileManager.fileExists(atPath: path + "/layout.mustache") }
        if let path = ProcessInfo.processInfo.environment["MODAK_TEMPLATES"], isTemplates(path) { return path }
        let executable = URL(fileURLWithPath: (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        // Installed as PREFIX/bin/modak, the templates are in PREFIX/share/modak/Templates.
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/modak/Templates").path
        if isTemplates(installed) { return installed }
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
