import Testing
@testable import ModakCore

private let here = SourceLocation(path: "gifts/gifts.json", line: 1)

private func gift(_ id: String, price: Int = 10_000, tags: [String] = [], gender: GiftGender = .any) -> Gift {
    Gift(id: id, name: id, price: price, image: "images/\(id).svg", tags: tags, gender: gender, source: here)
}

private func question(_ id: String, tag: String) -> Question {
    Question(id: id, text: "\(id)?", tag: tag, source: here)
}

/// `count` gifts priced 10,000 KRW; gift `i` carries the tag `t<i>` so an X on `t<i>` removes just it.
private func catalogue(_ count: Int) -> [Gift] {
    (0..<count).map { gift("g\($0)", tags: ["t\($0)"]) }
}

/// Questions on tags no gift has, so answers never change the candidates.
private func neutralQuestions(_ count: Int) -> [Question] {
    (0..<count).map { question("n\($0)", tag: "none\($0)") }
}

private func session(
    _ gifts: [Gift], _ questions: [Question], gender: GiftGender = .any, budget: ClosedRange<Int> = 0...50_000_000
) -> GiftSession {
    GiftSession(gifts: gifts, questions: questions, profile: GiftProfile(gender: gender, budget: budget))
}

@Suite("Gift recommender rules")
struct GiftRecommenderTests {
    @Test("budget bounds are inclusive")
    func budgetBounds() {
        let gifts = [
            gift("below", price: 9_999), gift("min", price: 10_000), gift("mid", price: 20_000),
            gift("max", price: 30_000), gift("above", price: 30_001)
        ]
        #expect(session(gifts, [], budget: 10_000...30_000).candidates.map(\.id) == ["min", "mid", "max"])
        #expect(session(gifts, [], budget: 20_000...20_000).candidates.map(\.id) == ["mid"])
        #expect(
            session([gift("free", price: 0), gift("dear", price: 50_000_000)], [], budget: 0...0).candidates.map(\.id)
                == ["free"])
        #expect(
            session([gift("free", price: 0), gift("dear", price: 50_000_000)], [], budget: 50_000_000...50_000_000)
                .candidates.map(\.id) == ["dear"])
    }

    static let genderTable: [(gift: GiftGender, reader: GiftGender, matches: Bool)] = [
        (.any, .any, true), (.any, .female, true), (.any, .male, true),
        (.female, .any, true), (.female, .female, true), (.female, .male, false),
        (.male, .any, true), (.male, .female, false), (.male, .male, true)
    ]

    @Test("gender matching table", arguments: genderTable)
    func genderMatching(_ row: (gift: GiftGender, reader: GiftGender, matches: Bool)) {
        #expect(GiftProfile.gender(row.gift, suits: row.reader) == row.matches)
        let candidates = session([gift("a", gender: row.gift)], [], gender: row.reader).candidates
        #expect(candidates.count == (row.matches ? 1 : 0))
    }

    @Test("X excludes the question's tag and removes every gift carrying it; O changes nothing")
    func answerXExcludesTag() {
        let gifts = [
            gift("a", tags: ["sweet"]), gift("b", tags: ["tech"]), gift("c", tags: ["tech", "sweet"]), gift("d")
        ]
        var yes = session(gifts, [question("q1", tag: "sweet"), question("q2", tag: "tech")])
        yes.answer(.yes)
        #expect(yes.candidates.map(\.id) == ["a", "b", "c", "d"])
        #expect(yes.excludedTags.isEmpty)

        var no = session(gifts, [question("q1", tag: "sweet"), question("q2", tag: "tech")])
        no.answer(.no)
        #expect(no.excludedTags == ["sweet"])
        #expect(no.candidates.map(\.id) == ["b", "d"])
        no.answer(.no)
        #expect(no.candidates.map(\.id) == ["d"])
        #expect(no.asked.map(\.id) == ["q1", "q2"])
        #expect(no.answers == [.no, .no])
    }

    @Test("skip is asked but not answered: it does not count and is not asked again")
    func skip() {
        // 5 candidates (≤ 10): up to 3 answered.
        var s = session(catalogue(5), neutralQuestions(6))
        for answer in [GiftAnswer.skip, .yes, .skip, .yes] { s.answer(answer) }
        #expect(s.answeredCount == 2)
        #expect(s.nextQuestion?.id == "n4")
        s.answer(.yes)
        #expect(s.isDone)
        #expect(s.asked.map(\.id) == ["n0", "n1", "n2", "n3", "n4"])

        // Skipping every question ends the quiz when none is left: skipped ones are not askable.
        var skipper = session(catalogue(5), neutralQuestions(2))
        skipper.answer(.skip)
        #expect(skipper.nextQuestion?.id == "n1")
        skipper.answer(.skip)
        #expect(skipper.isDone)
        #expect(skipper.nextQuestion == nil)
        #expect(skipper.answeredCount == 0)
    }

    @Test("exactly 10 candidates: 3 answers")
    func tenCandidates() {
        var s = session(catalogue(10), neutralQuestions(8))
        for _ in 0..<2 { s.answer(.yes) }
        #expect(!s.isDone)
        s.answer(.no) // neutral tag: still 10 candidates
        #expect(s.candidates.count == 10)
        #expect(s.isDone)
        #expect(s.nextQuestion == nil)
        #expect(s.asked.count == 3)
    }

    @Test("exactly 11 candidates: 6 answers")
    func elevenCandidates() {
        var s = session(catalogue(11), neutralQuestions(8))
        for _ in 0..<5 { s.answer(.yes) }
        #expect(!s.isDone)
        s.answer(.yes)
        #expect(s.isDone)
        #expect(s.asked.count == 6)
    }

    @Test("the candidate count is recomputed after each X")
    func recomputedAfterX() {
        // 11 candidates; the third answer is an X that removes one gift → 10 candidates with 3 answered: done.
        var s = session(
            catalogue(11),
            neutralQuestions(2) + [question("x", tag: "t0")]
                + neutralQuestions(5).map { question("m" + $0.id, tag: $0.tag) })
        s.answer(.yes)
        s.answer(.yes)
        #expect(s.nextQuestion?.id == "x")
        s.answer(.no)
        #expect(s.candidates.count == 10)
        #expect(s.isDone)

        // The same with O keeps 11 candidates and the quiz goes on.
        var t = session(
            catalogue(11),
            neutralQuestions(2) + [question("x", tag: "t0")]
                + neutralQuestions(5).map { question("m" + $0.id, tag: $0.tag) })
        for _ in 0..<3 { t.answer(.yes) }
        #expect(t.nextQuestion?.id == "mn0")
    }

    @Test("stops when no question is askable, whatever the count")
    func nothingAskable() {
        var s = session(catalogue(30), neutralQuestions(2))
        s.answer(.yes)
        s.answer(.yes)
        #expect(s.isDone)
        #expect(s.answeredCount == 2)
        #expect(session(catalogue(30), []).isDone)
        #expect(session([], neutralQuestions(3)).nextQuestion?.id == "n0") // 0 candidates ≤ 10: still asks up to 3
    }

    @Test("a question whose tag is already excluded is passed over")
    func excludedTagQuestionSkippedOver() {
        let gifts = catalogue(3) + [gift("s", tags: ["sweet"])]
        let questions = [question("q1", tag: "sweet"), question("q2", tag: "sweet"), question("q3", tag: "tech")]
        var no = session(gifts, questions)
        no.answer(.no)
        #expect(no.nextQuestion?.id == "q3")
        no.answer(.yes)
        #expect(no.isDone)
        #expect(no.asked.map(\.id) == ["q1", "q3"])

        var yes = session(gifts, questions)
        yes.answer(.yes)
        #expect(yes.nextQuestion?.id == "q2")
    }

    @Test("answering a finished session changes nothing")
    func answerAfterDone() {
        var s = session(catalogue(3), neutralQuestions(1))
        let first = s.answer(.yes)
        let second = s.answer(.no)
        #expect(first)
        #expect(!second)
        #expect(s.answers == [.yes])
        #expect(s.excludedTags.isEmpty)
    }

    @Test("simulate: answers run out → done false; extra answers are ignored → done true")
    func simulate() {
        let profile = GiftProfile(gender: .any, budget: 0...50_000_000)
        let out = GiftSession.simulate(
            gifts: catalogue(5), questions: neutralQuestions(5), profile: profile, answers: [.yes, .skip])
        #expect(
            out
                == GiftSimulation(
                    asked: ["n0", "n1"], answers: ["O", "skip"], candidates: ["g0", "g1", "g2", "g3", "g4"], done: false
                ))
        let extra = GiftSession.simulate(
            gifts: catalogue(5), questions: neutralQuestions(5), profile: profile,
            answers: [.yes, .no, .yes, .yes, .yes])
        #expect(extra.asked == ["n0", "n1", "n2"])
        #expect(extra.done)
        let exact = GiftSession.simulate(
            gifts: catalogue(5), questions: neutralQuestions(5), profile: profile, answers: [.yes, .yes, .yes])
        #expect(exact.done)
        let none = GiftSession.simulate(gifts: catalogue(5), questions: [], profile: profile, answers: [])
        #expect(none.done && none.asked.isEmpty)
    }

    @Test("simulate reports the questions asked, the answers taken, the candidates and whether it is done")
    func simulationResult() {
        let gifts = [
            gift("tumbler", price: 25_000, tags: ["practical"]), gift("candle", price: 18_000, tags: ["cozy"]),
            gift("watch", price: 300_000, tags: ["practical"], gender: .male),
            gift("scarf", price: 40_000, tags: ["cozy"], gender: .female)
        ]
        let questions = [
            question("q-cozy", tag: "cozy"), question("q-tech", tag: "tech"), question("q-prac", tag: "practical")
        ]
        let out = GiftSession.simulate(
            gifts: gifts, questions: questions, profile: GiftProfile(gender: .female, budget: 10_000...50_000),
            answers: [.no, .skip])
        #expect(
            out
                == GiftSimulation(
                    asked: ["q-cozy", "q-tech"], answers: ["X", "skip"], candidates: ["tumbler"], done: false))
        let empty = GiftSession.simulate(
            gifts: gifts, questions: questions, profile: GiftProfile(gender: .male, budget: 0...0),
            answers: [.yes, .yes, .yes, .yes])
        #expect(
            empty
                == GiftSimulation(
                    asked: ["q-cozy", "q-tech", "q-prac"], answers: ["O", "O", "O"], candidates: [], done: true))
    }

    @Test("candidate ids are sorted in the simulation")
    func sortedCandidates() {
        let gifts = [gift("b"), gift("Z"), gift("a-1"), gift("a"), gift("10"), gift("9")]
        let out = GiftSession.simulate(
            gifts: gifts, questions: [], profile: GiftProfile(gender: .any, budget: 0...50_000_000), answers: [])
        #expect(out.candidates == ["10", "9", "Z", "a", "a-1", "b"])
    }
}
