/// One command or subcommand, declared as data. The parser, `--help`, the usage lines printed with
/// usage errors and the Markdown reference are all read from this one value, so they cannot
/// disagree (the design of swift-argument-parser, without its property wrappers).
public struct Command: Sendable {
    public var name: String
    /// One line, shown in the parent's list of commands and at the top of the help.
    public var abstract: String
    /// Paragraphs after the abstract, each on one line (the help wraps them, the reference keeps them).
    public var discussion: [String]
    /// In order; only the last may be variadic, and no required one may follow an optional one.
    public var arguments: [Argument]
    public var options: [Option]
    public var subcommands: [Command]
    public var examples: [Example]
    /// What the program runs; nil for a command that only groups subcommands.
    public var action: CommandAction?
    /// Left out of help and the reference (the reference's own generator).
    public var isHidden: Bool

    public init(
        _ name: String, abstract: String, discussion: [String] = [], arguments: [Argument] = [], options: [Option] = [],
        subcommands: [Command] = [], examples: [Example] = [], action: CommandAction? = nil, isHidden: Bool = false
    ) {
        (self.name, self.abstract, self.discussion, self.arguments) = (name, abstract, discussion, arguments)
        (self.options, self.subcommands, self.examples) = (options, subcommands, examples)
        (self.action, self.isHidden) = (action, isHidden)
    }

    public var visibleSubcommands: [Command] { subcommands.filter { !$0.isHidden } }

    /// The declared options and the `-h, --help` every command answers.
    public var optionsWithHelp: [Option] { options + [Option.help] }

    public func subcommand(named name: String) -> Command? { subcommands.first { $0.name == name } }

    public func option(named name: String) -> Option? { optionsWithHelp.first { $0.name == name } }

    /// The commands `names` lead to from this one (its own name first): `["modak", "new", "saying"]`.
    public func path(to names: [String]) -> [Command] {
        var path = [self]
        for name in names.dropFirst() {
            guard let next = path[path.count - 1].subcommand(named: name) else { break }
            path.append(next)
        }
        return path
    }
}

/// What a leaf command runs: the executable switches over these, so every command has a handler.
public enum CommandAction: String, Sendable, CaseIterable {
    case initSite, build, serve, check, card
    case newSaying, newSouvenir, newNotice, newPage
    case importFirebase, giftsSimulate, templatesExport, help, reference
}

/// `--name VALUE` or a flag `--name`, with an optional one-letter alias.
public struct Option: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `--drafts`; a negatable flag is also written `--no-drafts`.
        case flag(default: Bool, negatable: Bool)
        /// `--content DIR`.
        case value(name: String)
    }

    /// The long name without its dashes: `output` for `--output`.
    public var name: String
    /// `o` for `-o`.
    public var short: Character?
    public var kind: Kind
    public var help: String
    public var defaultValue: DefaultValue
    public var isRequired: Bool
    /// May be given more than once; every value is kept, in order.
    public var repeats: Bool
    /// The only values accepted, when not empty.
    public var choices: [String]

    /// An option that takes a value.
    public static func value(
        _ name: String, _ valueName: String, short: Character? = nil, help: String,
        default defaultValue: DefaultValue = .none,
        required: Bool = false, repeats: Bool = false, choices: [String] = []
    ) -> Option {
        Option(
            name: name, short: short, kind: .value(name: valueName), help: help, defaultValue: defaultValue,
            isRequired: required, repeats: repeats, choices: choices)
    }

    /// A flag, off unless given; a negatable one may default to on and be turned off with `--no-NAME`.
    public static func flag(
        _ name: String, short: Character? = nil, help: String, default isOn: Bool = false, negatable: Bool = false
    ) -> Option {
        Option(
            name: name, short: short, kind: .flag(default: isOn, negatable: negatable), help: help, defaultValue: .none,
            isRequired: false, repeats: false, choices: [])
    }

    static let help = Option.flag("help", short: "h", help: "Show this help.")
    /// Answered by a command that declares it (the root): prints the version.
    public static let version = Option.flag("version", help: "Show the version.")

    /// The same option as another command has it: in its words, with its default, required there.
    public func with(help: String? = nil, default defaultValue: DefaultValue? = nil, required: Bool? = nil) -> Option {
        var copy = self
        copy.help = help ?? self.help
        copy.defaultValue = defaultValue ?? self.defaultValue
        copy.isRequired = required ?? isRequired
        return copy
    }

    public var longName: String { "--" + name }

    public var valueName: String? {
        if case .value(let name) = kind { return name }
        return nil
    }

    public var isFlag: Bool { valueName == nil }
}

/// What an option or argument means when it is left out.
public enum DefaultValue: Sendable, Equatable {
    case none
    /// Used when it is left out, and shown in the help.
    case value(String)
    /// Shown in the help only: the command works it out (`today in the site's time zone`).
    case described(String)

    /// The value the parser fills in.
    var parsedValue: String? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// A positional argument: `ID`, `[DIR]`, `[MESSAGE ...]`.
public struct Argument: Sendable, Equatable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Takes every remaining word.
    public var isVariadic: Bool
    public var defaultValue: DefaultValue

    public init(
        _ name: String, help: String, optional: Bool = false, variadic: Bool = false,
        default defaultValue: DefaultValue = .none
    ) {
        (self.name, self.help, self.isOptional, self.isVariadic, self.defaultValue) = (
            name, help, optional, variadic, defaultValue
        )
    }
}

/// A command line worth copying, with what it does.
public struct Example: Sendable, Equatable {
    public var command: String
    public var summary: String

    public init(_ command: String, _ summary: String) { (self.command, self.summary) = (command, summary) }
}
