import ModakCore

/// What a command line asks for.
public enum Invocation: Sendable {
    case run(ParsedArguments)
    /// `-h`, `--help` or `modak help …`: the help of this command (the path from the root).
    case help([Command])
    case version
}

/// Reads a command line against the declaration.
///
/// Words naming subcommands come first (`modak new saying`); then, in any order, options
/// (`--name VALUE`, `--name=VALUE`, `-o VALUE`, flags, `--no-NAME` for negatable flags) and
/// positional arguments; after `--` every word is positional. A value starting with `--` must be
/// written `--name=VALUE`, so a forgotten value is never taken from the next option.
public enum CommandParser {
    public static func parse(_ words: [String], root: Command) throws(UsageError) -> Invocation {
        var path = [root]
        var rest = words[...]
        while let word = rest.first, !path[path.count - 1].subcommands.isEmpty, !word.hasPrefix("-") {
            path.append(try subcommand(word, of: path))
            rest = rest.dropFirst()
        }
        let command = path[path.count - 1]
        let options = rest.prefix { $0 != "--" }
        if options.contains(Option.help.longName) || options.contains("-h") { return .help(path) }
        if command.options.contains(Option.version), options.contains(Option.version.longName) { return .version }
        guard command.subcommands.isEmpty else {
            guard let word = rest.first else {
                throw UsageError(
                    .missingCommand(of: names(path), choices: command.visibleSubcommands.map(\.name)),
                    command: names(path))
            }
            throw unknownOption(word, path: path)
        }
        let parsed = try parseOptions(rest, path: path)
        if command.action == .help { return .help(try helpTarget(parsed, root: root)) }
        return .run(parsed)
    }

    // MARK: - Commands

    private static func subcommand(_ word: String, of path: [Command]) throws(UsageError) -> Command {
        let parent = path[path.count - 1]
        if let command = parent.subcommand(named: word) { return command }
        let choices = parent.visibleSubcommands.map(\.name)
        let suggestion = KeySuggestion.nearest(to: word, among: choices)
        throw UsageError(
            .unknownCommand(word, of: names(path), suggestion: suggestion, choices: choices), command: names(path))
    }

    /// `modak help new saying`: the command named by the help command's words.
    private static func helpTarget(_ parsed: ParsedArguments, root: Command) throws(UsageError) -> [Command] {
        var path = [root]
        for word in parsed.command.arguments.flatMap(parsed.words) {
            guard !path[path.count - 1].subcommands.isEmpty else {
                throw UsageError(.noSubcommands(word, of: names(path)), command: names(parsed.path))
            }
            do {
                path.append(try subcommand(word, of: path))
            } catch {
                throw UsageError(error.problem, command: names(parsed.path))
            }
        }
        return path
    }

    // MARK: - Options and arguments

    private static func parseOptions(_ words: ArraySlice<String>, path: [Command]) throws(UsageError) -> ParsedArguments
    {
        let command = path[path.count - 1]
        var parsed = ParsedArguments(path: path)
        var positional: [String] = []
        var index = words.startIndex
        var onlyPositional = false
        func fail(_ problem: UsageError.Problem) -> UsageError { UsageError(problem, command: names(path)) }

        while index < words.endIndex {
            let word = words[index]
            index += 1
            if onlyPositional || !word.hasPrefix("-") || word == "-" {
                positional.append(word)
                continue
            }
            if word == "--" {
                onlyPositional = true
                continue
            }
            var written = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                written = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let (option, isOn) = lookUp(written, in: command) else { throw unknownOption(written, path: path) }
            if option.isFlag {
                guard inline == nil else { throw fail(.valueForFlag(written)) }
                parsed.flags[option.name] = isOn
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < words.endIndex, !words[index].hasPrefix("--") {
                value = words[index]
                index += 1
            } else {
                throw fail(.missingValue(written))
            }
            guard option.repeats || parsed.values[option.name] == nil else { throw fail(.givenTwice(option.longName)) }
            guard option.choices.isEmpty || option.choices.contains(value) else {
                throw fail(.notAChoice(option.longName, value: value, choices: option.choices))
            }
            parsed.values[option.name, default: []].append(value)
        }

        for option in command.options where option.isRequired && parsed.values[option.name] == nil {
            throw fail(.missingOption(option.longName, valueName: option.valueName))
        }
        let required = command.arguments.filter { !$0.isOptional }
        guard positional.count >= required.count else {
            throw fail(.missingArguments(required.dropFirst(positional.count).map(\.name)))
        }
        var remaining = positional[...]
        for argument in command.arguments {
            if argument.isVariadic {
                parsed.argumentValues[argument.name] = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                parsed.argumentValues[argument.name] = [word]
            }
        }
        if let extra = remaining.first { throw fail(.unexpectedArgument(extra)) }
        return parsed
    }

    /// The option a word names, and whether a flag is turned on (`--no-NAME` turns it off).
    private static func lookUp(_ written: String, in command: Command) -> (Option, Bool)? {
        let options = command.optionsWithHelp
        if written.hasPrefix("--") {
            let name = written.dropFirst(2)
            if let option = options.first(where: { $0.name == name }) { return (option, true) }
            if name.hasPrefix("no-"), let option = options.first(where: { $0.name == name.dropFirst(3) }),
                case .flag(_, negatable: true) = option.kind
            {
                return (option, false)
            }
            return nil
        }
        guard written.count == 2, let option = options.first(where: { $0.short == written.last }) else { return nil }
        return (option, true)
    }

    private static func unknownOption(_ written: String, path: [Command]) -> UsageError {
        let command = path[path.count - 1]
        var names = command.optionsWithHelp.map(\.name)
        for option in command.options {
            if case .flag(_, negatable: true) = option.kind { names.append("no-" + option.name) }
        }
        let suggestion =
            written.hasPrefix("--")
            ? KeySuggestion.nearest(to: String(written.dropFirst(2)), among: names).map { "--" + $0 } : nil
        return UsageError(.unknownOption(written, suggestion: suggestion), command: self.names(path))
    }

    // MARK: - Names

    static func names(_ path: [Command]) -> [String] { path.map(\.name) }

    static func name(of path: [Command]) -> String { names(path).joined(separator: " ") }

    /// `a, b or c`.
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
