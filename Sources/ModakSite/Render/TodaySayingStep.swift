import ModakCore
import ModakOutput
import UTF8Bytes

/// `data/today.json`: the saying of the day (`RenderContext.sayingOfTheDay`, the home page's
/// `#today`) as data, which the service worker fetches for the reader's daily notification
/// (docs/reference/output.md, "Notifications"). One object, keys in this order:
/// `{"id", "kor", "eng", "who" (the name pages show), "url" (its page, from the site's root),
/// "date" (the build's day, YYYY-MM-DD in the site's zone)}`. No saying published: no file.
struct TodaySayingStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        guard let saying = context.sayingOfTheDay else { return [] }
        var json = CompactJSON(capacity: 512)
        let fields = [
            ("id", saying.id), ("kor", saying.kor), ("eng", saying.eng),
            ("who", context.content.authorName(saying.who)),
            ("url", SitePaths.saying(saying.id)), ("date", context.today.day.description)
        ]
        for (number, (key, value)) in fields.enumerated() {
            json.raw(number == 0 ? "{" : ",")
            json.string(key)
            json.raw(":")
            json.string(value)
        }
        json.raw("}")
        return [OutputFile(path: SitePaths.todaySaying, bytes: json.bytes)]
    }
}
