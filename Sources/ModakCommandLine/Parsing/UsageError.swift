import ModakCore

/// A usage mistake: printed with the usage lines of `command` (the path from `modak`), exit code 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the command line. Options are named as written (`--content`), commands
    /// by their path from `modak`.
    public enum Problem: Sendable, Equatable {
        // Commands
        /// A command that has subcommands was given none; `choices` are its subcommands.
        case missingCommand(of: [String], choices: [String])
        /// `word` names none of the subcommands of `parent`.
        case unknownCommand(String, of: [String], suggestion: String?, choices: [String])
        /// `modak help build extra`: `command` has no subcommands, so none named `word`.
        case noSubcommands(String, of: [String])

        // Options and arguments
        /// `suggestion` is the option nearest to it (`--output` for `--outptu`).
        case unknownOption(String, suggestion: String?)
        case valueForFlag(String)
        case missingValue(String)
        case givenTwice(String)
        case notAChoice(String, value: String, choices: [String])
        case missingOption(String, valueName: String?)
        case missingArguments([String])
        case unexpectedArgument(String)
        /// The value of an option (or of an environment variable, `SOURCE_DATE_EPOCH`) is not `expected`.
        case invalidValue(of: String, expected: String, value: String)

        // The commands' own rules
        /// `modak new saying` without `--kor` and `--eng`.
        case sayingWithoutText
        case exclusiveOptions(String, String)
        /// `modak gifts simulate --budget` that is not `MIN-MAX` in range.
        case invalidBudget(String)
        case budgetMinimumAboveMaximum(Int, Int)
        /// One of `--answers` that is not `O`, `X` or `skip`.
        case invalidAnswer(String)
    }

    public var problem: Problem
    /// The command whose usage is printed; empty when the thrower does not know (a command's
    /// handler), and the caller fills in the command it ran.
    public var command: [String]

    public init(_ problem: Problem, command: [String] = []) { (self.problem, self.command) = (problem, command) }

    public var message: String {
        switch problem {
        case .missingCommand(let parent, let choices):
            let missing = parent.count == 1 ? "no command given" : "`\(parent.joined(separator: " "))` needs a command"
            return "\(missing): choose \(CommandParser.alternatives(choices))"
        case .unknownCommand(let word, let parent, let suggestion, let choices):
            let unknown =
                "unknown command \(word)" + (parent.count > 1 ? " for `\(parent.joined(separator: " "))`" : "")
            return unknown
                + (suggestion.map { ": did you mean \($0)?" } ?? ": choose \(CommandParser.alternatives(choices))")
        case .noSubcommands(let word, let command):
            return "`\(command.joined(separator: " "))` has no commands, so no \(word)"
        case .unknownOption(let written, let suggestion):
            return "unknown option \(written)" + (suggestion.map { ": did you mean \($0)?" } ?? "")
        case .valueForFlag(let written):
            return "\(written) takes no value"
        case .missingValue(let written):
            return "\(written) needs a value"
        case .givenTwice(let option):
            return "\(option) is given twice"
        case .notAChoice(let option, let value, let choices):
            return "\(option) must be one of \(choices.joined(separator: ", ")), not \(value)"
        case .missingOption(let option, let valueName):
            return "\(option) \(valueName ?? "") is required"
        case .missingArguments(let names):
            return "\(names.joined(separator: " and ")) \(names.count == 1 ? "is" : "are") required"
        case .unexpectedArgument(let word):
            return "unexpected argument \(word)"
        case .invalidValue(let name, let expected, let value):
            return "\(name) must be \(expected), not \(value)"
        case .sayingWithoutText:
            return "a saying needs --kor, --eng or both"
        case .exclusiveOptions(let one, let other):
            return "give \(one) or \(other), not both"
        case .invalidBudget(let text):
            return
                """
                --budget must be MIN-MAX in whole KRW from 0 to \(GiftProfile.maximumBudget), e.g. 10000-50000, \
                not `\(text)`
                """
        case .budgetMinimumAboveMaximum(let low, let high):
            return "--budget minimum \(low) is above the maximum \(high)"
        case .invalidAnswer(let answer):
            return "--answers must be a comma-separated list of O, X and skip, not `\(answer)`"
        }
    }

    public var description: String { message }
}
