import Foundation

/// `docs/reference/command-line.md`: every visible command, from the same declaration as `--help`.
/// `modak reference` prints it; a test fails when the committed file differs.
public enum CommandReference {
    public static let path = "docs/reference/command-line.md"

    public static func markdown(_ root: Command) -> String {
        var lines = [
            "# Command line",
            "",
            "<!-- Generated from the declaration in Sources/ModakCommandLine by `make reference`"
                + " (`modak reference > \(path)`); edit the declaration, not this file. -->",
            ""
        ]
        lines += root.discussion.flatMap { [$0, ""] }
        lines.append("Every command answers `-h` and `--help`, as does `\(root.name) help COMMAND`.")
        for path in visible([root]) { lines += [""] + section(path) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The root and every visible command below it, depth first.
    static func visible(_ path: [Command]) -> [[Command]] {
        [path] + path[path.count - 1].visibleSubcommands.flatMap { visible(path + [$0]) }
    }

    private static func section(_ path: [Command]) -> [String] {
        let command = path[path.count - 1]
        var lines = ["## `\(CommandParser.name(of: path))`", "", command.abstract, ""]
        if path.count > 1 { lines += command.discussion.flatMap { [$0, ""] } }
        lines += ["```"] + HelpFormatter.synopsis(path, lead: "") + ["```"]
        if !command.arguments.isEmpty {
            lines += ["", "| Argument | Description |", "|---|---|"]
            lines += command.arguments.map {
                "| \(cell(code(Synopsis.usage($0)))) | \(cell(Synopsis.description($0, code: code))) |"
            }
        }
        if !command.options.isEmpty {
            lines += ["", "| Option | Description |", "|---|---|"]
            lines += command.options.map {
                "| \(cell(code(Synopsis.label($0)))) | \(cell(Synopsis.description($0, code: code))) |"
            }
        }
        if !command.visibleSubcommands.isEmpty {
            lines += ["", "| Command | Description |", "|---|---|"]
            lines += command.visibleSubcommands.map {
                "| [\(code($0.name))](#\(anchor(path + [$0]))) | \(cell($0.abstract)) |"
            }
        }
        if !command.examples.isEmpty {
            lines += ["", "Examples:", "", "```sh"]
            lines += command.examples.map { "\($0.command)    # \($0.summary)" }
            lines += ["```"]
        }
        return lines
    }

    /// GitHub's anchor for the heading `` `modak new saying` ``.
    private static func anchor(_ path: [Command]) -> String { CommandParser.names(path).joined(separator: "-") }

    private static func code(_ text: String) -> String { "`\(text)`" }

    /// A table cell: a `|` would end it.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
