import Mustache

/// A saying as templates show it; `url` and `cardURL` are relative to the page showing it.
public struct SayingView: Sendable, Encodable, MustacheFields {
    public var id: String
    public var kor: String
    public var eng: String
    public var who: String
    public var date: String
    public var datetime: String
    public var isNew: Bool
    public var url: String
    public var cardURL: String?
    public var cardPNGURL: String?
    public var bodyHTML: String
    public var tags: [String]
    /// Shown only in a build with drafts, marked as one.
    public var isDraft = false
    /// The empty shape inside a `<template>` that scripts fill: every text element is present, even empty.
    var isClientTemplate = false

    /// What "copy as text" and the Web Share API share, before the page's address.
    var shareText: String {
        var text = kor
        if !eng.isEmpty { text += text.isEmpty ? eng : "\n" + eng }
        if !who.isEmpty { text += (text.isEmpty ? "— " : "\n— ") + who }
        return text
    }

    public func mustacheField(_ name: String) -> Any? {
        switch name {
        case "id": id
        case "kor": kor.isEmpty && !isClientTemplate ? nil : kor
        case "eng": eng.isEmpty && !isClientTemplate ? nil : eng
        case "who": who.isEmpty && !isClientTemplate ? nil : who
        case "date": date
        case "datetime": datetime
        case "isNew": isNew
        case "url": url
        case "cardURL": cardURL
        case "cardPNGURL": cardPNGURL
        case "bodyHTML": bodyHTML.isEmpty ? nil : bodyHTML
        case "tags": tags.isEmpty ? nil : tags
        case "hasTags": !tags.isEmpty
        case "shareText": shareText
        case "isDraft": isDraft
        default: nil
        }
    }
}

struct HomeBody: MustacheFields {
    let today: SayingView?
    let sayings: [SayingView]

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "today": today.map(MustacheObject.init)
        case "sayings": sayings
        case "hasSayings": !sayings.isEmpty
        case "count": NumberText.grouped(sayings.count)
        default: nil
        }
    }
}

struct SayingBody: MustacheFields {
    let saying: SayingView
    let previous: SayingView?
    let next: SayingView?

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "saying": MustacheObject(saying)
        case "previous": previous.map(MustacheObject.init)
        case "next": next.map(MustacheObject.init)
        default: nil
        }
    }
}

struct EmptyBody: MustacheFields {
    func mustacheField(_ name: String) -> Any? { nil }
}

/// Pages whose list the browser filters or fills from `search.json` and `localStorage`:
/// favorites, unused and search. `itemTemplate` is the empty saying the script clones per result.
struct ClientListBody: MustacheFields {
    /// The server-rendered list (all sayings on "unused"; empty where the list is built in the browser).
    let sayings: [SayingView]
    let itemTemplate: SayingView

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "sayings": sayings
        case "hasSayings": !sayings.isEmpty
        case "count": NumberText.grouped(sayings.count)
        case "itemTemplate": MustacheObject(itemTemplate)
        default: nil
        }
    }
}

/// One option of a settings `<select>`.
struct Choice: MustacheFields {
    let value: String
    let label: String
    let selected: Bool

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}

struct SettingsBody: MustacheFields {
    let themes: [Choice]
    let fonts: [Choice]
    let sizes: [Choice]
    let noticesURL: String
    /// The "how to use" page, when the site has one.
    let howToUseURL: String?

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "themes": themes
        case "fonts": fonts
        case "sizes": sizes
        case "noticesURL": noticesURL
        case "howToUseURL": howToUseURL
        default: nil
        }
    }
}

/// A notice or a free page; `url` is relative to the page showing it.
struct ArticleView: MustacheFields {
    let title: String
    let url: String
    /// Notices have a date; free pages do not.
    let date: String?
    let datetime: String?
    let bodyHTML: String
    let isDraft: Bool

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "title": title
        case "url": url
        case "date": date
        case "datetime": datetime
        case "bodyHTML": bodyHTML.isEmpty ? nil : bodyHTML
        case "isDraft": isDraft
        default: nil
        }
    }
}

struct NoticeListBody: MustacheFields {
    let notices: [ArticleView]

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "notices": notices
        case "hasNotices": !notices.isEmpty
        default: nil
        }
    }
}

struct ArticleBody: MustacheFields {
    let article: ArticleView
    /// Where "back" leads: the notices list from a notice, nothing from a free page.
    let backURL: String?

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "article": article
        case "backURL": backURL
        default: nil
        }
    }
}

struct NotFoundBody: MustacheFields {
    /// The newest few sayings, so a lost reader has somewhere to go.
    let recent: [SayingView]

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "recent": recent
        case "hasRecent": !recent.isEmpty
        default: nil
        }
    }
}

// MARK: - Hashing the views of many pages fast (see `StableHashFields`)

extension SayingView: StableHashFields {
    func feed(_ fields: inout StableHash.Fields) {
        fields.add("id", id)
        fields.add("kor", kor)
        fields.add("eng", eng)
        fields.add("who", who)
        fields.add("date", date)
        fields.add("datetime", datetime)
        fields.add("isNew", isNew)
        fields.add("url", url)
        fields.add("cardURL", cardURL)
        fields.add("cardPNGURL", cardPNGURL)
        fields.add("bodyHTML", bodyHTML)
        fields.add("tags", tags)
        fields.add("isDraft", isDraft)
        fields.add("isClientTemplate", isClientTemplate)
    }
}
