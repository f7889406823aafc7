import Foundation
import Testing
@testable import ModakCore

/// Keeps `docs/reference/content.md` in step with the loaders.
///
/// Conventions of that file, which these tests read:
/// - a field table follows a line `<!-- fields: KIND -->`, and each of its rows that documents a key
///   starts with `` | `key` | ``;
/// - an example file is a fenced block right after a line `<!-- file: content/PATH -->`; all of
///   them together are one site that must load without a single diagnostic;
/// - a fenced block after `<!-- invalid: content/PATH -->` must fail to load, at that path.
@Suite("Reference docs")
struct ReferenceDocsTests {
    /// Every kind of record the loaders read, with the keys each accepts.
    static let kinds: [String: [String]] = [
        "site": SiteConfigLoader.knownKeys,
        "author": SiteConfigLoader.authorKeys,
        "saying": SayingDecoder.knownKeys,
        "souvenir-markdown": SouvenirDecoder.markdownKeys,
        "souvenir-json": SouvenirDecoder.jsonKeys,
        "notice": PageDecoder.noticeKeys,
        "page": PageDecoder.pageKeys,
        "gift": GiftDecoder.giftKeys,
        "question": GiftDecoder.questionKeys,
        "listed-author": AuthorsLoader.entryKeys
    ]

    static let documentPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/reference/content.md").path

    static func document() throws -> [String] {
        let text = try String(contentsOfFile: documentPath, encoding: .utf8)
        return text.components(separatedBy: "\n")
    }

    /// The field tables by kind: each row's key and the whole row.
    static func fieldTables(_ lines: [String]) -> [(kind: String, line: Int, rows: [(key: String, row: String)])] {
        var tables: [(kind: String, line: Int, rows: [(key: String, row: String)])] = []
        for (index, line) in lines.enumerated() {
            guard let kind = marker("fields", in: line) else { continue }
            var rows: [(key: String, row: String)] = []
            var cursor = index + 1
            while cursor < lines.count && lines[cursor].trimmingCharacters(in: .whitespaces).isEmpty { cursor += 1 }
            while cursor < lines.count && lines[cursor].hasPrefix("|") {
                let row = lines[cursor]
                if row.hasPrefix("| `"), let end = row.dropFirst(3).firstIndex(of: "`") {
                    rows.append((String(row[row.index(row.startIndex, offsetBy: 3)..<end]), row))
                }
                cursor += 1
            }
            tables.append((kind, index + 1, rows))
        }
        return tables
    }

