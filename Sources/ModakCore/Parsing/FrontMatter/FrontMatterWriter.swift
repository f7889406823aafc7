import Foundation

/// Writes Markdown files with front matter that `FrontMatterParser` reads back exactly:
/// values stay plain where that is unambiguous and are quoted (`"…"`, escaping `\` and `"`) otherwise.
public enum FrontMatterWriter {
    public enum Value: Sendable, Equatable {
        case string(String)
        case list([String])
    }

    /// A value the grammar cannot hold: front-matter values are single lines.
    public struct Unwritable: Error, Equatable, CustomStringConvertible {
        public var key: String
        public var description: String { "`\(key)` must be a single line" }
    }

    /// The whole file: `---`, one `key: value` line per field, `---`, then `body` ending with a newline.
    public static func document(_ fields: [(key: String, value: Value)], body: String) throws(Unwritable) -> String {
        var lines = ["---"]
        for (key, value) in fields {
            switch value {
            case .string(let text):
                guard isSingleLine(text) else { throw Unwritable(key: key) }
                lines.append("\(key): \(scalar(text))")
            case .list(let items):
                guard items.allSatisfy(isSingleLine) else { throw Unwritable(key: key) }
                lines.append("\(key): [\(items.map(listItem).joined(separator: ", "))]")
            }
        }
        lines.append("---")
        let text = body.precomposedStringWithCanonicalMapping
        return lines.joined(separator: "\n") + "\n" + text + (text.hasSuffix("\n") || text.isEmpty ? "" : "\n")
    }

    /// Plain when the parser would read the text back unchanged, quoted otherwise.
    static func scalar(_ text: String) -> String {
        let isPlain =
            !text.isEmpty
            && text.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) == text
            && !["\"", "'", "["].contains(text.first!)
            && !text.contains("#")
            && YAMLConstruct(plainValue: text) == nil
        return isPlain ? text.precomposedStringWithCanonicalMapping : quoted(text)
    }

    /// Inside `[…]`, commas and brackets end a plain item, so such items are quoted too.
    static func listItem(_ text: String) -> String {
        text.contains(where: { ",[]".contains($0) }) ? quoted(text) : scalar(text)
    }

    static func quoted(_ text: String) -> String {
        let escaped = text.precomposedStringWithCanonicalMapping
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }

    /// The parser splits lines at `\n` and `\r\n`; a lone `\r` or other line breaks would be just as surprising.
    private static func isSingleLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"].contains($0)
        }
    }
}
