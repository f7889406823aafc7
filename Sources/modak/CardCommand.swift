import Foundation
import ModakCommandLine
import ModakCore
import ModakSite

/// `modak card ID [--content DIR] [--date YYYY-MM-DD] [-o FILE]`: one saying's card as SVG, on
/// standard output or in FILE. `today` names the saying of the day.
func runCard(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
    let id = arguments.value(Arguments.sayingID)
    let contentDirectory = arguments.value(Options.content)
    let pinned = try pinnedDay(arguments)
    guard let content = loadContent(contentDirectory) else { return .failure }
    let saying: Saying?
    if id == "today" {
        let today =
            pinned.map { BuildDay(day: $0, timeZone: content.site.timeZone) }
            ?? BuildDay(instant: Date(), timeZone: content.site.timeZone)
        let rules = TimeRules(today: today, newDays: content.site.newDays)
        saying = rules.sayingOfTheDay(rules.published(content.sayings))
    } else {
        saying = content.sayings.first { $0.id == id }
    }
    guard let saying else {
        printError("modak: no saying with the id `\(id)` in \(contentDirectory)")
        return .failure
    }
    let svg = SayingCard(content: content).svg(for: saying)
    guard let file = arguments[Options.cardOutput] else {
        print(svg, terminator: "")
        return .success
    }
    do {
        try Data(svg.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    } catch {
        printError("modak: cannot write \(file): \(error.localizedDescription)")
        return .failure
    }
    return .success
}
