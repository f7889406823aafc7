import ModakCore

/// What every view of a published saying shows, whatever page shows it: made once per build and
/// shared by those views (`RenderContext.sayings`), so that its key is hashed once, not on each of
/// the up to five pages showing the saying (its own, its neighbours', the home and unused lists).
/// A class, so that a template's lookup reads its fields in place: a struct read out of the
/// `Shared` holding it was copied, all its strings retained and released, at every lookup.
final class SayingFacts: ViewFields, Sendable {
    let id: String
    let kor: String
    let eng: String
    let who: String
    let date: String
    let datetime: String
    let isNew: Bool
    let tags: [String]
    /// Shown only in a build with drafts, marked as one.
    let isDraft: Bool
    /// The empty shape inside a `<template>` that scripts fill: every text element is present, even empty.
    let isClientTemplate: Bool
    /// The saying's page and cards from the site's root, which views show from their page
    /// (`SayingView`); no card without cards, no PNG where none can be drawn.
    let path: String
    let cardPath: String?
    let cardPNGPath: String?
    /// The pages of its author and of each of its tags (aligned with `tags`), from the site's root.
    let authorPath: String
    let tagPaths: [String]

    /// Inlined into `SayingView`'s: templates look up a saying's fields more than any others'.
    @inline(__always)
    func listFields(to list: inout some FieldList) {
        list.field("id", id)
        list.field("kor", kor.isEmpty && !isClientTemplate ? nil : kor)
        list.field("eng", eng.isEmpty && !isClientTemplate ? nil : eng)
        list.field("who", who)
        list.field("date", date)
        list.field("datetime", datetime)
        list.field("isNew", isNew)
        list.field("tags", tags.isEmpty ? nil : tags)
        list.field("hasTags", !tags.isEmpty)
        list.field("shareText", ShareText(kor: kor, eng: eng, who: who, isClientTemplate: isClientTemplate))
        list.field("isDraft", isDraft)
    }

    /// `saying` shown with its date and "new" mark as worked out for this build, and the slugs of
    /// its author's and its tags' pages.
    init(_ saying: Saying, date: String, datetime: String, isNew: Bool, cardImages: CardImages, authorSlug: String, tagSlugs: [String]) {
        id = saying.id
        kor = saying.kor
        eng = saying.eng
        who = saying.who
        self.date = date
        self.datetime = datetime
        self.isNew = isNew
        tags = saying.tags
        isDraft = saying.isDraft
        isClientTemplate = false
        path = SitePaths.saying(saying.id)
        cardPath = cardImages == .none ? nil : SitePaths.card(saying.id)
        cardPNGPath = cardImages == .svgAndPNG ? SitePaths.cardPNG(saying.id) : nil
        authorPath = SitePaths.author(authorSlug)
        tagPaths = tagSlugs.map(SitePaths.tag)
    }

    /// The empty saying that scripts clone to show sayings from the data files: every text there,
    /// empty, for the script to fill, and no links (the script makes them).
    init(clientTemplateOn datetime: String) {
        (id, kor, eng, who, date) = ("", "", "", "", "")
        self.datetime = datetime
        (isNew, tags, isDraft, isClientTemplate) = (false, [], false, true)
        (path, cardPath, cardPNGPath, authorPath, tagPaths) = ("", nil, nil, "", [])
    }
}

/// What "copy as text" and the Web Share API share, before the page's address: the texts there
/// are, then the author, a line each (nothing for the client template, which has none). Joined
/// only when a page shows it; keyed as its parts, which cost less to hash than to join.
struct ShareText: ViewValue {
    let kor: String
    let eng: String
    let who: String
    let isClientTemplate: Bool

    var templateValue: Any? {
        guard !isClientTemplate else { return "" }
        var text = kor
        if !eng.isEmpty {
            if !text.isEmpty { text.append("\n") }
            text.append(eng)
        }
        // The loader refuses a saying without `who`.
        text.append(text.isEmpty ? "— " : "\n— ")
        text.append(who)
        return text
    }

    func addKey(to key: inout StableHash) {
        key.add(kor)
        key.add(eng)
        key.add(who)
        key.add(isClientTemplate ? 1 : 0)
    }
}

/// A saying as one page shows it: its facts, with links that start at the page's root and, on
/// its own page and in feeds, its commentary.
struct SayingView: ViewFields {
    let facts: Shared<SayingFacts>
    /// The page's root (`../../`), or where `404.html` finds the site from any depth (`/`).
    let root: String
    let body: MarkdownHTML?

