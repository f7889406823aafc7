import Testing
@testable import ModakCommandLine

private struct NotARun: Error {}

private func run(_ line: String) throws -> ParsedArguments {
    guard case .run(let parsed) = try CommandParser.parse(words(line), root: ModakCommands.root) else {
        throw NotARun()
    }
    return parsed
}

private func words(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

/// The usage error the line makes: its problem, and the command whose usage goes with it.
private func mistake(_ line: String) -> UsageError? {
    do {
        _ = try CommandParser.parse(words(line), root: ModakCommands.root)
        return nil
    } catch {
        return error
    }
}

private let modak = ["modak"], build = ["modak", "build"]
private let commands = ModakCommands.root.visibleSubcommands.map(\.name)

private func helpPath(_ line: String) throws -> String? {
    guard case .help(let path) = try CommandParser.parse(words(line), root: ModakCommands.root) else { return nil }
    return path.map(\.name).joined(separator: " ")
}

@Suite("command line parsing")
struct CommandParserTests {
    @Test func defaultsComeFromTheDeclaration() throws {
        let build = try run("build")
        #expect(build.command.action == .build)
        #expect(build.value(Options.content) == "content" && build.value(Options.output) == "public")
        #expect(build[Options.date] == nil && build.values(Options.templates).isEmpty)
        #expect(!build.flag(Options.drafts) && !build.flag(Options.force))
        let serve = try run("serve")
        #expect(serve.flag(Options.drafts), "the preview shows drafts")
        #expect(serve.value(Options.port) == "8000")
        #expect(try !run("serve --no-drafts").flag(Options.drafts))
        #expect(try run("serve --no-drafts --drafts").flag(Options.drafts), "the last one wins")
    }

    @Test func givenValues() throws {
        let build = try run(
            "build --content site --output=out --drafts --force --templates a --templates=b --theme dark")
        #expect(build.value(Options.content) == "site" && build.value(Options.output) == "out")
        #expect(build.flag(Options.drafts) && build.flag(Options.force))
        #expect(build.values(Options.templates) == ["a", "b"])
        #expect(build[Options.theme] == "dark")
        let card = try run("card today -o today.svg --content c")
        #expect(card.value(Arguments.sayingID) == "today" && card[Options.cardOutput] == "today.svg")
        #expect(try run("card x --output=y.svg")[Options.cardOutput] == "y.svg")
        let saying = try run("new saying --who W --eng E one two -- --three")
        #expect(saying.words(Arguments.commentary) == ["one", "two", "--three"])
        #expect(try run("init")[Arguments.siteFolder] == ".")
        #expect(try run("init here")[Arguments.siteFolder] == "here")
        #expect(try run("new saying --who W --kor=--dashes")[Options.kor] == "--dashes")
        #expect(try run("new saying --who W --tags a,b --tags c").values(Options.tags) == ["a,b", "c"])
    }

    @Test func mistypedOptionsAndCommandsSuggestTheNearest() {
        #expect(
            mistake("build --outptu public")
                == UsageError(.unknownOption("--outptu", suggestion: "--output"), command: build))
        #expect(
            mistake("biuld")
                == UsageError(
                    .unknownCommand("biuld", of: modak, suggestion: "build", choices: commands), command: modak))
        #expect(
            mistake("new sayng --who x")
                == UsageError(
                    .unknownCommand(
                        "sayng", of: ["modak", "new"], suggestion: "saying",
                        choices: ["saying", "souvenir", "notice", "page"]), command: ["modak", "new"]))
        #expect(
            mistake("serve --no-draft")
                == UsageError(.unknownOption("--no-draft", suggestion: "--no-drafts"), command: ["modak", "serve"]))
        #expect(
            mistake("build --colour red") == UsageError(.unknownOption("--colour", suggestion: nil), command: build))
        #expect(
            mistake("frobnicate")
                == UsageError(
                    .unknownCommand("frobnicate", of: modak, suggestion: nil, choices: commands), command: modak))
        #expect(mistake("build -x") == UsageError(.unknownOption("-x", suggestion: nil), command: build))
        #expect(
            mistake("--versoin") == UsageError(.unknownOption("--versoin", suggestion: "--version"), command: modak))
    }

    @Test func otherUsageMistakes() {
        #expect(mistake("") == UsageError(.missingCommand(of: modak, choices: commands), command: modak))
        #expect(
            mistake("new")
                == UsageError(
                    .missingCommand(of: ["modak", "new"], choices: ["saying", "souvenir", "notice", "page"]),
                    command: ["modak", "new"]))
        #expect(mistake("build --content") == UsageError(.missingValue("--content"), command: build))
        #expect(mistake("build --content --output x") == UsageError(.missingValue("--content"), command: build))
        #expect(mistake("build --content a --content b") == UsageError(.givenTwice("--content"), command: build))
        #expect(mistake("build --drafts=yes") == UsageError(.valueForFlag("--drafts"), command: build))
        #expect(
            mistake("build --theme pink")
                == UsageError(
                    .notAChoice("--theme", value: "pink", choices: ["bonfire", "light", "dark", "system"]),
                    command: build))
        #expect(mistake("build stray") == UsageError(.unexpectedArgument("stray"), command: build))
        #expect(mistake("card") == UsageError(.missingArguments(["ID"]), command: ["modak", "card"]))
        #expect(mistake("card a b") == UsageError(.unexpectedArgument("b"), command: ["modak", "card"]))
        #expect(
            mistake("new saying --eng x")
                == UsageError(.missingOption("--who", valueName: "NAME"), command: ["modak", "new", "saying"]))
        #expect(
            mistake("import csv x")
                == UsageError(
                    .unknownCommand("csv", of: ["modak", "import"], suggestion: nil, choices: ["firebase"]),
                    command: ["modak", "import"]))
        // `modak help …` looks the words up as commands, and prints the usage of `modak help`.
        #expect(
            mistake("help biuld")
                == UsageError(
                    .unknownCommand("biuld", of: modak, suggestion: "build", choices: commands),
                    command: ["modak", "help"]))
        #expect(
            mistake("help build extra") == UsageError(.noSubcommands("extra", of: build), command: ["modak", "help"]))
    }

    /// What users read, word for word as before the problems were cases.
    @Test func messages() {
        let messages: [(UsageError.Problem, String)] = [
            (.missingCommand(of: modak, choices: ["init", "build"]), "no command given: choose init or build"),
            (
                .missingCommand(of: ["modak", "new"], choices: ["saying", "souvenir", "notice", "page"]),
                "`modak new` needs a command: choose saying, souvenir, notice or page"
            ),
            (
                .unknownCommand("biuld", of: modak, suggestion: "build", choices: commands),
                "unknown command biuld: did you mean build?"
            ),
            (
                .unknownCommand("sayng", of: ["modak", "new"], suggestion: "saying", choices: []),
                "unknown command sayng for `modak new`: did you mean saying?"
            ),
            (
                .unknownCommand("csv", of: ["modak", "import"], suggestion: nil, choices: ["firebase"]),
                "unknown command csv for `modak import`: choose firebase"
            ),
            (.noSubcommands("extra", of: build), "`modak build` has no commands, so no extra"),
            (.unknownOption("--outptu", suggestion: "--output"), "unknown option --outptu: did you mean --output?"),
            (.unknownOption("-x", suggestion: nil), "unknown option -x"),
            (.valueForFlag("--drafts"), "--drafts takes no value"),
            (.missingValue("--content"), "--content needs a value"),
            (.givenTwice("--content"), "--content is given twice"),
            (
                .notAChoice("--theme", value: "pink", choices: ["bonfire", "light"]),
                "--theme must be one of bonfire, light, not pink"
            ),
            (.missingOption("--who", valueName: "NAME"), "--who NAME is required"),
            (.missingArguments(["ID"]), "ID is required"),
            (.missingArguments(["A", "B"]), "A and B are required"),
            (.unexpectedArgument("stray"), "unexpected argument stray"),
            (
                .invalidValue(of: "SOURCE_DATE_EPOCH", expected: "whole seconds since 1970", value: "soon"),
                "SOURCE_DATE_EPOCH must be whole seconds since 1970, not soon"
            ),
            (.sayingWithoutText, "a saying needs --kor, --eng or both"),
            (.exclusiveOptions("--time", "--queue"), "give --time or --queue, not both")
        ]
        for (problem, message) in messages {
            #expect(UsageError(problem).message == message)
            #expect(UsageError(problem).description == message)
        }
    }

    @Test func helpIsAskedForInEveryForm() throws {
        #expect(try helpPath("--help") == "modak")
        #expect(try helpPath("help") == "modak")
        #expect(try helpPath("build --help") == "modak build")
        #expect(try helpPath("build -h --outptu") == "modak build", "help wins over a mistake after it")
        #expect(try helpPath("help build") == "modak build")
        #expect(try helpPath("new saying --help") == "modak new saying")
        #expect(try helpPath("help new saying") == "modak new saying")
        #expect(try helpPath("new --help") == "modak new")
        #expect(try helpPath("gifts simulate --help") == "modak gifts simulate")
        #expect(try helpPath("new saying --who x -- --help") == nil, "after -- it is text")
        guard case .version = try CommandParser.parse(["--version"], root: ModakCommands.root) else {
            Issue.record("--version")
            return
        }
    }

    @Test func convertedValuesNameTheOptionAndTheValue() throws {
        let build = try run("build --date soon")
        #expect(throws: UsageError(.invalidValue(of: "--date", expected: "a day like 2026-11-28", value: "soon"))) {
            try build.converted(Options.date, expected: "a day like 2026-11-28") { $0 == "ok" ? 1 : nil }
        }
        #expect(try run("serve --port 80").convertedValue(Options.port, expected: "a port") { UInt16($0) } == 80)
    }
}

