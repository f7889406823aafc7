import ModakCore
import ModakOutput
import UTF8Bytes

/// The gift catalogue (`gifts/`), one page per gift and per tag, the quiz (`gifts/quiz/`) and the
/// quiz's data file (`gifts/data-<hash>.json`). The illustrations themselves are content assets.
struct GiftPagesStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let price = PriceFormat(pattern: context.string("price"))
        let catalogue = try GiftCatalogue(gifts: context.content.gifts, price: price)
        let data = GiftQuizData.file(gifts: context.content.gifts, questions: context.content.questions, price: price)
        var files = [
            try list(
                path: SitePaths.gifts, heading: context.strings["giftsTitle"] ?? "Gifts", gifts: catalogue.gifts,
                tag: nil, catalogue, context),
            try quiz(dataPath: data.path, context),
            data
        ]
        for gift in catalogue.gifts {
            files.append(try page(of: gift, catalogue, context))
        }
        for tag in catalogue.tags {
            let heading = (context.strings["giftTagTitle"] ?? "Gifts: {tag}").replacingOccurrences(
                of: "{tag}", with: tag.name)
            let gifts = catalogue.gifts.filter { $0.tags.contains(tag.name) }
            files.append(
                try list(
                    path: SitePaths.giftTag(tag.slug), heading: heading, gifts: gifts, tag: tag, catalogue, context))
        }
        return files
    }

    /// The catalogue (`tag` nil) or one tag's page.
    private func list(
        path: String, heading: String, gifts: [Gift], tag: GiftCatalogue.Tag?, _ catalogue: GiftCatalogue,
        _ context: RenderContext
    ) throws -> OutputFile {
        let root = SitePaths.root(from: path)
        let body = GiftListBody(
            gifts: gifts.map { catalogue.view(of: $0, from: path) },
            tags: catalogue.tags.map { catalogue.view(of: $0, from: path, isCurrent: $0.slug == tag?.slug) },
            heading: heading, catalogueURL: root + SitePaths.gifts, quizURL: root + SitePaths.giftQuiz
        )
        let meta = context.meta(
            path: path, title: heading, description: tag == nil ? context.strings["giftsIntro"] : nil, section: "gifts")
        return try context.page(tag == nil ? "gifts" : "gift-tag", meta: meta, body: body)
    }

    private func page(of gift: Gift, _ catalogue: GiftCatalogue, _ context: RenderContext) throws -> OutputFile {
        let path = SitePaths.gift(gift.id)
        let root = SitePaths.root(from: path)
        // No sharing image: head-meta describes images as 1200×630 cards, which gift illustrations are not.
        let meta = context.meta(
            path: path, title: gift.name, description: gift.description.isEmpty ? nil : gift.description,
            section: "gifts")
        let body = GiftBody(
            gift: catalogue.view(of: gift, from: path), catalogueURL: root + SitePaths.gifts,
            quizURL: root + SitePaths.giftQuiz)
        return try context.page("gift", meta: meta, body: body)
    }

    /// Every public gift page, for the sitemap: the catalogue, the quiz, each gift and each tag.
    static func pagePaths(_ gifts: [Gift]) -> [String] {
        [SitePaths.gifts, SitePaths.giftQuiz] + gifts.map { SitePaths.gift($0.id) }
            + GiftCatalogue.tagNames(gifts).map { SitePaths.giftTag(TagSlug.slug($0)) }
    }

    private func quiz(dataPath: String, _ context: RenderContext) throws -> OutputFile {
        let path = SitePaths.giftQuiz
        let root = SitePaths.root(from: path)
        let meta = context.meta(
            path: path, title: context.strings["quizTitle"] ?? "Gift finder", description: context.strings["quizIntro"],
            section: "gifts")
        return try context.page(
            "quiz", meta: meta, body: GiftQuizBody(dataURL: root + dataPath, catalogueURL: root + SitePaths.gifts))
    }
}

/// A problem only visible once gifts become pages, reported at the gift's line.
/// The gifts with their tags and tag slugs, checked so that every page gets a path of its own.
struct GiftCatalogue {
    struct Tag {
        let name: String
        let slug: String
        let count: Int
    }

    let gifts: [Gift]
    /// Every tag a gift carries, by code point order of its text.
    let tags: [Tag]
    let price: PriceFormat
    private let slugs: [String: String]

