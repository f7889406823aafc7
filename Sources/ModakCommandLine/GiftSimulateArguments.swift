import ModakCore

/// The arguments of `modak gifts simulate` as the recommender takes them. The parser has
/// checked that `--gender` and `--budget` are given once and `--gender` is a gender.
public struct GiftSimulateArguments: Sendable, Equatable {
    public var gender: GiftGender
    public var budget: ClosedRange<Int>
    public var answers: [GiftAnswer]
    public var contentDirectory: String

    public init(
        gender: GiftGender, budget: ClosedRange<Int>, answers: [GiftAnswer] = [], contentDirectory: String = "content"
    ) {
        (self.gender, self.budget, self.answers, self.contentDirectory) = (gender, budget, answers, contentDirectory)
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        guard let gender = GiftGender(rawValue: parsed.value(Options.gender)) else {
            preconditionFailure("--gender takes only its choices")
        }
        self.init(
            gender: gender, budget: try Self.budget(parsed.value(Options.budget)),
            answers: try Self.answers(parsed[Options.answers] ?? ""),
            contentDirectory: parsed.value(Options.content)
        )
    }

    public var profile: GiftProfile { GiftProfile(gender: gender, budget: budget) }

    /// `MIN-MAX`, whole KRW, 0…50,000,000, MIN ≤ MAX.
    static func budget(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = amount(parts[0]), let high = amount(parts[1]) else {
            throw UsageError(.invalidBudget(text))
        }
        guard low <= high else { throw UsageError(.budgetMinimumAboveMaximum(low, high)) }
        return low...high
    }

    private static func amount(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value <= GiftProfile.maximumBudget
        else { return nil }
        return value
    }

    /// Comma-separated `O`, `X` or `skip`; spaces around an item are ignored; empty text → none.
    static func answers(_ text: String) throws(UsageError) -> [GiftAnswer] {
        if text.allSatisfy({ $0 == " " }) { return [] }
        var answers: [GiftAnswer] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(item.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
            guard let answer = GiftAnswer(rawValue: trimmed) else {
                throw UsageError(.invalidAnswer(trimmed))
            }
            answers.append(answer)
        }
        return answers
    }
}
