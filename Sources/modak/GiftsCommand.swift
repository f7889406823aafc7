import ModakCore
import ModakSite

/// `modak gifts simulate …`: the recommender's rules without a browser, for catalogue authors.
func runGifts(_ arguments: ArraySlice<String>) -> ExitCode {
    guard arguments.first == "simulate" else {
        printError("modak: unknown gifts command \(arguments.first ?? "(none)")\n\(GiftSimulateArguments.usage)")
        return .usage
    }
    let options: GiftSimulateArguments
    do {
        options = try GiftSimulateArguments.parse(Array(arguments.dropFirst()))
    } catch {
        printError("modak: \(error.message)\n\(GiftSimulateArguments.usage)")
        return .usage
    }
    guard let content = loadContent(options.contentDirectory ?? "content") else { return .failure }
    let result = GiftSession.simulate(gifts: content.gifts, questions: content.questions, profile: options.profile, answers: options.answers)
    print(result.json())
    return .success
}
