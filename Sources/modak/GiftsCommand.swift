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

/// Reads and validates a content folder, printing every diagnostic; nil when it has errors.
func loadContent(_ directory: String) -> ContentSet? {
    let files: [SourceFile]
    do {
        files = try DirectoryReader.contentFiles(in: directory)
    } catch {
        printError("modak: \(error)")
        return nil
    }
    let (content, log) = ContentLoader.load(files)
    for diagnostic in log.sorted { printError(diagnostic.description) }
    return content
}
