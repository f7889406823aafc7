/// The manual: `modak(1)` and one page per visible command (`modak-build(1)`, `modak-new-saying(1)`),
/// in roff, from the same declaration as `--help` and the Markdown reference. `modak reference
/// --man DIR` writes them; the Debian package installs them.
public enum ManPage {
    public static let section = "1"

    /// `modak-new-saying`: a command's page, named after its path.
    public static func name(_ path: [Command]) -> String { CommandParser.names(path).joined(separator: "-") }

    /// Every page, the root's first: file names (`modak-build.1`) and their roff.
    public static func pages(_ root: Command, version: String) -> [(file: String, roff: String)] {
        CommandReference.visible([root]).map { path in (name(path) + "." + section, roff(path, version: version)) }
    }

    public static func roff(_ path: [Command], version: String) -> String {
        let command = path[path.count - 1]
        let title = name(path)
        var lines = [
            #".\" Generated from the declaration in Sources/ModakCommandLine by `modak reference --man DIR`."#,
            // No date: the same version gives the same pages.
            ".TH \(escape(title.uppercased())) \(section) \"\" \"\(escape(path[0].name)) \(escape(version))\" "
                + "\"Modak Manual\"",
            ".SH NAME",
            "\(escape(title)) \\- \(text(command.abstract))",
            ".SH SYNOPSIS"
        ]
        let (prefix, parts) = Synopsis.parts(path)
        lines += [".B \(escape(prefix))", escape(parts.joined(separator: " "))]
        lines += [".SH DESCRIPTION", text(command.abstract)]
        lines += command.discussion.flatMap { [".PP", text($0)] }
        if !command.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            lines += command.arguments.flatMap { entry(Synopsis.usage($0), Synopsis.description($0, code: code)) }
        }
        lines.append(".SH OPTIONS")
        lines += command.optionsWithHelp.flatMap { entry(Synopsis.label($0), Synopsis.description($0, code: code)) }
        if !command.visibleSubcommands.isEmpty {
            lines.append(".SH COMMANDS")
            lines += command.visibleSubcommands.flatMap { subcommand in
                entry(subcommand.name, subcommand.abstract + " See `\(reference(path + [subcommand]))`.")
            }
        }
        if !command.examples.isEmpty {
            lines.append(".SH EXAMPLES")
            lines += command.examples.flatMap { entry($0.command, $0.summary) }
        }
        lines += [".SH SEE ALSO", seeAlso(path)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The root names every page; a command, the root and its parent group.
    private static func seeAlso(_ path: [Command]) -> String {
        let related: [[Command]]
        if path.count == 1 {
            related = Array(CommandReference.visible(path).dropFirst())
        } else {
            related = [[path[0]]] + (path.count > 2 ? [Array(path.dropLast())] : [])
        }
        let pages = related.map { "\\fB\(escape(name($0)))\\fR(\(section))" }.joined(separator: ",\n")
        guard path.count == 1 else { return pages }
        return pages + "\n.PP\nThe reference of the content, templates and output: docs/reference/ in the source, "
            + "/usr/share/doc/modak/reference/ when installed from the Debian package."
    }

    /// `modak-build(1)`: how a page names another (`text` sets it in bold when written in backticks).
    private static func reference(_ path: [Command]) -> String { "\(name(path))(\(section))" }

    /// A tagged paragraph: the tag in bold on its line, the description indented below or beside it.
    private static func entry(_ tag: String, _ description: String) -> [String] {
        [".TP", "\\fB\(escape(tag))\\fR", text(description)]
    }

    /// Code as the help texts write it, in backticks; `text` turns it bold.
    private static func code(_ text: String) -> String { "`\(text)`" }

    /// A help text as roff: its `code` in bold, escaped, on one line (roff fills it).
    static func text(_ text: String) -> String {
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        // Odd pieces lie between backticks; an unpaired backtick is kept as it is.
        guard pieces.count % 2 == 1 else { return escape(text) }
        return pieces.enumerated().map { index, piece in
            index % 2 == 1 ? "\\fB\(escape(String(piece)))\\fR" : escape(String(piece))
        }.joined()
    }

    /// Text roff prints as written: `\` is `\e`, `-` a hyphen-minus (`\-`, so options can be copied),
    /// and a line may not start with a control character (`.` or `'`), which `\&` hides.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
