import Foundation
import ParallelWork

/// Turns the files of a content folder into a validated `ContentSet`, or every reason it cannot.
///
/// Pure: the caller reads the files (see `SourceFile`) and decides what to do with the diagnostics.
public enum ContentLoader {
    /// Top-level folders whose names a page slug may not take, because the site writes there.
    public static let reservedSlugs: Set<String> = [
        "sayings", "cards", "favorites", "unused", "search", "settings", "notices", "gifts", "souvenirs", "assets",
        "static",
        "page", "archive", "tags", "authors", "data"
    ]

    /// `folder` is the content folder as diagnostics name it (`content`); without it, it is taken
    /// from the files' display paths, which an empty folder does not have.
    public static func load(_ files: [SourceFile], folder: String? = nil) -> (content: ContentSet?, log: DiagnosticLog)
    {
        var log = DiagnosticLog()
        let files = files.sorted { $0.relativePath < $1.relativePath }
        guard let siteFile = files.first(where: { $0.relativePath == "site.json" }) else {
            // Named the way the other files are, so the message says which folder lacks it.
            let prefix =
                folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
                ?? files.first.map { String($0.displayPath.dropLast($0.relativePath.count)) } ?? ""
            log.append(
                Diagnostic(
                    path: prefix + "site.json",
                    """
                    the content folder has no site.json: create one with at least {\"title\": \"…\", \"baseURL\": \
                    \"https://…/\"}, or start a new site with `modak init`
                    """
                ))
            return (nil, log)
        }
        let site = SiteConfigLoader.load(siteFile, log: &log)
        let zone = site?.timeZone ?? TimeZone(identifier: "Asia/Seoul")!

        var content = ContentSet(site: site ?? SiteConfig(title: "", baseURL: "https://invalid.invalid/"))
        var giftsFile: SourceFile?
        var questionsFile: SourceFile?
        var authorsFile: SourceFile?
        // Saying files are most of a large site, and independent of each other: they are parsed on
        // every core first, then taken in file order below, so diagnostics keep their order.
        let kinds = ParallelMap.map(files, kind(of:))
        let parsedSayings = ParallelMap.map(
            files.indices.filter { kinds[$0].map { $0 == ("sayings", "md") } ?? false }.map { files[$0] }
        ) { file in
            var fileLog = DiagnosticLog()
            let saying = FrontMatterParser.parse(file, log: &fileLog).flatMap {
                SayingDecoder.decode(markdown: $0, in: zone, log: &fileLog)
            }
            return (saying: saying, log: fileLog)
        }
        var nextParsedSaying = parsedSayings.indices.makeIterator()
        content.sayings.reserveCapacity(parsedSayings.count)
        for (file, kind) in zip(files, kinds) {
            guard let kind else { continue }
            let path = file.relativePath
            switch kind {
            case ("sayings", "md"):
                // Taken by index, not copied out first: each copy retains a dozen strings, on one core.
                let parsed = nextParsedSaying.next()!
                log.append(contentsOf: parsedSayings[parsed].log)
                if let saying = parsedSayings[parsed].saying { content.sayings.append(saying) }
            case ("sayings", "json"):
                for record in JSONDocumentReader.records(file, noun: "saying", allowSingleObject: true, log: &log) {
                    if let saying = SayingDecoder.decode(json: record, in: zone, log: &log) {
                        content.sayings.append(saying)
                    }
                }
            case ("souvenirs", "md"):
                if let document = FrontMatterParser.parse(file, log: &log),
                    let souvenir = SouvenirDecoder.decode(markdown: document, in: zone, log: &log)
                {
                    content.souvenirs.append(souvenir)
                }
            case ("souvenirs", "json"):
                for record in JSONDocumentReader.records(file, noun: "souvenir", allowSingleObject: false, log: &log) {
                    if let souvenir = SouvenirDecoder.decode(json: record, in: zone, log: &log) {
                        content.souvenirs.append(souvenir)
                    }
                }
            case ("notices", "md"):
                if let document = FrontMatterParser.parse(file, log: &log),
                    let notice = PageDecoder.notice(document, fileStem: stem(of: path), in: zone, log: &log)
                {
                    content.notices.append(notice)
                }
            case ("pages", "md"):
                if let document = FrontMatterParser.parse(file, log: &log),
                    let page = PageDecoder.page(document, fileStem: stem(of: path), log: &log)
                {
                    content.pages.append(page)
                }
            case ("gifts", "json") where path == "gifts/gifts.json":
                giftsFile = file
            case ("gifts", "json") where path == "gifts/questions.json":
                questionsFile = file
            case _ where path == "authors.json":
                authorsFile = file
            case ("gifts", _) where fileExtension(path) != "json", ("static", _):
                let outputPath = path.hasPrefix("static/") ? String(path.dropFirst("static/".count)) : path
                content.assets.append(Asset(outputPath: outputPath, bytes: file.bytes))
            default:
                log.warning(
                    SourceLocation(path: file.displayPath, line: 1),
                    "Modak ignores `\(fileName(path))`: \(whatBelongs(in: kind.folder))")
            }
        }
        if let giftsFile {
            content.gifts = JSONDocumentReader.records(giftsFile, noun: "gift", allowSingleObject: false, log: &log)
                .compactMap { GiftDecoder.gift($0, log: &log) }
        }
        if let questionsFile {
            content.questions = JSONDocumentReader.records(
                questionsFile, noun: "question", allowSingleObject: false, log: &log
            )
            .compactMap { GiftDecoder.question($0, log: &log) }
        }
        if let authorsFile { content.authors = AuthorsLoader.load(authorsFile, log: &log) }
        CrossChecks.run(&content, log: &log)
        return (log.hasErrors || site == nil ? nil : content, log)
    }

