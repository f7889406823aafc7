import ModakCore
import Testing
@testable import ModakCommandLine

/// `modak gifts simulate`'s arguments, moved here with their parsing from ModakCore.
@Suite("gifts simulate arguments")
struct GiftSimulateArgumentsTests {
    private func parse(_ line: String) throws(UsageError) -> GiftSimulateArguments {
        try parse(line.split(separator: " ").map(String.init))
    }

    private func parse(_ words: [String]) throws(UsageError) -> GiftSimulateArguments {
        guard case .run(let parsed) = try CommandParser.parse(["gifts", "simulate"] + words, root: ModakCommands.root) else {
            throw UsageError("not a run")
        }
        return try GiftSimulateArguments(parsed)
    }

    @Test func valid() throws {
        let a = try parse("--gender female --budget 10000-50000 --answers O,X,skip --content site/content")
        #expect(a == GiftSimulateArguments(gender: .female, budget: 10_000...50_000, answers: [.yes, .no, .skip], contentDirectory: "site/content"))
        let b = try parse("--budget=0-50000000 --gender=any")
        #expect(b == GiftSimulateArguments(gender: .any, budget: 0...50_000_000))
        #expect(try parse("--gender male --budget 0-0 --answers=").answers.isEmpty)
        #expect(try parse(["--gender", "any", "--budget", "5-5", "--answers", ""]).answers.isEmpty)
        #expect(try parse(["--gender", "any", "--budget", "5-5", "--answers", "O, X ,skip"]).answers == [.yes, .no, .skip])
        #expect(b.profile == GiftProfile(gender: .any, budget: 0...50_000_000))
    }

    static let invalid: [String] = [
        "",
        "--budget 1-2",
        "--gender any",
        "--gender other --budget 1-2",
        "--gender Any --budget 1-2",
        "--gender any --budget 1000",
        "--gender any --budget a-b",
        "--gender any --budget -5-10",
        "--gender any --budget 10-5",
        "--gender any --budget 0-50000001",
        "--gender any --budget 1,000-2000",
        "--gender any --budget 1.5-2",
        "--gender any --budget 99999999999999999999-1",
        "--gender any --budget 1-2-3",
        "--gender any --budget 1-",
        "--gender any --budget 1-2 --answers O,,X",
        "--gender any --budget 1-2 --answers O,X,",
        "--gender any --budget 1-2 --answers yes",
        "--gender any --budget 1-2 --answers o",
        "--gender any --budget 1-2 --answers",
        "--gender --budget 1-2",
        "--gender any --budget 1-2 --content",
        "--gender any --budget 1-2 --color red",
        "--gender any --budget 1-2 -v",
        "--gender any --budget 1-2 extra",
        "--gender any --gender male --budget 1-2",
    ]

    @Test("usage errors", arguments: invalid)
    func usageErrors(_ line: String) {
        #expect(throws: UsageError.self) { try parse(line) }
    }

    @Test func messages() {
        #expect(throws: UsageError("--budget minimum 10 is above the maximum 5")) { try parse("--gender any --budget 10-5") }
        #expect(throws: UsageError("unknown option --color", command: ["modak", "gifts", "simulate"])) {
            try parse("--gender any --budget 1-2 --color red")
        }
        #expect(throws: UsageError("--gender must be one of any, female, male, not other", command: ["modak", "gifts", "simulate"])) {
            try parse("--gender other --budget 1-2")
        }
        #expect(HelpFormatter.usage(for: ModakCommands.root.path(to: ["modak", "gifts", "simulate"]))
            .hasPrefix("usage: modak gifts simulate --gender any|female|male --budget MIN-MAX"))
    }
}

@Suite("gifts simulate output")
struct GiftSimulationJSONTests {
    @Test("simulate prints its documented JSON object byte for byte")
    func json() {
        #expect(GiftSimulation(asked: ["q-cozy", "q-tech"], answers: ["X", "skip"], candidates: ["tumbler"], done: false).json
            == #"{"asked": ["q-cozy", "q-tech"], "answers": ["X", "skip"], "candidates": ["tumbler"], "done": false}"#)
        #expect(GiftSimulation(asked: ["q-cozy", "q-tech", "q-prac"], answers: ["O", "O", "O"], candidates: [], done: true).json
            == #"{"asked": ["q-cozy", "q-tech", "q-prac"], "answers": ["O", "O", "O"], "candidates": [], "done": true}"#)
        #expect(GiftSimulation(asked: [], answers: [], candidates: ["b", "a\"\\\n\u{1}"], done: true).json
            == #"{"asked": [], "answers": [], "candidates": ["b", "a\"\\\n\u0001"], "done": true}"#)
    }
}