    /// The fenced blocks after `<!-- KIND: content/PATH -->` lines: their path and text.
    static func blocks(_ kind: String, in lines: [String]) throws -> [(path: String, text: String)] {
        var blocks: [(path: String, text: String)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let path = marker(kind, in: lines[index]) else { continue }
            let opening = index + 1
            try #require(
                opening < lines.count && lines[opening].hasPrefix("```"),
                "content.md:\(index + 1): a `\(kind):` marker must be followed by a fenced block")
            var body: [String] = []
            var cursor = opening + 1
            while cursor < lines.count && lines[cursor] != "```" {
                body.append(lines[cursor])
                cursor += 1
            }
            try #require(cursor < lines.count, "content.md:\(opening + 1): the block is never closed")
            blocks.append((path, body.joined(separator: "\n") + "\n"))
            index = cursor
        }
        return blocks
    }

    /// `VALUE` of a line `<!-- NAME: VALUE -->`.
    static func marker(_ name: String, in line: String) -> String? {
        let prefix = "<!-- \(name): ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else {
            return nil
        }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    static func sourceFiles(_ blocks: [(path: String, text: String)]) throws -> [SourceFile] {
        try blocks.map { block in
            try #require(block.path.hasPrefix("content/"), "example paths start with content/: \(block.path)")
            return SourceFile(
                relativePath: String(block.path.dropFirst("content/".count)), displayPath: block.path,
                bytes: Array(block.text.utf8))
        }
    }

    @Test func everyKindHasOneFieldTable() throws {
        let tables = Self.fieldTables(try Self.document())
        let documented = tables.map(\.kind)
        #expect(
            documented.sorted() == Self.kinds.keys.sorted(),
            "content.md has field tables for \(documented) but the loaders read \(Self.kinds.keys.sorted())")
        for table in tables {
            #expect(
                !table.rows.isEmpty,
                "content.md:\(table.line): the table of `\(table.kind)` has no `` | `key` | `` rows")
        }
    }

    @Test(arguments: kinds.keys.sorted())
    func fieldTableMatchesTheLoader(kind: String) throws {
        let table = try #require(
            Self.fieldTables(try Self.document()).first { $0.kind == kind },
            "content.md has no `<!-- fields: \(kind) -->` table")
        let documented = table.rows.map(\.key)
        let accepted = Self.kinds[kind]!
        for key in accepted where !documented.contains(key) {
            Issue.record(
                "content.md:\(table.line): the loader accepts `\(key)` in a \(kind), but its table does not document it"
            )
        }
        for key in documented where !accepted.contains(key) {
            Issue.record(
                "content.md:\(table.line): the table of `\(kind)` documents `\(key)`, which the loader does not accept")
        }
        #expect(
            Set(documented).count == documented.count,
            "content.md:\(table.line): a key is documented twice in `\(kind)`")
    }

    /// Keys a Markdown saying may not have in its front matter are marked as JSON only.
    @Test func jsonOnlySayingKeysAreMarked() throws {
        let table = try #require(Self.fieldTables(try Self.document()).first { $0.kind == "saying" })
        for (key, row) in table.rows {
            let jsonOnly = !SayingDecoder.frontMatterKeys.contains(key)
            #expect(
                row.contains("JSON only") == jsonOnly,
                "content.md:\(table.line): `\(key)` is \(jsonOnly ? "" : "not ")JSON only")
        }
    }

    @Test func themesReservedSlugsAndTimeFormsAreListed() throws {
        let lines = try Self.document()
        let text = lines.joined(separator: "\n")
        let site = try #require(Self.fieldTables(lines).first { $0.kind == "site" })
        let themeRow = try #require(site.rows.first { $0.key == "theme" }?.row)
        for theme in SiteConfig.themes {
            #expect(themeRow.contains("`\(theme)`"), "the `theme` row does not name the theme `\(theme)`")
        }
        let pages = try #require(text.range(of: "\n## Pages\n"))
        let rest = text[pages.upperBound...]
        let pagesSection = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        for slug in ContentLoader.reservedSlugs {
            #expect(pagesSection.contains("`\(slug)`"), "the Pages section does not list the reserved slug `\(slug)`")
        }
        for form in TimeParser.acceptedForms.components(separatedBy: "`").enumerated().filter({ $0.offset % 2 == 1 })
            .map(\.element)
        {
            #expect(text.contains("`\(form)`"), "the time form `\(form)` the parser names is not in content.md")
        }
    }

    @Test func exampleFilesLoadAsOneSite() throws {
        let files = try Self.sourceFiles(try Self.blocks("file", in: try Self.document()))
        #expect(files.contains { $0.relativePath == "site.json" }, "content.md has no example site.json")
        #expect(Set(files.map(\.relativePath)).count == files.count, "two examples in content.md have the same path")
        let (content, log) = ContentLoader.load(files)
        #expect(
            log.items.isEmpty,
            "the examples in content.md do not load cleanly:\n\(log.sorted.map(\.description).joined(separator: "\n"))")
        let loaded = try #require(content)
        // One example at least of each kind of file, in each format.
        for folderAndExtension in [
            "sayings/.md", "sayings/.json", "souvenirs/.md", "souvenirs/.json", "notices/.md", "pages/.md", "static/"
        ] {
            let parts = folderAndExtension.split(separator: "/", omittingEmptySubsequences: false)
            #expect(
                files.contains { $0.relativePath.hasPrefix(parts[0] + "/") && $0.relativePath.hasSuffix(parts[1]) },
                "content.md has no example file `\(folderAndExtension)`")
        }
        #expect(
            !loaded.gifts.isEmpty && !loaded.questions.isEmpty,
            "content.md has no example gifts.json and questions.json")
        #expect(!loaded.authors.isEmpty, "content.md has no example authors.json")
        // A saying file holding a single object, and one holding an array.
        let jsonSayings = files.filter { $0.relativePath.hasPrefix("sayings/") && $0.relativePath.hasSuffix(".json") }
        let shapes = Set(
            jsonSayings.compactMap { String(decoding: $0.bytes, as: UTF8.self).first { !$0.isWhitespace } })
        #expect(
            shapes == ["[", "{"],
            "content.md shows JSON sayings as \(shapes.sorted()), not as both an array and a single object")
        // Every gift image given as a path has its example file, so the example site builds without broken images.
        for gift in loaded.gifts where !URLRules.isAbsoluteWebURL(gift.image) {
            #expect(
                loaded.assets.contains { $0.outputPath == "gifts/" + gift.image },
                "the example gift `\(gift.id)` shows `\(gift.image)`, which no example file provides")
        }
    }

    @Test func invalidExamplesFail() throws {
        let lines = try Self.document()
        let site = try #require(
            try Self.sourceFiles(try Self.blocks("file", in: lines)).first { $0.relativePath == "site.json" })
        let invalid = try Self.sourceFiles(try Self.blocks("invalid", in: lines))
        #expect(!invalid.isEmpty)
        for file in invalid {
            let (content, log) = ContentLoader.load([site, file])
            #expect(
                content == nil && log.errors.contains { $0.path == file.displayPath },
                "the invalid example \(file.displayPath) in content.md loads: \(log.items.map(\.description))")
        }
    }
}