    /// A content file's top folder and extension, or nil for `site.json` and hidden files but those in `static/`.
    @Sendable private static func kind(of file: SourceFile) -> (folder: String, extension: String)? {
        // Over UTF-8 bytes (`/` and `.` are ASCII): splitting the path would cut it into Characters.
        let path = file.relativePath
        let bytes = path.utf8
        let isHidden = fileName(path).utf8.first == UInt8(ascii: ".")
        guard path != "site.json", !isHidden || path.hasPrefix("static/") else { return nil }
        return (String(path[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)]), fileExtension(path))
    }

    /// The extension of the file name, lower-cased ("" when it has none). By UTF-8 bytes: `.` and
    /// `/` are ASCII, and walking the path by characters cost more than parsing a saying's fields.
    private static func fileExtension(_ path: String) -> String {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
            bytes[dot] == UInt8(ascii: ".")
        else { return "" }
        return path[bytes.index(after: dot)...].lowercased()
    }

    /// What the files Modak reads in `folder` are, for a file there it does not read.
    private static func whatBelongs(in folder: String) -> String {
        switch folder {
        case "sayings": "a saying file is a `.md` file with front matter or a `.json` file"
        case "souvenirs": "a souvenir file is a `.md` file with front matter or a `.json` file"
        case "notices": "a notice is a `.md` file with front matter"
        case "pages": "a page is a `.md` file with front matter"
        case "gifts":
            """
            the only JSON files read in gifts/ are `gifts.json` and `questions.json` (its other files, such as \
            images, are published as they are)
            """
        default: "content files belong in sayings/, souvenirs/, notices/, pages/, gifts/ or static/"
        }
    }

    /// The file name without its folder.
    private static func fileName(_ path: String) -> Substring {
        let bytes = path.utf8
        return path[(bytes.lastIndex(of: UInt8(ascii: "/")).map(bytes.index(after:)) ?? bytes.startIndex)...]
    }

    /// The file name without its folder and extension.
    private static func stem(of path: String) -> String {
        let name = fileName(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return String(name) }
        return String(name[..<dot])
    }
}

enum SayingDecoder {
    static let knownKeys = ["id", "kor", "eng", "who", "time", "tags", "body", "draft"]
    /// A Markdown saying's body follows its front matter.
    static let frontMatterKeys = knownKeys.filter { $0 != "body" }

    static func decode(markdown document: FrontMatterDocument, in zone: TimeZone, log: inout DiagnosticLog) -> Saying? {
        decode(document.record, body: (document.body, document.bodySource), in: zone, log: &log)
    }

    static func decode(json record: RawRecord, in zone: TimeZone, log: inout DiagnosticLog) -> Saying? {
        decode(record, body: nil, in: zone, log: &log)
    }

