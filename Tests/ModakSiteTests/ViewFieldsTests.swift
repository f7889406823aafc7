import Foundation
import ModakCore
@testable import ModakSite
import Mustache
import Testing

/// A view lists its fields once (`ViewFields`): templates look names up in that list and page keys
/// hash it, so what a template sees and what a key covers cannot drift apart.
@Suite struct ViewFieldsTests {
    private static func saying(
        kor: String = "모닥불", eng: String = "Bonfire", who: String = "Kim", tags: [String] = ["a"],
        body: String = "Said *once*.", isDraft: Bool = false
    ) -> Saying {
        Saying(
            id: "one", kor: kor, eng: eng, who: who, time: Date(timeIntervalSince1970: 1_700_000_000), tags: tags,
            body: body,
            source: SourceLocation(path: "sayings/one.md", line: 1), isDraft: isDraft)
    }

    private static func view(
        _ saying: Saying = saying(), date: String = "2023년 11월 15일", isNew: Bool = false, cards: CardImages = .svg,
        root: String = "../../", withBody: Bool = true, rawHTML: Bool = false, authorSlug: String = "kim",
        tagSlugs: [String]? = nil
    ) -> SayingView {
        let facts = SayingFacts(
            saying, who: saying.who, date: date, datetime: "2023-11-15T07:13:20+09:00", isNew: isNew, cardImages: cards,
            authorSlug: authorSlug, tagSlugs: tagSlugs ?? saying.tags)
        let body =
            withBody
            ? MarkdownHTML(
                saying.body, at: SitePaths.saying(saying.id), renderer: MarkdownRenderer(allowRawHTML: rawHTML)) : nil
        return SayingView(facts: Shared(facts), root: root, body: body)
    }

    private static func meta(image: String? = nil, imageType: String? = nil, section: String = "home") -> PageMeta {
        PageMeta(
            title: "T", description: "D", path: "p/", canonical: "https://x/p/", image: image, imageType: imageType,
            section: section, root: "../")
    }

    @Test func aSayingShowsItsFactsItsLinksAndItsBody() throws {
        let view = Self.view()
        #expect(view.mustacheField("id") as? String == "one")
        #expect(view.mustacheField("kor") as? String == "모닥불")
        #expect(view.mustacheField("url") as? String == "../../sayings/one/")
        #expect(view.mustacheField("cardURL") as? String == "../../cards/one.svg")
        #expect(view.mustacheField("cardPNGURL") == nil)
        #expect(view.mustacheField("shareText") as? String == "모닥불\nBonfire\n— Kim")
        #expect(try #require(view.mustacheField("bodyHTML") as? String).contains("<em>once</em>"))
        #expect(view.mustacheField("hasTags") as? Bool == true)
        #expect(view.mustacheField("authorURL") as? String == "../../authors/kim/")
        let tags = try #require(view.mustacheField("tagLinks") as? [TagLinkView])
        #expect(tags.map { $0.mustacheField("url") as? String } == ["../../tags/a/"])
        #expect(view.mustacheField("nothing") == nil, "a name the view lacks is looked up further down the stack")
        #expect(Self.view(withBody: false).mustacheField("bodyHTML") == nil)
        #expect(Self.view(Self.saying(eng: "")).mustacheField("eng") == nil, "an empty text is no section")
    }

    /// What "copy as text" shares: the texts there are, then the author (every saying has one).
    @Test func theSharedTextHasEachPartOnALine() {
        func share(_ kor: String, _ eng: String) -> String? {
            ShareText(kor: kor, eng: eng, who: "Kim", isClientTemplate: false).templateValue as? String
        }
        #expect(share("말", "Word") == "말\nWord\n— Kim")
        #expect(share("말", "") == "말\n— Kim")
        #expect(share("", "Word") == "Word\n— Kim")
        #expect(ShareText(kor: "", eng: "", who: "", isClientTemplate: true).templateValue as? String == "")
    }

    /// Each change to what a saying's view shows changes its key; equal views have equal keys,
    /// whichever objects hold their parts.
    @Test func aSayingsKeyFollowsEverythingItShows() {
        let variants = [
            Self.view(), Self.view(Self.saying(kor: "장작")), Self.view(Self.saying(eng: "Logs")),
            Self.view(Self.saying(who: "Lee")),
            Self.view(Self.saying(tags: [])), Self.view(Self.saying(tags: ["a", "b"])),
            Self.view(Self.saying(tags: ["ab"])),
            Self.view(Self.saying(body: "Said twice.")), Self.view(Self.saying(isDraft: true)), Self.view(date: "어제"),
            Self.view(isNew: true), Self.view(cards: .none), Self.view(cards: .svgAndPNG), Self.view(root: "./"),
            Self.view(withBody: false), Self.view(rawHTML: true), Self.view(authorSlug: "kim-2"),
            Self.view(tagSlugs: ["a-2"]),
            // The texts traded between fields: the same strings, shown differently.
            Self.view(Self.saying(kor: "Bonfire", eng: "모닥불"))
        ]
        #expect(Set(variants.map(\.key)).count == variants.count)
        #expect(Self.view().key == Self.view().key)
    }

