/// How commands, options and arguments are written in usage lines, help and the reference.
enum Synopsis {
    /// `modak build [--content DIR] … [--drafts]`, as words to wrap; a group is `modak new COMMAND`.
    static func parts(_ path: [Command]) -> (prefix: String, parts: [String]) {
        let command = path[path.count - 1]
        let prefix = CommandParser.name(of: path)
        guard command.subcommands.isEmpty else {
            return (prefix, command.options.map(usage) + ["COMMAND"])
        }
        // Arguments read best first (`modak card ID [--content DIR]`), but text of any length last.
        let leading = command.arguments.filter { !$0.isVariadic }.map(usage)
        let trailing = command.arguments.filter(\.isVariadic).map(usage)
        return (prefix, leading + command.options.map(usage) + trailing)
    }

    /// `[--content DIR]`, `--who W`, `[--templates DIR ...]`, `[-o FILE]`, `[--[no-]drafts]`.
    static func usage(_ option: Option) -> String {
        let written: String
        switch option.kind {
        case .flag(_, negatable: true): written = "--[no-]\(option.name)"
        case .flag: written = option.short.map { "-\($0)" } ?? option.longName
        case .value(let valueName): written = (option.short.map { "-\($0)" } ?? option.longName) + " " + valueName
        }
        let repeated = option.repeats ? written + " ..." : written
        return option.isRequired ? repeated : "[\(repeated)]"
    }

    /// `ID`, `[DIR]`, `[MESSAGE ...]`.
    static func usage(_ argument: Argument) -> String {
        let written = argument.isVariadic ? argument.name + " ..." : argument.name
        return argument.isOptional ? "[\(written)]" : written
    }

    /// `-o, --output FILE`, `--drafts, --no-drafts`: how an option is listed.
    static func label(_ option: Option) -> String {
        var names = [option.longName]
        if let short = option.short { names.insert("-\(short)", at: 0) }
        if case .flag(_, negatable: true) = option.kind { names.append("--no-\(option.name)") }
        var label = names.joined(separator: ", ")
        if let valueName = option.valueName { label += " " + valueName }
        return option.repeats ? label + " ..." : label
    }

    /// The help text with the accepted values and the default: `… (one of: a, b) (default: x)`.
    static func description(_ option: Option, code: (String) -> String) -> String {
        var notes = option.isRequired ? ["required"] : []
        if !option.choices.isEmpty && option.valueName != option.choices.joined(separator: "|") {
            notes.append("one of: \(option.choices.map(code).joined(separator: ", "))")
        }
        if let shown = defaultText(option, code: code) { notes.append("default: \(shown)") }
        return notes.isEmpty ? option.help : option.help + " (\(notes.joined(separator: "; ")))"
    }

    static func description(_ argument: Argument, code: (String) -> String) -> String {
        guard let shown = defaultText(argument.defaultValue, code: code) else { return argument.help }
        return argument.help + " (default: \(shown))"
    }

    private static func defaultText(_ option: Option, code: (String) -> String) -> String? {
        if case .flag(default: true, _) = option.kind { return code(option.longName) }
        return defaultText(option.defaultValue, code: code)
    }

    private static func defaultText(_ value: DefaultValue, code: (String) -> String) -> String? {
        switch value {
        case .none: nil
        case .value(let value): code(value)
        case .described(let text): text
        }
    }

    /// Words filled into lines of at most `width` characters; the first line starts after
    /// `firstIndent` characters already written, the others are indented by `indent` spaces.
    static func wrap(_ words: [String], width: Int, firstIndent: Int = 0, indent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        var column = firstIndent
        for word in words where !word.isEmpty {
            if !line.isEmpty && column + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                column = indent
            }
            if !line.isEmpty && !line.allSatisfy({ $0 == " " }) {
                line += " "
                column += 1
            }
            line += word
            column += word.count
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func wrap(_ text: String, width: Int, firstIndent: Int = 0, indent: Int = 0) -> [String] {
        wrap(text.split(separator: " ").map(String.init), width: width, firstIndent: firstIndent, indent: indent)
    }
}