    /// `body` is the Markdown after the front matter, or nil for JSON (where it is a field).
    private static func decode(
        _ record: RawRecord, body: (text: String, source: MarkdownSource)?, in zone: TimeZone, log: inout DiagnosticLog
    ) -> Saying? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(
            record, noun: "saying", knownKeys: body == nil ? knownKeys : frontMatterKeys, log: &log)
        let id = reader.identifier("id", log: &log)
        let kor = reader.string("kor", log: &log) ?? ""
        let eng = reader.string("eng", log: &log) ?? ""
        if kor.allSatisfy(\.isWhitespace) && eng.allSatisfy(\.isWhitespace) {
            log.error(record.location, "the saying has neither `kor` nor `eng` text: give it at least one")
        }
        let who = reader.nonBlankString("who", log: &log)
        let time = reader.time("time", required: true, in: zone, log: &log)
        let tags = reader.stringList("tags", log: &log)
        let text = body?.text ?? reader.string("body", log: &log) ?? ""
        let bodySource = body?.source ?? .string(at: reader.location(of: "body"))
        let isDraft = reader.bool("draft", log: &log) ?? false
        guard log.errors.count == errorsBefore, let id, let who, let time else { return nil }
        return Saying(
            id: id, kor: kor, eng: eng, who: who, time: time, tags: tags, body: text, source: record.location,
            bodySource: bodySource, isDraft: isDraft)
    }
}

enum SouvenirDecoder {
    /// The front-matter keys of a Markdown souvenir (its message is the body).
    static let markdownKeys = ["deliver", "title"]
    /// The keys of a souvenir in a JSON file.
    static let jsonKeys = ["message", "deliverDate", "title"]

    static func decode(markdown document: FrontMatterDocument, in zone: TimeZone, log: inout DiagnosticLog) -> Souvenir?
    {
        let errorsBefore = log.errors.count
        let reader = RecordReader(document.record, noun: "souvenir", knownKeys: markdownKeys, log: &log)
        let title = reader.string("title", log: &log)
        let deliver = reader.time("deliver", required: true, in: zone, log: &log)
        if document.body.allSatisfy(\.isWhitespace) {
            log.error(document.record.location, "the souvenir has no message: write it below the closing `---`")
        }
        guard log.errors.count == errorsBefore, let deliver else { return nil }
        return Souvenir(
            title: title, message: document.body, deliver: deliver, source: document.record.location,
            messageSource: document.bodySource)
    }

    static func decode(json record: RawRecord, in zone: TimeZone, log: inout DiagnosticLog) -> Souvenir? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(record, noun: "souvenir", knownKeys: jsonKeys, log: &log)
        let message = reader.nonBlankString("message", log: &log)
        let title = reader.string("title", log: &log)
        let deliver = reader.time("deliverDate", required: true, in: zone, log: &log)
        guard log.errors.count == errorsBefore, let message, let deliver else { return nil }
        return Souvenir(
            title: title, message: message, deliver: deliver, source: record.location,
            messageSource: .string(at: reader.location(of: "message")))
    }
}

enum PageDecoder {
    static let noticeKeys = ["title", "date", "slug", "draft"]
    static let pageKeys = ["title", "slug", "draft"]

    static func notice(_ document: FrontMatterDocument, fileStem: String, in zone: TimeZone, log: inout DiagnosticLog)
        -> Notice?
    {
        let errorsBefore = log.errors.count
        let reader = RecordReader(document.record, noun: "notice", knownKeys: noticeKeys, log: &log)
        let title = reader.string("title", required: true, log: &log)
        let date = reader.time("date", required: true, in: zone, log: &log)
        let slug = slug(reader, fileStem: fileStem, log: &log)
        let isDraft = reader.bool("draft", log: &log) ?? false
        guard log.errors.count == errorsBefore, let title, let date, let slug else { return nil }
        return Notice(
            slug: slug, title: title, date: date, body: document.body, source: document.record.location,
            bodySource: document.bodySource, isDraft: isDraft)
    }

    static func page(_ document: FrontMatterDocument, fileStem: String, log: inout DiagnosticLog) -> Page? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(document.record, noun: "page", knownKeys: pageKeys, log: &log)
        let title = reader.string("title", required: true, log: &log)
        let slug = slug(reader, fileStem: fileStem, log: &log)
        if let slug, ContentLoader.reservedSlugs.contains(slug) {
            log.error(reader.location(of: "slug"), "the slug `\(slug)` is used by the site itself: choose another")
        }
        let isDraft = reader.bool("draft", log: &log) ?? false
        guard log.errors.count == errorsBefore, let title, let slug else { return nil }
        return Page(
            slug: slug, title: title, body: document.body, source: document.record.location,
            bodySource: document.bodySource, isDraft: isDraft)
    }

    private static func slug(_ reader: RecordReader, fileStem: String, log: inout DiagnosticLog) -> String? {
        if reader.record["slug"] != nil { return reader.identifier("slug", log: &log) }
        guard Identifier.isValid(fileStem) else {
            log.error(
                reader.record.location,
                """
                the file name `\(fileStem.prefix(70))` cannot be a URL: rename it with letters, digits, `_` or \
                `-`, or add `slug:`
                """
            )
            return nil
        }
        return fileStem
    }
}

