import ModakCore
import StableHashing

extension SayingFacts {
    /// `saying` shown with its author's name (`ContentSet.authorName`), its date and "new" mark as
    /// worked out for this build, and the slugs of its author's and its tags' pages.
    convenience init(
        _ saying: Saying, who: String, date: String, datetime: String, isNew: Bool, cardImages: CardImages,
        authorSlug: String, tagSlugs: [String]
    ) {
        self.init(
            id: saying.id, kor: saying.kor, eng: saying.eng, who: who, date: date, datetime: datetime, isNew: isNew,
            tags: saying.tags, isDraft: saying.isDraft, isClientTemplate: false, path: SitePaths.saying(saying.id),
            cardPath: cardImages == .none ? nil : SitePaths.card(saying.id),
            cardPNGPath: cardImages == .svgAndPNG ? SitePaths.cardPNG(saying.id) : nil,
            authorPath: SitePaths.author(authorSlug), tagPaths: tagSlugs.map(SitePaths.tag))
    }

    /// The empty saying that scripts clone to show sayings from the data files: every text there,
    /// empty, for the script to fill, and no links (the script makes them).
    convenience init(clientTemplateOn datetime: String) {
        self.init(
            id: "", kor: "", eng: "", who: "", date: "", datetime: datetime, isNew: false, tags: [], isDraft: false,
            isClientTemplate: true, path: "", cardPath: nil, cardPNGPath: nil, authorPath: "", tagPaths: [])
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