    func listFields(to list: inout some FieldList) {
        list.fields(of: facts)
        list.field("url", RelativeURL(root, facts.value.path))
        list.field("cardURL", facts.value.cardPath.map { RelativeURL(root, $0) })
        list.field("cardPNGURL", facts.value.cardPNGPath.map { RelativeURL(root, $0) })
        list.field("bodyHTML", body)
        list.field("authorURL", RelativeURL(root, facts.value.authorPath))
        list.field("tagLinks", TagLinks(facts: facts.value, root: root))
    }
}

/// A saying's tags as links to their pages, from the page at `root`. Keyed as the root and the
/// pages' paths: the names are keyed with the facts.
struct TagLinks: ViewValue {
    let facts: SayingFacts
    let root: String

    var templateValue: Any? {
        zip(facts.tags, facts.tagPaths).map { TagLinkView(name: $0, url: RelativeURL(root, $1)) }
    }

    func addKey(to key: inout StableHash) {
        key.add(root)
        key.add(UInt64(facts.tagPaths.count))
        for path in facts.tagPaths { key.add(path) }
    }
}

/// The home page: the saying of the day, then the front of the list of every saying.
struct HomeBody: ViewFields {
    let today: SayingView?
    /// The newest sayings, the last page of the archive (see `SayingList`).
    let sayings: [SayingView]
    let count: Int
    let pager: PagerView
    /// For "another saying", which picks from the data files.
    let sayingData: SayingDataView

    func listFields(to list: inout some FieldList) {
        list.field("today", today)
        list.field("sayings", sayings)
        list.field("hasSayings", !sayings.isEmpty)
        list.field("count", NumberText.grouped(count))
        list.field("pager", pager)
        list.field("sayingData", sayingData)
    }
}

struct SayingBody: ViewFields {
    let saying: SayingView
    let previous: SayingView?
    let next: SayingView?

    func listFields(to list: inout some FieldList) {
        list.field("saying", saying)
        list.field("previous", previous)
        list.field("next", next)
    }
}

struct EmptyBody: ViewFields {
    func listFields(to list: inout some FieldList) {}
}

/// Pages whose list the browser fills from the data files and `localStorage`: favorites, unused
/// and search. `itemTemplate` is the empty saying the script clones for each saying it shows.
struct ClientListBody: ViewFields {
    /// How many sayings are published.
    let count: Int
    let itemTemplate: SayingView
    let sayingData: SayingDataView

    func listFields(to list: inout some FieldList) {
        list.field("hasSayings", count > 0)
        list.field("count", NumberText.grouped(count))
        list.field("itemTemplate", itemTemplate)
        list.field("sayingData", sayingData)
    }
}

/// One option of a settings `<select>`.
struct Choice: ViewFields {
    let value: String
    let label: String
    let selected: Bool

    func listFields(to list: inout some FieldList) {
        list.field("value", value)
        list.field("label", label)
        list.field("selected", selected)
    }
}

struct SettingsBody: ViewFields {
    let themes: [Choice]
    let fonts: [Choice]
    let sizes: [Choice]
    let noticesURL: String
    /// The "how to use" page, when the site has one.
    let howToUseURL: String?

    func listFields(to list: inout some FieldList) {
        list.field("themes", themes)
        list.field("fonts", fonts)
        list.field("sizes", sizes)
        list.field("noticesURL", noticesURL)
        list.field("howToUseURL", howToUseURL)
    }
}

/// A notice or a free page; `url` is relative to the page showing it.
struct ArticleView: ViewFields {
    let title: String
    let url: String
    /// Notices have a date; free pages do not.
    let date: String?
    let datetime: String?
    let bodyHTML: String
    let isDraft: Bool

    func listFields(to list: inout some FieldList) {
        list.field("title", title)
        list.field("url", url)
        list.field("date", date)
        list.field("datetime", datetime)
        list.field("bodyHTML", bodyHTML.isEmpty ? nil : bodyHTML)
        list.field("isDraft", isDraft)
    }
}

struct NoticeListBody: ViewFields {
    let notices: [ArticleView]

    func listFields(to list: inout some FieldList) {
        list.field("notices", notices)
        list.field("hasNotices", !notices.isEmpty)
    }
}

struct ArticleBody: ViewFields {
    let article: ArticleView
    /// Where "back" leads: the notices list from a notice, nothing from a free page.
    let backURL: String?

    func listFields(to list: inout some FieldList) {
        list.field("article", article)
        list.field("backURL", backURL)
    }
}

struct NotFoundBody: ViewFields {
    /// The newest few sayings, so a lost reader has somewhere to go.
    let recent: [SayingView]

    func listFields(to list: inout some FieldList) {
        list.field("recent", recent)
        list.field("hasRecent", !recent.isEmpty)
    }
}