enum GiftDecoder {
    static let maximumPrice = 50_000_000
    static let giftKeys = ["id", "name", "price", "image", "tags", "link", "description", "gender"]
    static let questionKeys = ["id", "text", "tag"]

    static func gift(_ record: RawRecord, log: inout DiagnosticLog) -> Gift? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(record, noun: "gift", knownKeys: giftKeys, log: &log)
        let id = reader.identifier("id", log: &log)
        let name = reader.string("name", required: true, log: &log)
        let price = reader.integer("price", required: true, in: 0...maximumPrice, log: &log)
        let image = reader.string("image", required: true, log: &log)
        if let image, !URLRules.isAbsoluteWebURL(image) && !URLRules.isContainedRelativePath(image) {
            log.error(
                reader.location(of: "image"),
                "`image` must be an http(s) URL or a path inside gifts/ such as `images/mug.svg`")
        }
        let link = reader.string("link", log: &log)
        if let link, !URLRules.isAbsoluteWebURL(link) {
            log.error(reader.location(of: "link"), "`link` must be an absolute http(s) URL")
        }
        var gender = GiftGender.any
        if let text = reader.string("gender", log: &log) {
            if let value = GiftGender(rawValue: text) {
                gender = value
            } else {
                log.error(
                    reader.location(of: "gender"),
                    "`gender` must be `any`, `female` or `male`, not `\(text.prefix(20))`")
            }
        }
        let tags = reader.stringList("tags", log: &log)
        let description = reader.string("description", log: &log) ?? ""
        guard log.errors.count == errorsBefore, let id, let name, let price, let image else { return nil }
        return Gift(
            id: id, name: name, price: price, image: image, tags: tags, link: link, description: description,
            gender: gender, source: record.location)
    }

    static func question(_ record: RawRecord, log: inout DiagnosticLog) -> Question? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(record, noun: "question", knownKeys: questionKeys, log: &log)
        let id = reader.identifier("id", log: &log)
        let text = reader.string("text", required: true, log: &log)
        let tag = reader.string("tag", required: true, log: &log)
        guard log.errors.count == errorsBefore, let id, let text, let tag else { return nil }
        return Question(id: id, text: text, tag: tag, source: record.location)
    }
}

/// Rules that look across records: unique ids and slugs, questions that can never matter.
enum CrossChecks {
    static func run(_ content: inout ContentSet, log: inout DiagnosticLog) {
        unique(content.sayings.map { ($0.id, $0.source) }, noun: "saying id", log: &log)
        unique(content.gifts.map { ($0.id, $0.source) }, noun: "gift id", log: &log)
        unique(content.questions.map { ($0.id, $0.source) }, noun: "question id", log: &log)
        unique(content.notices.map { ($0.slug, $0.source) }, noun: "notice slug", log: &log)
        unique(content.pages.map { ($0.slug, $0.source) }, noun: "page slug", log: &log)
        let giftTags = Set(content.gifts.flatMap(\.tags))
        for question in content.questions where !giftTags.contains(question.tag) {
            log.warning(
                question.source,
                "no gift has the tag `\(question.tag)`, so question `\(question.id)` never changes the result")
        }
        unusedAuthorEntries(content, log: &log)
    }

    /// An authors.json entry whose key is no saying's `who` (drafts and scheduled sayings count) names nobody.
    private static func unusedAuthorEntries(_ content: ContentSet, log: inout DiagnosticLog) {
        guard !content.authors.isEmpty else { return }
        let writers = Set(content.sayings.map(\.who))
        let entries = content.authors.values.sorted { $0.source.line < $1.source.line }
        for entry in entries where !writers.contains(entry.who) {
            var message = "no saying has `who: \(entry.who)`, so this entry names nobody"
            if let nearest = KeySuggestion.nearest(to: entry.who, among: writers.sorted()) {
                message += ": did you mean `\(nearest)`?"
            } else {
                message += ": write the name as the sayings' `who` writes it, or remove the entry"
            }
            log.warning(entry.source, message)
        }
    }

    private static func unique(_ items: [(String, SourceLocation)], noun: String, log: inout DiagnosticLog) {
        var firstSeen: [String: SourceLocation] = [:]
        for (id, location) in items {
            if let first = firstSeen[id] {
                log.error(
                    location, "the \(noun) `\(id)` is already used at \(first.path):\(first.line): ids must be unique")
            } else {
                firstSeen[id] = location
            }
        }
    }
}
