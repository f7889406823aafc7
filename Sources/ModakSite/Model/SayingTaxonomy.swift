import ModakCore

/// The ways the published sayings are grouped into lists of their own: by tag, by author and by
/// month, each group with the positions of its sayings in `RenderContext.published` (newest first).
struct SayingTaxonomy: Sendable {
    /// A tag or an author: its text as written, the folder name of its pages, its sayings.
    struct Term: Sendable {
        let name: String
        let slug: String
        let sayings: [Int]
    }

    /// A calendar month of the site's time zone with its sayings.
    struct Month: Sendable {
        let year: Int
        let month: Int
        let sayings: [Int]
    }

    /// By code-point order of their names (never the build machine's locale).
    let tags: [Term]
    let authors: [Term]
    /// Newest first.
    let months: [Month]
    /// For each published saying, the index of its author in `authors` and of its tags in `tags`.
    let authorOf: [Int]
    let tagsOf: [[Int]]

    /// `published` newest first, and the calendar day of each.
    init(published: [Saying], days: [CivilDay]) {
        var tagSayings: [String: [Int]] = [:]
        var authorSayings: [String: [Int]] = [:]
        var monthStarts: [Int] = []
        for (index, saying) in published.enumerated() {
            authorSayings[saying.who, default: []].append(index)
            for tag in Set(saying.tags) { tagSayings[tag, default: []].append(index) }
            if index == 0 || (days[index].year, days[index].month) != (days[index - 1].year, days[index - 1].month) {
                monthStarts.append(index)
            }
        }
        months = monthStarts.indices.map { number in
            let start = monthStarts[number]
            let end = number + 1 < monthStarts.count ? monthStarts[number + 1] : published.count
            return Month(year: days[start].year, month: days[start].month, sayings: Array(start..<end))
        }
        tags = Self.terms(tagSayings)
        authors = Self.terms(authorSayings)
        let authorIndex = Dictionary(uniqueKeysWithValues: authors.enumerated().map { ($0.element.name, $0.offset) })
        let tagIndex = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($0.element.name, $0.offset) })
        authorOf = published.map { authorIndex[$0.who]! }
        tagsOf = published.map { saying in saying.tags.map { tagIndex[$0]! } }
    }

    /// Terms by name, slugged in the order of their oldest saying (the last position in a list
    /// of positions that are newest first): see `NameSlugs`.
    private static func terms(_ sayings: [String: [Int]]) -> [Term] {
        let byAge = sayings.keys.sorted { sayings[$0]!.last! > sayings[$1]!.last! }
        let slugs = Dictionary(uniqueKeysWithValues: zip(byAge, NameSlugs.assign(byAge)))
        return sayings.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            .map { Term(name: $0, slug: slugs[$0]!, sayings: sayings[$0]!) }
    }
}

/// Folder names for tags and authors, which are free text (`김구 (Kim Gu)`, `René Descartes`).
///
/// A name's slug is its words as `Slug.make` writes them, at most 48 characters: Hangul in the
/// Revised Romanization, Latin letters without accents, lowercase ASCII letters and digits joined
/// by `-` (`gimgu-kim-gu`, `rene-descartes`); a name without such a word (`孔子`, an emoji) gets 8
/// hex digits of its FNV-1a hash instead. Two names with the same slug (`Kim Gu`, `kim gu`) are
/// told apart in the order of their oldest published saying: the older keeps the slug, the newer
/// gets `-` and 8 hex digits of its own hash after it (then `-2`, `-3`… in the unlikely case that
/// is taken too). A slug depends only on the names before it in that order, so a saying added
/// after the others never renames another name's pages; only a saying dated before a name's
/// oldest one, by a new name with the same slug, can. Slugs match `[a-z0-9-]{1,64}`.
enum NameSlugs {
    static let maxLength = 48

    /// The slugs of `names`, oldest first, in that order: unique, and each a function of the names before it.
    static func assign(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            let hash = hexHash(name)
            let base = Slug.make(name, maxLength: maxLength) ?? hash
            var slug = base
            var attempt = 1
            while taken.contains(slug) {
                attempt += 1
                slug = attempt == 2 ? "\(base)-\(hash)" : "\(base)-\(hash)-\(attempt - 1)"
            }
            taken.insert(slug)
            return slug
        }
    }

    private static func hexHash(_ name: String) -> String {
        var hash = FNV1a()
        hash.add(name)
        return String(HexText.word(hash.value).prefix(8))
    }
}
