import ModakCore
import Mustache

/// Templates, assets and UI strings, merged from the bundled set and the site's overrides.
public struct TemplateSet: Sendable {
    public var library: MustacheLibrary
    /// Static files under `assets/`, with their output paths.
    public var assets: [Asset]
    /// UI strings by language code.
    public var strings: [String: [String: String]]
    /// Template name → the file it came from, so errors name the file the author edits.
    public var sourcePaths: [String: String]
    /// A `StableHash` of every template's name and source: part of every deferred page's key.
    public var fingerprint: UInt64
    /// Override files that change nothing (a misspelt template name, an unknown UI string).
    public var warnings: [Diagnostic]

    public init(
        library: MustacheLibrary, assets: [Asset], strings: [String: [String: String]],
        sourcePaths: [String: String] = [:],
        fingerprint: UInt64, warnings: [Diagnostic] = []
    ) {
        (self.library, self.assets, self.strings, self.sourcePaths) = (library, assets, strings, sourcePaths)
        (self.fingerprint, self.warnings) = (fingerprint, warnings)
    }

    /// A template error as a diagnostic naming the file the author edits: `path:line:column: message`.
    public static func diagnostic(for error: MustacheError, sourcePaths: [String: String]) -> Diagnostic {
        let location = error.location
        guard let path = sourcePaths[location.file] else {
            return Diagnostic(
                path: "\(location.file).mustache",
                "\(error.message): add \(location.file).mustache to Templates/ or to the site's templates/ folder")
        }
        return location.line > 0
            ? Diagnostic(path: path, line: location.line, "\(location.column): \(error.message)")
            : Diagnostic(path: path, error.message)
    }

    /// The language of the UI strings for a BCP 47 tag, by RFC 4647 lookup: case aside, the whole
    /// tag, then the tag without its last subtag, and so on (`ko-KR` → `ko`); nil when none has strings.
    public func interfaceLanguage(for tag: String) -> String? {
        let languages = strings.keys.sorted()
        var subtags = tag.lowercased().split(separator: "-")
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            if let language = languages.first(where: { $0.lowercased() == candidate }) { return language }
            subtags.removeLast()
        }
        return nil
    }

    /// The strings for `language`, falling back to English for keys it lacks.
    public func strings(for language: String) -> [String: String] {
        let english = strings["en"] ?? [:]
        return english.merging(strings[language] ?? [:]) { _, chosen in chosen }
    }
}
