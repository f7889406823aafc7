import Foundation

/// A set of named templates that partials (`{{>name}}`) and parents (`{{<name}}`) resolve against.
///
/// By default a reference to a missing template renders as nothing, as the Mustache spec requires.
/// With `strictPartials: true` it throws a `MustacheError` located at the tag instead.
public struct MustacheLibrary: Sendable {
    private let templates: [String: MustacheTemplate]
    /// Whether a partial or parent that cannot be found is an error rather than empty output.
    public let strictPartials: Bool

    /// Loads every `*.mustache` file under each folder, recursively. A template's name is its path
    /// relative to the folder without the extension (`partials/card`); a later folder's template
    /// replaces an earlier one of the same name. Hidden files and folders are skipped.
    ///
    /// Throws `MustacheError` if a folder does not exist, a file cannot be read as UTF-8, or a
    /// template does not compile (then located in the file, by its path).
    public init(folders: [URL], strictPartials: Bool = false) throws {
        var templates: [String: MustacheTemplate] = [:]
        let fileManager = FileManager.default
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw MustacheError.folderNotFound(path: folder.path)
            }
            let relativePaths = (fileManager.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
            for relativePath in relativePaths where relativePath.hasSuffix(".mustache") {
                let components = relativePath.split(separator: "/")
                guard !components.contains(where: { $0.hasPrefix(".") }) else { continue }
                let file = folder.appendingPathComponent(relativePath)
                guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let source: String
                do {
                    source = try String(contentsOf: file, encoding: .utf8)
                } catch {
                    throw MustacheError.unreadableTemplate(path: file.path, reason: error.localizedDescription)
                }
                let name = String(relativePath.dropLast(".mustache".count))
                templates[name] = try MustacheTemplate(source: source, name: file.path)
            }
        }
        self.init(templates: templates, strictPartials: strictPartials)
    }

    /// Compiles in-memory templates, keyed by name (errors are located in that name).
    public init(sources: [String: String], strictPartials: Bool = false) throws {
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources {
            templates[name] = try MustacheTemplate(source: source, name: name)
        }
        self.init(templates: templates, strictPartials: strictPartials)
    }

    /// Wraps already compiled templates, keyed by name.
    public init(templates: [String: MustacheTemplate], strictPartials: Bool = false) {
        (self.templates, self.strictPartials) = (templates, strictPartials)
    }

    public func template(named name: String) -> MustacheTemplate? {
        templates[name]
    }

    /// Renders the named template against `context`, with this library for its partials.
    public func render(_ name: String, _ context: Any?) throws -> String {
        try existingTemplate(name).render(context, library: self)
    }

    /// Renders the named template as UTF-8 bytes (see `MustacheTemplate.renderUTF8`).
    public func renderUTF8(_ name: String, _ context: Any?) throws -> [UInt8] {
        try existingTemplate(name).renderUTF8(context, library: self)
    }

    private func existingTemplate(_ name: String) throws(MustacheError) -> MustacheTemplate {
        guard let template = templates[name] else {
            throw .unknownTemplate(name: name)
        }
        return template
    }

    /// The names of all templates, sorted.
    public var names: [String] {
        templates.keys.sorted()
    }
}
