// The gift recommender (docs/reference/content.md, "How the recommender chooses"): narrows the gift
// catalogue by the reader's gender, budget and yes/no answers. The same rules live in
// `Templates/assets/js/gift-engine.js` for the browser; `Tests/gifts/equivalence.js` checks that both agree.

/// An answer to one question: `O` yes, `X` no (its tag is excluded), `skip` (asked, not answered).
public enum GiftAnswer: String, Sendable, Equatable, CaseIterable {
    case yes = "O"
    case no = "X"
    case skip = "skip"

    /// Whether the answer counts as "answered" for the 3/6 thresholds (skips do not).
    public var isAnswered: Bool { self != .skip }
}

/// What the reader told the quiz before the questions: who the gift is for and how much to spend.
public struct GiftProfile: Sendable, Equatable {
    /// The highest budget the quiz and `modak gifts simulate` take, in whole KRW.
    public static let maximumBudget = 50_000_000

    public var gender: GiftGender
    /// Whole KRW, both ends included.
    public var budget: ClosedRange<Int>

    public init(gender: GiftGender, budget: ClosedRange<Int>) { (self.gender, self.budget) = (gender, budget) }

    /// Price within the budget (both ends included) and gender matching.
    public func matches(_ gift: Gift) -> Bool {
        budget.contains(gift.price) && GiftProfile.gender(gift.gender, suits: gender)
    }

    /// Gender matching: a gift for `any` suits every reader, a reader
    /// choosing `any` accepts every gift, otherwise the two genders must be equal.
    public static func gender(_ giftGender: GiftGender, suits readerGender: GiftGender) -> Bool {
        giftGender == .any || readerGender == .any || giftGender == readerGender
    }
}

/// One run of the quiz: a pure value, advanced by `answer(_:)`.
///
/// The rules of docs/reference/content.md, implemented exactly:
/// - Candidate gifts: price within [min, max], gender matching (see `GiftProfile`), and no tag in
///   the excluded set.
/// - Askable questions: not yet asked and whose tag is not excluded.
/// - Answers: `O` — asked and answered; `X` — asked, answered, and the question's tag joins the
///   excluded set; `skip` — asked, not answered.
/// - Ask another question while one is askable and either (candidates ≤ 10 and answered < 3) or
///   (candidates > 10 and answered < 6); then show a random candidate.
/// - The next question is the first askable one in `questions` order (the browser may shuffle
///   that order; the simulator never does).
///
/// Subtle points: the candidate count is recomputed after every `X`, so one `X` can move the
/// session from the "up to 6 answers" regime to the "up to 3" one and end it at once; a skipped
/// question counts as asked (never asked again) but not as answered; a question whose tag an
/// earlier `X` excluded is passed over.
public struct GiftSession: Sendable {
    /// Below or at this many candidates, at most `fewAnswersLimit` answers are asked for.
    public static let fewCandidates = 10
    public static let fewAnswersLimit = 3
    public static let manyAnswersLimit = 6

    public let gifts: [Gift]
    /// In the order questions are asked (file order for the simulator).
    public let questions: [Question]
    public let profile: GiftProfile

    /// Questions put to the reader, in order (skipped ones included).
    public private(set) var asked: [Question] = []
    /// One answer per asked question.
    public private(set) var answers: [GiftAnswer] = []
    /// Tags of the questions answered `X`.
    public private(set) var excludedTags: Set<String> = []
    /// Indices into `questions` already asked. Indices, not ids, so even unvalidated input with a
    /// repeated id behaves like the browser engine.
    private var askedIndices: Set<Int> = []

    public init(gifts: [Gift], questions: [Question], profile: GiftProfile) {
        (self.gifts, self.questions, self.profile) = (gifts, questions, profile)
    }

    /// Gifts in budget, of a matching gender, with no excluded tag; in catalogue order.
    /// Recomputed from the excluded tags every time, so it shrinks right after each `X`.
    public var candidates: [Gift] {
        gifts.filter { gift in profile.matches(gift) && !gift.tags.contains(where: excludedTags.contains) }
    }

    /// Answers that were `O` or `X`; skips do not count.
    public var answeredCount: Int { answers.count(where: \.isAnswered) }

    /// The first askable question in `questions` order while the rules say to keep asking, else nil.
    ///
    /// Askable: not yet asked (a skipped question was asked) and its tag not excluded.
    /// Keep asking while one is askable and either (candidates ≤ 10 and answered < 3)
    /// or (candidates > 10 and answered < 6).
    public var nextQuestion: Question? {
        guard let index = nextQuestionIndex else { return nil }
        return questions[index]
    }

    private var nextQuestionIndex: Int? {
        guard
            let index = questions.indices.first(where: {
                !askedIndices.contains($0) && !excludedTags.contains(questions[$0].tag)
            })
        else {
            return nil
        }
        let limit = candidates.count <= Self.fewCandidates ? Self.fewAnswersLimit : Self.manyAnswersLimit
        return answeredCount < limit ? index : nil
    }

    /// True when no question is left to ask: show a random candidate.
    public var isDone: Bool { nextQuestionIndex == nil }

    /// Answers `nextQuestion`. Returns false, changing nothing, when the session is already done.
    @discardableResult
    public mutating func answer(_ answer: GiftAnswer) -> Bool {
        guard let index = nextQuestionIndex else { return false }
        let question = questions[index]
        askedIndices.insert(index)
        asked.append(question)
        answers.append(answer)
        if answer == .no { excludedTags.insert(question.tag) }
        return true
    }

    /// Plays `answers` in order until the rules say stop or the answers run out
    /// (`modak gifts simulate`). Answers left over once the session is done are ignored.
    public static func simulate(gifts: [Gift], questions: [Question], profile: GiftProfile, answers: [GiftAnswer])
        -> GiftSimulation
    {
        var session = GiftSession(gifts: gifts, questions: questions, profile: profile)
        for answer in answers where !session.isDone {
            session.answer(answer)
        }
        return GiftSimulation(
            asked: session.asked.map(\.id),
            answers: session.answers.map(\.rawValue),
            candidates: session.candidates.map(\.id).sorted(by: GiftSimulation.precedes),
            done: session.isDone
        )
    }
}

/// The result of `modak gifts simulate`.
public struct GiftSimulation: Sendable, Equatable {
    public var asked: [String]
    public var answers: [String]
    /// Gift ids, sorted by code point (what JavaScript's default sort gives for the ASCII ids Modak allows).
    public var candidates: [String]
    public var done: Bool

    public init(asked: [String], answers: [String], candidates: [String], done: Bool) {
        (self.asked, self.answers, self.candidates, self.done) = (asked, answers, candidates, done)
    }

    static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