/// The declaration itself: what the parser and the help rely on.
@Suite("the declaration")
struct DeclarationTests {
    private static func paths(_ path: [Command]) -> [[Command]] {
        [path] + path[path.count - 1].subcommands.flatMap { paths(path + [$0]) }
    }

    static let all = paths([ModakCommands.root])

    @Test func everyActionHasExactlyOneCommand() {
        let actions = Self.all.compactMap { $0.last!.action }
        #expect(
            actions.sorted { $0.rawValue < $1.rawValue } == CommandAction.allCases.sorted { $0.rawValue < $1.rawValue })
        for path in Self.all {
            let command = path.last!
            #expect(
                (command.action == nil) == !command.subcommands.isEmpty,
                "\(command.name): a leaf runs, a group only groups")
        }
    }

    @Test func namesAreUniqueAndArgumentsWellOrdered() {
        for path in Self.all {
            let command = path.last!
            let names = command.optionsWithHelp.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
            let shorts = command.optionsWithHelp.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(command.name) declares a short name twice")
            #expect(Set(command.subcommands.map(\.name)).count == command.subcommands.count)
            let variadicBeforeLast = command.arguments.dropLast().contains { $0.isVariadic }
            #expect(!variadicBeforeLast, "\(command.name): only the last argument may take the rest")
            let afterFirstOptional = command.arguments.drop { !$0.isOptional }
            #expect(
                afterFirstOptional.allSatisfy { $0.isOptional },
                "\(command.name): a required argument after an optional one")
            for option in command.options where option.isRequired {
                #expect(
                    option.defaultValue == .none, "--\(option.name) of \(command.name) is required and has a default")
            }
        }
    }
}