    @Test func whichOptionalHoldsTheValueMatters() {
        #expect(Self.meta(image: "x").key != Self.meta(imageType: "x").key)
        #expect(Self.meta(section: "home").key != Self.meta(section: "search").key)
        #expect(Self.meta().key == Self.meta().key)
    }

    /// A name listed twice would hide the second field from templates; a body field named like
    /// one of the page's would be hidden by it.
    @Test func noViewListsANameTwice() throws {
        let library = try MustacheLibrary(sources: [:])
        let site = SiteView(
            title: "S", description: "", baseURL: "https://x/", language: "ko", interfaceLanguage: "ko", theme: "light",
            authorName: nil, authorEmail: nil, version: "0", buildDate: "", buildDatetime: "",
            themeColors: [ThemeColor(color: "#fff", media: nil)], touchIconPath: nil, assetVersion: "0")
        let parts = PageParts(library: library, site: site, links: SiteLinks(menu: [], footer: []), strings: [:])
        let saying = Self.view()
        let list = SayingList(positions: Array(0..<50), base: "tags/a/")
        let pager = list.pager(onPage: 1, root: "../", label: PageLabel(pattern: "{number}/{count}"))
        let data = SayingDataView(
            facts: Shared(SayingDataFacts(sayings: [saying.facts], published: [Self.saying()])), root: "../")
        let bodies: [any ViewFields] = [
            HomeBody(today: saying, sayings: [saying], count: 1, pager: pager, sayingData: data),
            SayingBody(saying: saying, sharedCardURL: nil, previous: nil, next: saying),
            ClientListBody(count: 1, itemTemplate: saying, sayingData: data), NotFoundBody(recent: [saying]),
            EmptyBody(),
            SayingListBody(heading: "", count: 1, sayings: [saying], pager: pager, feedURL: nil),
            TermIndexBody(heading: "", intro: "", terms: [TermView(name: "", url: RelativeURL("", ""), count: 0)]),
            ArchiveIndexBody(
                years: [YearView(year: 2026, months: [TermView(name: "", url: RelativeURL("", ""), count: 1)])],
                count: 1),
            SettingsBody(themes: [], fonts: [], sizes: [], noticesURL: "", howToUseURL: nil),
            NoticeListBody(notices: []),
            ArticleBody(
                article: ArticleView(title: "", url: "", date: nil, datetime: nil, bodyHTML: "", isDraft: false),
                backURL: nil),
            GiftListBody(gifts: [], tags: [], heading: "", catalogueURL: "", quizURL: ""),
            GiftQuizBody(dataURL: "", catalogueURL: ""),
            SouvenirsBody(
                souvenirs: [], sealedCount: 0, nextDate: nil, nextDatetime: nil, feedURL: "", calendarURL: "",
                exampleDay: "")
        ]
        var views: [any ViewFields] = [
            saying, site, Self.meta(), SiteLink(title: "", url: "", isExternal: false),
            LinkView(title: "", url: "", isCurrent: false, isExternal: false),
            Choice(value: "", label: "", selected: false),
            GiftView(
                id: "", name: "", price: 0, priceText: "", imageURL: "", url: "", description: "", link: nil, tags: []),
            GiftTagView(name: "", slug: "", url: "", count: 0), pager, data,
            TagLinkView(name: "", url: RelativeURL("", "")),
            SouvenirView(id: "", title: "", date: "", datetime: "", messageHTML: "", isNew: false),
            ThemeColor(color: "", media: nil),
            ServiceWorkerView(
                version: "", shell: [], pages: [], offlinePage: "", storageScript: "",
                todaySaying: "", icon: "", texts: "")
        ]
        views += bodies.map { PageView(parts, meta: Boxed(Self.meta()), body: $0) }
        for view in views {
            var names = FieldNames()
            view.listFields(to: &names)
            #expect(Set(names.names).count == names.names.count, "\(type(of: view)): \(names.names)")
            // Every listed name is found.
            for name in Set(names.names) where view.mustacheField(name) == nil {
                #expect(names.optional.contains(name), "\(type(of: view)).\(name)")
            }
        }
    }
}

/// The names a view lists, its parts' included; `optional` those whose value is nil here.
private struct FieldNames: FieldList {
    var names: [String] = []
    var optional: Set<String> = []

    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value) {
        names.append(name)
        if value().templateValue == nil { optional.insert(name) }
    }

    mutating func fields<Part: ViewFields>(of part: Part) {
        part.listFields(to: &self)
    }

    mutating func fields<Part: ViewFields>(of part: Shared<Part>) {
        part.value.listFields(to: &self)
    }
}
