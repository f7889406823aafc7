import ModakCommandLine
import ModakCore
import ModakSite

/// `modak gifts simulate …`: the recommender's rules without a browser, for catalogue authors.
func runGifts(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let options = try GiftSimulateArguments(arguments)
    guard let content = loadContent(options.contentDirectory) else { return .failure }
    let result = GiftSession.simulate(
        gifts: content.gifts, questions: content.questions, profile: options.profile, answers: options.answers)
    print(result.json)
    return .success
}
