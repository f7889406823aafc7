/// `--help` and the usage lines of usage errors, laid out as swift-argument-parser does:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, COMMANDS and EXAMPLES, in 80 columns.
public enum HelpFormatter {
    static let width = 80
    /// Where the descriptions of options, arguments and commands start.
    static let column = 26
    /// `usage: ` and `USAGE: ` are both this long, so continuation lines line up under either.
    static let usageIndent = 7

    public static func help(for path: [Command]) -> String {
        let command = path[path.count - 1]
        var sections = [
            Synopsis.wrap("OVERVIEW: " + command.abstract, width: width, indent: 10).joined(separator: "\n")
        ]
        if !command.discussion.isEmpty {
            sections.append(
                command.discussion.map { Synopsis.wrap($0, width: width).joined(separator: "\n") }.joined(
                    separator: "\n\n"))
        }
        sections.append(synopsis(path, lead: "USAGE: ").joined(separator: "\n"))
        if !command.arguments.isEmpty {
            sections.append(
                list(
                    "ARGUMENTS:", command.arguments.map { (Synopsis.usage($0), Synopsis.description($0, code: plain)) })
            )
        }
        sections.append(
            list(
                "OPTIONS:", command.optionsWithHelp.map { (Synopsis.label($0), Synopsis.description($0, code: plain)) })
        )
        if !command.visibleSubcommands.isEmpty {
            sections.append(list("COMMANDS:", command.visibleSubcommands.map { ($0.name, $0.abstract) }))
        }
        if !command.examples.isEmpty {
            let examples = command.examples.map { example in
                (["  " + example.command] + Synopsis.wrap(example.summary, width: width - 6).map { "      " + $0 })
                    .joined(separator: "\n")
            }
            sections.append("EXAMPLES:\n" + examples.joined(separator: "\n\n"))
        }
        if !command.visibleSubcommands.isEmpty {
            sections.append("See `\(helpCommand(path)) COMMAND` for the help of each command.")
        }
        return sections.joined(separator: "\n\n")
    }

    /// What a usage error prints after its message: the command's usage line (a group's lists its
    /// commands), then where the help is.
    public static func usage(for path: [Command]) -> String {
        let command = path[path.count - 1]
        let lines: [String]
        if command.subcommands.isEmpty {
            lines = synopsis(path, lead: "usage: ")
        } else {
            lines = command.visibleSubcommands.enumerated().flatMap { index, subcommand in
                synopsis(path + [subcommand], lead: index == 0 ? "usage: " : String(repeating: " ", count: usageIndent))
            }
        }
        return (lines + ["Run `\(helpCommand(path))` for more."]).joined(separator: "\n")
    }

    /// `modak help new`: the command that shows the help of `path`.
    private static func helpCommand(_ path: [Command]) -> String {
        ([path[0].name, "help"] + CommandParser.names(path).dropFirst()).joined(separator: " ")
    }

    /// The synopsis after `lead`, wrapped; continuation lines start under the first option.
    static func synopsis(_ path: [Command], lead: String) -> [String] {
        let (prefix, parts) = Synopsis.parts(path)
        let indent = lead.count + prefix.count + 1
        let lines = Synopsis.wrap(parts, width: width, firstIndent: indent, indent: indent)
        guard let first = lines.first else { return [lead + prefix] }
        return [lead + prefix + " " + first] + lines.dropFirst()
    }

    /// A heading and its entries, each described from `column` on (below the label when it is too long).
    private static func list(_ heading: String, _ entries: [(label: String, text: String)]) -> String {
        var lines = [heading]
        let pad = String(repeating: " ", count: column)
        for entry in entries {
            let label = "  " + entry.label
            var text = Synopsis.wrap(entry.text, width: width, firstIndent: column, indent: column)
            if label.count + 2 > column {
                lines.append(label)
                if !text.isEmpty { text[0] = pad + text[0] }
            } else if !text.isEmpty {
                text[0] = label + String(repeating: " ", count: column - label.count) + text[0]
            } else {
                text = [label]
            }
            lines += text
        }
        return lines.joined(separator: "\n")
    }

    private static func plain(_ text: String) -> String { text }
}