    init(gifts: [Gift], price: PriceFormat) throws {
        var counts: [String: Int] = [:]
        var firstUse: [String: SourceLocation] = [:]
        for gift in gifts {
            if SitePaths.reservedGiftIDs.contains(gift.id) {
                throw ContentProblem(
                    gift.source,
                    "the gift id `\(gift.id)` is taken by the site's own gifts/\(gift.id)/ pages: choose another id")
            }
            for tag in Set(gift.tags) {
                counts[tag, default: 0] += 1
                if firstUse[tag] == nil { firstUse[tag] = gift.source }
            }
        }
        var slugs: [String: String] = [:]
        var tagsBySlug: [String: String] = [:]
        let names = Self.tagNames(gifts)
        for name in names {
            let slug = TagSlug.slug(name)
            if let other = tagsBySlug[slug] {
                throw ContentProblem(
                    firstUse[name]!,
                    "the tags `\(other)` and `\(name)` would share the page gifts/tags/\(slug)/: rename one of them")
            }
            tagsBySlug[slug] = name
            slugs[name] = slug
        }
        self.gifts = gifts
        self.price = price
        self.slugs = slugs
        tags = names.map { Tag(name: $0, slug: slugs[$0]!, count: counts[$0]!) }
    }

    /// The tags gifts carry, each once, by code point order (never the build machine's locale).
    static func tagNames(_ gifts: [Gift]) -> [String] {
        Set(gifts.flatMap(\.tags)).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    func view(of tag: Tag, from pagePath: String, isCurrent: Bool = false) -> GiftTagView {
        GiftTagView(
            name: tag.name, slug: tag.slug, url: SitePaths.root(from: pagePath) + SitePaths.giftTag(tag.slug),
            count: tag.count, isCurrent: isCurrent)
    }

    func view(of gift: Gift, from pagePath: String) -> GiftView {
        let root = SitePaths.root(from: pagePath)
        return GiftView(
            id: gift.id, name: gift.name, price: gift.price, priceText: price.text(gift.price),
            imageURL: SitePaths.giftImage(gift.image, from: pagePath), url: root + SitePaths.gift(gift.id),
            description: gift.description, link: gift.link,
            tags: gift.tags.map { name in
                let slug = slugs[name]!
                return GiftTagView(name: name, slug: slug, url: root + SitePaths.giftTag(slug), count: 0)
            }
        )
    }
}

/// What the quiz page loads: the gifts (with prices already formatted, image and page URLs
/// relative to the data file's own folder, `gifts/`) and the questions in file order.
/// The file's name carries a hash of its bytes, so a changed catalogue gets a new URL.
enum GiftQuizData {
    /// Compact, keys in alphabetical order and a gift's missing `link` left out, as `JSONEncoder`
    /// with `.sortedKeys` wrote it.
    static func file(gifts: [Gift], questions: [Question], price: PriceFormat) -> OutputFile {
        var json = CompactJSON(capacity: gifts.count * 256 + questions.count * 128)
        json.raw("{\"gifts\":[")
        for (index, gift) in gifts.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"gender\":")
            json.string(gift.gender.rawValue)
            json.raw(",\"id\":")
            json.string(gift.id)
            json.raw(",\"image\":")
            json.string(URLRules.isAbsoluteWebURL(gift.image) ? gift.image : SitePaths.percentEncodedPath(gift.image))
            if let link = gift.link {
                json.raw(",\"link\":")
                json.string(link)
            }
            json.raw(",\"name\":")
            json.string(gift.name)
            json.raw(",\"price\":")
            json.integer(gift.price)
            json.raw(",\"priceText\":")
            json.string(price.text(gift.price))
            json.raw(",\"tags\":")
            json.strings(gift.tags)
            json.raw(",\"url\":")
            json.string(gift.id + "/")
            json.raw("}")
        }
        json.raw("],\"questions\":[")
        for (index, question) in questions.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"id\":")
            json.string(question.id)
            json.raw(",\"tag\":")
            json.string(question.tag)
            json.raw(",\"text\":")
            json.string(question.text)
            json.raw("}")
        }
        json.raw("]}")
        return OutputFile(path: SitePaths.giftData(hash: hash(of: json.bytes)), bytes: json.bytes)
    }

    /// The first 10 hex digits of the FNV-1a 64 hash of the file's bytes.
    static func hash(of bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(bytes)
        return String(HexText.word(hash.value).prefix(10))
    }
}
