import Foundation
import ModakCore
@testable import ModakSite
import Testing

/// `data/today.json`: the saying of the day as data, which the service worker's daily notification
/// fetches (docs/reference/output.md, "Notifications").
@Suite struct TodaySayingTests {
    static func saying(_ id: String, kor: String, eng: String, who: String, time: String) -> String {
        "---\nid: \(id)\nkor: \(kor)\neng: \(eng)\nwho: \(who)\ntime: \(time)\n---\n"
    }

    static let sayings = [
        "content/sayings/lamp.md":
            saying("lamp", kor: #""등불 \"하나\"""#, eng: "A lamp", who: "Seneca", time: "2026-11-20 09:00"),
        "content/sayings/tea.md":
            saying("tea", kor: "차", eng: #""Tea, </script> and \\ more""#, who: "Modak", time: "2026-11-21 09:00"),
        "content/sayings/later.md": saying("later", kor: "나중", eng: "Later", who: "Modak", time: "2026-12-25 09:00"),
        "content/authors.json": #"{"Seneca": {"ko": "세네카", "en": "Seneca the Younger"}}"#
    ]

    /// The file as each of the two published sayings would make it on `date`.
    static func expected(_ id: String, on date: String) -> String {
        let url = #","url":"sayings/\#(id)/","date":"\#(date)"}"#
        return id == "lamp"
            ? #"{"id":"lamp","kor":"등불 \"하나\"","eng":"A lamp","who":"Seneca the Younger""# + url
            : #"{"id":"tea","kor":"차","eng":"Tea, </script> and \\ more","who":"Modak""# + url
    }

    /// The id of the home page's `#today`.
    static func homeToday(_ site: WrittenSite) throws -> String? {
        let today = /<article id="today" class="[^"]*" data-saying-id="([^"]+)"/
        return try site.page("index.html").firstMatch(of: today).map { String($0.output.1) }
    }

    @Test func itIsTheHomePagesSayingOfTheDayWithTheNameShownAndTheBuildsDay() throws {
        var featured: Set<String> = []
        for date in ["2026-11-21", "2026-11-22", "2026-11-23", "2026-12-01"] {
            let site = try WrittenSite(Self.sayings, date: date)
            #expect(site.result.succeeded, "\(site.result.diagnostics)")
            let id = try #require(try Self.homeToday(site))
            featured.insert(id)
            // Escaped as JSON, keys in a fixed order; a scheduled saying is in no file.
            let json = try site.page("data/today.json")
            #expect(json == Self.expected(id, on: date), "\(date)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
            #expect(object["id"] == id && object["date"] == date && object["url"] == "sayings/\(id)/")
        }
        #expect(featured == ["lamp", "tea"], "both days' sayings were seen")
    }

    @Test func theSameSiteAndDayGiveTheSameBytes() throws {
        let first = try WrittenSite(Self.sayings, date: "2026-11-30")
        let second = try WrittenSite(Self.sayings, date: "2026-11-30")
        let json = try first.page("data/today.json")
        #expect(try second.page("data/today.json") == json)
        #expect(json == Self.expected(try #require(try Self.homeToday(first)), on: "2026-11-30"))
    }

    @Test func withoutAPublishedSayingThereIsNoFile() throws {
        let later = try #require(Self.sayings["content/sayings/later.md"])
        let site = try WrittenSite(["content/sayings/later.md": later], date: "2026-11-30")
        #expect(site.result.succeeded)
        #expect(site.folder.read("public/data/today.json") == nil)
        // The worker still names it: it fetches it and says nothing when it is missing.
        #expect(try site.page("sw.js").contains(#"new URL("data/today.json", SCOPE)"#))
    }
}
