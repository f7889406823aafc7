/// `authors.json`: `{"<who as written>": {"ko": "…", "en": "…", "aliases": ["…"]}, …}`, every key optional
/// inside an entry. A key is matched to `who` after the same cleaning (NFC, no control characters).
enum AuthorsLoader {
    static let entryKeys = ["ko", "en", "aliases"]
    private static let entryShape = "{\"ko\": \"…\", \"en\": \"…\", \"aliases\": [\"…\"]}"

    static func load(_ file: SourceFile, log: inout DiagnosticLog) -> [String: AuthorNames] {
        guard let root = JSONDocumentReader.parse(file, log: &log) else { return [:] }
        let path = file.displayPath
        guard case .object(let members) = root.value else {
            log.error(
                SourceLocation(path: path, line: root.line),
                "authors.json must hold one JSON object like {\"Seneca\": \(entryShape)}, not \(root.kindName)")
            return [:]
        }
        var authors: [String: AuthorNames] = [:]
        for member in members {
            let location = SourceLocation(path: path, line: member.value.line)
            let who = TextCleaning.clean(member.key.nfc).text
            if who.allSatisfy(\.isWhitespace) {
                log.error(location, "an author's name is empty: write `who` as the sayings write it")
                continue
            }
            if let first = authors[who] {
                log.error(
                    location,
                    "the author `\(who)` is listed twice (first on line \(first.source.line)): keep one")
                continue
            }
            guard let record = member.value.record(path: path) else {
                log.error(
                    location,
                    "the entry for `\(who)` must be an object like \(entryShape), not \(member.value.kindName)")
                continue
            }
            if let entry = entry(who, record, log: &log) { authors[who] = entry }
        }
        return authors
    }

    private static func entry(_ who: String, _ record: RawRecord, log: inout DiagnosticLog) -> AuthorNames? {
        let errorsBefore = log.errors.count
        let reader = RecordReader(record, noun: "listed author", knownKeys: entryKeys, log: &log)
        let ko = reader.string("ko", log: &log)
        let en = reader.string("en", log: &log)
        let aliases = reader.stringList("aliases", log: &log)
        for (key, name) in [("ko", ko), ("en", en)] where name?.allSatisfy(\.isWhitespace) == true {
            log.error(reader.location(of: key), "`\(key)` of `\(who)` is empty: write the name or remove `\(key)`")
        }
        if aliases.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            log.error(reader.location(of: "aliases"), "`aliases` of `\(who)` holds an empty name: remove it")
        }
        guard log.errors.count == errorsBefore else { return nil }
        return AuthorNames(who: who, ko: ko, en: en, aliases: aliases, source: record.location)
    }
}
