import Foundation
import ModakCore
import Mustache
import StableHashing

/// Where a set of template files comes from: the default set built into the binary
/// (`BuiltInTemplates`), or a folder.
public enum TemplateSource: Sendable, Equatable {
    case builtIn
    case folder(String)

    /// The files, by path relative to the set's root, sorted.
    func files() throws -> [(relativePath: String, bytes: [UInt8])] {
        switch self {
        case .builtIn: BuiltInTemplates.files
        case .folder(let folder): try DirectoryReader.files(in: folder)
        }
    }

    /// How messages name the set's file at `path`.
    func location(of path: String) -> String {
        switch self {
        case .builtIn: "\(BuiltInTemplates.name)/\(path)"
        case .folder(let folder): "\(folder)/\(path)"
        }
    }
}

/// What a file of a template set is to Modak, by its path in the set.
enum TemplateFileKind {
    /// `*.mustache`, named by its path without the extension.
    case template(name: String)
    /// Below `assets/`, copied to the output as it is.
    case asset
    /// `i18n/<language>.json`: the interface's strings.
    case strings(language: String)

    init?(path: String) {
        if path.hasSuffix(".mustache") {
            self = .template(name: String(path.dropLast(".mustache".count)))
        } else if path.hasPrefix("assets/") {
            self = .asset
        } else if path.hasPrefix("i18n/"), path.hasSuffix(".json") {
            self = .strings(language: String(path.dropFirst("i18n/".count).dropLast(".json".count)))
        } else {
            return nil
        }
    }
}

/// Builds a `TemplateSet` from template sets, later ones overriding earlier ones file by file: the
/// built-in templates, then the site's `templates/`, then `--templates`. The first set is the whole
/// set; a file of a later one that overrides nothing is warned about, since it is either misnamed
/// (`sayings.mustache`) or never used.
public enum TemplateLoader {
    public static func load(folders: [String]) throws -> TemplateSet {
        try load(folders.map(TemplateSource.folder))
    }

    public static func load(_ templateSources: [TemplateSource]) throws -> TemplateSet {
        var sources: [String: String] = [:]
        var sourcePaths: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var strings: [String: [String: String]] = [:]
        var warnings: [Diagnostic] = []
        /// Templates of override folders that no bundled one is named like, by name.
        var addedTemplates: [String: String] = [:]
        var bundledNames: [String] = []
        var bundledKeys: [String] = []
        for (index, source) in templateSources.enumerated() {
            let overrides = index > 0
            if index == 1 {
                bundledNames = sources.keys.sorted()
                bundledKeys = Set(strings.values.flatMap(\.keys)).sorted()
            }
            for (path, bytes) in try source.files() {
                let location = source.location(of: path)
                switch TemplateFileKind(path: path) {
                case .template(let name):
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw InputError(description: "\(location): the template is not valid UTF-8")
                    }
                    sources[name] = text
                    sourcePaths[name] = location
                    if overrides && !bundledNames.contains(name) { addedTemplates[name] = location }
                case .asset:
                    assets[path] = bytes
                case .strings(let language):
                    let table = try UIStrings.parse(
                        bytes, path: location, knownKeys: overrides ? bundledKeys : nil, warnings: &warnings)
                    strings[language, default: [:]].merge(table) { _, override in override }
                case nil:
                    if overrides {
                        warnings.append(
                            Diagnostic(
                                .warning, path: location,
                                """
                                Modak does not use this file: templates/ holds *.mustache templates, assets/ and \
                                i18n/<language>.json
                                """
                            ))
                    }
                }
            }
        }
        do {
            let library = try MustacheLibrary(sources: sources, strictPartials: true)
            warnings += unusedTemplates(addedTemplates, library: library, bundledNames: bundledNames)
            let assetFiles = assets.keys.sorted().map { Asset(outputPath: $0, bytes: assets[$0]!) }
            var fingerprint = StableHash()
            for name in sources.keys.sorted() {
                fingerprint.add(name)
                fingerprint.add(sources[name]!)
            }
            return TemplateSet(
                library: library, assets: assetFiles, strings: strings, sourcePaths: sourcePaths,
                fingerprint: fingerprint.value,
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
    private static func unusedTemplates(_ added: [String: String], library: MustacheLibrary, bundledNames: [String])
        -> [Diagnostic]
    {
        var included = Set<String>()
        for name in library.names {
            let references = library.template(named: name)!.referencedTemplates
            if references.includesDynamic { return [] }
            included.formUnion(references.names)
        }
        return added.keys.sorted().filter { !included.contains($0) }.map { name in
            let hint =
                KeySuggestion.nearest(to: name, among: bundledNames).map { "did you mean `\($0).mustache`?" }
                    ?? """
                    an override takes the name of a bundled template, such as `saying.mustache` or \
                    `partials/saying-item.mustache`
                    """
            return Diagnostic(
                .warning, path: added[name]!, "no template is named `\(name)`, so this file is never used: \(hint)")
        }
    }

    /// The folder `$MODAK_TEMPLATES` names, which stands in for the built-in templates (to try
    /// edits to `Templates/` without building the binary again); nil for the built-in ones.
    public static func bundledFolder() -> String? {
        guard let path = ProcessInfo.processInfo.environment["MODAK_TEMPLATES"], !path.isEmpty,
            FileManager.default.fileExists(atPath: path + "/layout.mustache")
        else { return nil }
        return path
    }
}
