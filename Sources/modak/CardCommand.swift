import Foundation
import ModakCore
import ModakSite

/// `modak card ID [--content DIR] [--date YYYY-MM-DD] [-o FILE]`: one saying's card as SVG, on
/// standard output or in FILE. `today` names the saying of the day.
func runCard(_ arguments: ArraySlice<String>) throws(UsageError) -> ExitCode {
    let parsed = try Arguments(arguments, valued: ["--content", "--date", "-o", "--output"])
    guard parsed.positional.count == 1, let id = parsed.positional.first else {
        throw UsageError(message: "modak card needs exactly one saying id (or `today`)")
    }
    guard let content = loadContent(parsed["--content"] ?? "content") else { return .failure }
    let saying: Saying?
    if id == "today" {
        let day = try parsed["--date"].map { (text: String) throws(UsageError) -> CivilDay in
            guard let day = CivilDay(iso: text) else { throw UsageError(message: "--date must be a day like 2026-11-28, not \(text)") }
            return day
        }
        let today = day.map { BuildDay(day: $0, timeZone: content.site.timeZone) } ?? BuildDay(instant: Date(), timeZone: content.site.timeZone)
        let rules = TimeRules(today: today, newDays: content.site.newDays)
        saying = rules.sayingOfTheDay(rules.published(content.sayings))
    } else {
        saying = content.sayings.first { $0.id == id }
    }
    guard let saying else {
        printError("modak: no saying with the id `\(id)` in \(parsed["--content"] ?? "content")")
        return .failure
    }
    let svg = SayingCard(site: content.site).svg(for: saying)
    guard let file = parsed["-o"] ?? parsed["--output"] else {
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
