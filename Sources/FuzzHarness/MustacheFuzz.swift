import Mustache

/// The input is up to three templates separated by NUL bytes: the one rendered, the partial `p`
/// and the parent `layout`, so partials, inheritance and recursion between them are reachable.
enum MustacheFuzz {
    /// Text that only an unescaped tag can put into the output (see `check`).
    static let marker = "<mk>"

    /// Every kind of value a context holds, with text that needs escaping.
    static var context: [String: Any] {
        [
            "title": "\(marker) & \"quotes\" 'too'",
            "count": 3,
            "yes": true,
            "no": false,
            "none": String?.none as Any,
            "empty": [Any](),
            "items": [["name": marker], ["name": "b", "items": [1, 2]]] as [Any],
            "nested": ["deeper": ["text": "{{title}}"]],
            "name": "p",
            "shout": MustacheLambda { "{{title}}" },
            "wrap": MustacheLambda { (body: String) in "[" + body + "]" }
        ]
    }

    static func check(_ bytes: [UInt8]) -> [String] {
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        guard let sources = decodedSources(parts) else { return [] }
        let names = ["main", "p", "layout"]
        var problems: [String] = []
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in zip(names, sources) {
            do {
                templates[name] = try MustacheTemplate(source: source, name: name)
            } catch let error as MustacheError {
                problems += located(error, in: source)
            } catch {
                problems.append("compiling threw \(error), not a MustacheError")
            }
        }
        guard let main = templates["main"] else { return problems }
        for strict in [false, true] {
            let library = MustacheLibrary(templates: templates, strictPartials: strict)
            do {
                let output = try main.render(context, library: library)
                if String(validating: Array(output.utf8), as: UTF8.self) == nil {
                    problems.append("the output is not valid UTF-8")
                }
                if output.contains(marker), sources.allSatisfy(cannotUnescape) {
                    problems.append("a value was interpolated unescaped: \(output.prefix(200).debugDescription)")
                }
            } catch let error as MustacheError {
                if error.message.isEmpty { problems.append("a render error without a message") }
                break // strict partials only add errors: the strict render fails too
            } catch {
                problems.append("rendering threw \(error), not a MustacheError")
            }
        }
        return problems
    }

    /// The templates as text, or nil when a part is not UTF-8 (template files must be).
    private static func decodedSources(_ parts: [ArraySlice<UInt8>]) -> [String]? {
        var sources: [String] = []
        for part in parts {
            guard let source = String(validating: part, as: UTF8.self) else { return nil }
            sources.append(source)
        }
        return sources
    }

    /// Without a triple mustache (`{{{`, or `{{` and whitespace before the `{`, as the scanner
    /// allows before any sigil), `&` (`{{&x}}`), `=` (new delimiters) or the marker itself in the
    /// source, no tag can output a value unescaped, so the marker must never appear.
    private static func cannotUnescape(_ source: String) -> Bool {
        !opensTripleMustache(Array(source.utf8)) && !source.contains("&") && !source.contains("=")
            && !source.contains("mk")
    }

    private static func opensTripleMustache(_ bytes: [UInt8]) -> Bool {
        let brace = UInt8(ascii: "{")
        for index in bytes.indices.dropLast() where bytes[index] == brace && bytes[index + 1] == brace {
            var next = index + 2
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == brace { return true }
        }
        return false
    }

    /// A compile error names its template and a line and column inside it.
    private static func located(_ error: MustacheError, in source: String) -> [String] {
        let lineCount = source.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        guard (1...lineCount).contains(error.location.line), error.location.column >= 1, !error.message.isEmpty else {
            return ["a compile error is not located in its template: \(error)"]
        }
        return []
    }
}
