import Testing
@testable import ModakCommandLine

private func run(_ line: String) throws(UsageError) -> ParsedArguments {
    guard case .run(let parsed) = try CommandParser.parse(words(line), root: ModakCommands.root) else { throw UsageError("not a run") }
    return parsed
}

private func words(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

/// The message of the usage error the line makes, and the command whose usage goes with it.
private func mistake(_ line: String) -> (message: String, command: String)? {
    do {
        _ = try CommandParser.parse(words(line), root: ModakCommands.root)
        return nil
    } catch {
        return (error.message, error.command.joined(separator: " "))
    }
}

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
        let build = try run("build --content site --output=out --drafts --force --templates a --templates=b --theme dark")
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
        #expect(mistake("build --outptu public")! == ("unknown option --outptu: did you mean --output?", "modak build"))
        #expect(mistake("biuld")! == ("unknown command biuld: did you mean build?", "modak"))
        #expect(mistake("new sayng --who x")! == ("unknown command sayng for `modak new`: did you mean saying?", "modak new"))
        #expect(mistake("serve --no-draft")! == ("unknown option --no-draft: did you mean --no-drafts?", "modak serve"))
        #expect(mistake("build --colour red")!.message == "unknown option --colour")
        #expect(mistake("frobnicate")!.message.hasPrefix("unknown command frobnicate: choose init, build, serve"))
        #expect(mistake("build -x")!.message == "unknown option -x")
        #expect(mistake("--versoin")!.message == "unknown option --versoin: did you mean --version?")
    }

    @Test func otherUsageMistakes() {
        #expect(mistake("")!.message.hasPrefix("no command given: choose init,"))
        #expect(mistake("new")! == ("`modak new` needs a command: choose saying, souvenir, notice or page", "modak new"))
        #expect(mistake("build --content")!.message == "--content needs a value")
        #expect(mistake("build --content --output x")!.message == "--content needs a value")
        #expect(mistake("build --content a --content b")!.message == "--content is given twice")
        #expect(mistake("build --drafts=yes")!.message == "--drafts takes no value")
        #expect(mistake("build --theme pink")!.message == "--theme must be one of bonfire, light, dark, system, not pink")
        #expect(mistake("build stray")!.message == "unexpected argument stray")
        #expect(mistake("card")! == ("ID is required", "modak card"))
        #expect(mistake("card a b")!.message == "unexpected argument b")
        #expect(mistake("new saying --eng x")! == ("--who NAME is required", "modak new saying"))
        #expect(mistake("import csv x")!.message == "unknown command csv for `modak import`: choose firebase")
        #expect(mistake("help biuld")! == ("unknown command biuld: did you mean build?", "modak help"))
        #expect(mistake("help build extra")!.message == "`modak build` has no commands, so no extra")
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
        #expect(throws: UsageError("--date must be a day like 2026-11-28, not soon")) {
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
        #expect(actions.sorted { $0.rawValue < $1.rawValue } == CommandAction.allCases.sorted { $0.rawValue < $1.rawValue })
        for path in Self.all {
            let command = path.last!
            #expect((command.action == nil) == !command.subcommands.isEmpty, "\(command.name): a leaf runs, a group only groups")
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
            #expect(afterFirstOptional.allSatisfy { $0.isOptional }, "\(command.name): a required argument after an optional one")
            for option in command.options where option.isRequired {
                #expect(option.defaultValue == .none, "--\(option.name) of \(command.name) is required and has a default")
            }
        }
    }
}
