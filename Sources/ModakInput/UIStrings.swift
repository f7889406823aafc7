import ModakCore

/// A UI strings file, `i18n/<language>.json`: one JSON object of strings.
enum UIStrings {
    /// The file's strings. With `knownKeys` (the file overrides the bundled strings), each key not
    /// among them is warned about at its line, with the nearest known key: it would change nothing.
    static func parse(_ bytes: [UInt8], path: String, knownKeys: [String]?, warnings: inout [Diagnostic]) throws
        -> [String: String]
    {
        func problem(_ line: Int, _ message: String) -> TemplateLoader.TemplateError {
            TemplateLoader.TemplateError(diagnostic: Diagnostic(path: path, line: line, message))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw problem(error.line, "invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root.value else {
            throw problem(root.line, "UI strings must be one JSON object of strings")
        }
        var table: [String: String] = [:]
        for member in members {
            guard case .string(let text) = member.value.value else {
                throw problem(member.value.line, "the UI string `\(member.key)` must be a string")
            }
            table[member.key] = text
            if let knownKeys, !knownKeys.contains(member.key) {
                let hint =
                    KeySuggestion.nearest(to: member.key, among: knownKeys).map { "did you mean `\($0)`?" }
                    ?? "see Templates/i18n/en.json for the keys there are"
                warnings.append(
                    Diagnostic(
                        .warning, path: path, line: member.value.line,
                        "unknown UI string `\(member.key)`, which no template uses: \(hint)"))
            }
        }
        return table
    }
}
