import ModakCore
import Testing
@testable import ModakCommandLine

/// `modak gifts simulate`'s arguments, moved here with their parsing from ModakCore.
@Suite("gifts simulate arguments")
struct GiftSimulateArgumentsTests {
    private struct NotARun: Error {}

    private func parse(_ line: String) throws -> GiftSimulateArguments {
        try parse(line.split(separator: " ").map(String.init))
    }

    private func parse(_ words: [String]) throws -> GiftSimulateArguments {
        guard case .run(let parsed) = try CommandParser.parse(["gifts", "simulate"] + words, root: ModakCommands.root)
        else {
            throw NotARun()
        }
        return try GiftSimulateArguments(parsed)
    }

    @Test func valid() throws {
        let a = try parse("--gender female --budget 10000-50000 --answers O,X,skip --content site/content")
        #expect(
            a
                == GiftSimulateArguments(
                    gender: .female, budget: 10_000...50_000, answers: [.yes, .no, .skip],
                    contentDirectory: "site/content"))
        let b = try parse("--budget=0-50000000 --gender=any")
        #expect(b == GiftSimulateArguments(gender: .any, budget: 0...50_000_000))
        #expect(try parse("--gender male --budget 0-0 --answers=").answers.isEmpty)
        #expect(try parse(["--gender", "any", "--budget", "5-5", "--answers", ""]).answers.isEmpty)
        #expect(
            try parse(["--gender", "any", "--budget", "5-5", "--answers", "O, X ,skip"]).answers == [.yes, .no, .skip])
        #expect(b.profile == GiftProfile(gender: .any, budget: 0...50_000_000))
    }

    static let command = ["modak", "gifts", "simulate"]
    static let genders = ["any", "female", "male"]

    /// Mistakes the parser finds carry the command; those of the arguments' own rules leave it to
    /// the caller, who knows the command it ran.
    static let invalid: [(String, UsageError)] = [
        ("", UsageError(.missingOption("--gender", valueName: "any|female|male"), command: command)),
        ("--budget 1-2", UsageError(.missingOption("--gender", valueName: "any|female|male"), command: command)),
        ("--gender any", UsageError(.missingOption("--budget", valueName: "MIN-MAX"), command: command)),
        (
            "--gender other --budget 1-2",
            UsageError(.notAChoice("--gender", value: "other", choices: genders), command: command)
        ),
        (
            "--gender Any --budget 1-2",
            UsageError(.notAChoice("--gender", value: "Any", choices: genders), command: command)
        ),
        ("--gender any --budget 1000", UsageError(.invalidBudget("1000"))),
        ("--gender any --budget a-b", UsageError(.invalidBudget("a-b"))),
        ("--gender any --budget -5-10", UsageError(.invalidBudget("-5-10"))),
        ("--gender any --budget 10-5", UsageError(.budgetMinimumAboveMaximum(10, 5))),
        ("--gender any --budget 0-50000001", UsageError(.invalidBudget("0-50000001"))),
        ("--gender any --budget 1,000-2000", UsageError(.invalidBudget("1,000-2000"))),
        ("--gender any --budget 1.5-2", UsageError(.invalidBudget("1.5-2"))),
        ("--gender any --budget 99999999999999999999-1", UsageError(.invalidBudget("99999999999999999999-1"))),
        ("--gender any --budget 1-2-3", UsageError(.invalidBudget("1-2-3"))),
        ("--gender any --budget 1-", UsageError(.invalidBudget("1-"))),
        ("--gender any --budget 1-2 --answers O,,X", UsageError(.invalidAnswer(""))),
        ("--gender any --budget 1-2 --answers O,X,", UsageError(.invalidAnswer(""))),
        ("--gender any --budget 1-2 --answers yes", UsageError(.invalidAnswer("yes"))),
        ("--gender any --budget 1-2 --answers o", UsageError(.invalidAnswer("o"))),
        ("--gender any --budget 1-2 --answers", UsageError(.missingValue("--answers"), command: command)),
        ("--gender --budget 1-2", UsageError(.missingValue("--gender"), command: command)),
        ("--gender any --budget 1-2 --content", UsageError(.missingValue("--content"), command: command)),
        (
            "--gender any --budget 1-2 --color red",
            UsageError(.unknownOption("--color", suggestion: nil), command: command)
        ),
        ("--gender any --budget 1-2 -v", UsageError(.unknownOption("-v", suggestion: nil), command: command)),
        ("--gender any --budget 1-2 extra", UsageError(.unexpectedArgument("extra"), command: command)),
        ("--gender any --gender male --budget 1-2", UsageError(.givenTwice("--gender"), command: command))
    ]

    @Test("usage errors", arguments: invalid)
    func usageErrors(_ line: String, _ error: UsageError) {
        #expect(throws: error) { try parse(line) }
    }

    @Test func messages() {
        #expect(UsageError(.budgetMinimumAboveMaximum(10, 5)).message == "--budget minimum 10 is above the maximum 5")
        #expect(
            UsageError(.invalidBudget("1-")).message
                == "--budget must be MIN-MAX in whole KRW from 0 to 50000000, e.g. 10000-50000, not `1-`")
        #expect(
            UsageError(.invalidAnswer("yes")).message
                == "--answers must be a comma-separated list of O, X and skip, not `yes`")
        #expect(
            HelpFormatter.usage(for: ModakCommands.root.path(to: ["modak", "gifts", "simulate"]))
                .hasPrefix("usage: modak gifts simulate --gender any|female|male --budget MIN-MAX"))
    }
}

@Suite("gifts simulate output")
struct GiftSimulationJSONTests {
    @Test("simulate prints its documented JSON object byte for byte")
    func json() {
        #expect(
            GiftSimulation(asked: ["q-cozy", "q-tech"], answers: ["X", "skip"], candidates: ["tumbler"], done: false)
                .json
                    == #"""
                    {"asked": ["q-cozy", "q-tech"], "answers": ["X", "skip"], "candidates": ["tumbler"], "done": \#
                    false}
                    """#
        )
        #expect(
            GiftSimulation(asked: ["q-cozy", "q-tech", "q-prac"], answers: ["O", "O", "O"], candidates: [], done: true)
                .json
                    == #"""
                    {"asked": ["q-cozy", "q-tech", "q-prac"], "answers": ["O", "O", "O"], "candidates": [], "done": \#
                    true}
                    """#
        )
        #expect(
            GiftSimulation(asked: [], answers: [], candidates: ["b", "a\"\\\n\u{1}"], done: true).json
                == #"{"asked": [], "answers": [], "candidates": ["b", "a\"\\\n\u0001"], "done": true}"#)
    }
}
