import Foundation
import ModakCommandLine
import ModakCore
import ModakInput
import ModakOutput
import ModakSite
#if canImport(Glibc)
    import Glibc
#endif

/// `modak new saying|souvenir|notice|page`: writes one new content file.
///
/// The file is checked by the same loader a build uses, together with the rest of the content
/// (so ids and slugs stay unique), written to a temporary file and linked into place, never
/// over an existing file. When anything goes wrong after the text was typed, the text is printed
/// back so nothing is lost.
enum NewCommand {
    static func souvenir(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        let deliver = arguments.value(Options.deliver)
        let title = arguments[Options.title]
        let message = body(arguments, Arguments.message, required: true)
        let typed = [title, message].compactMap { $0 }.joined(separator: "\n\n")
        guard let site = try Site(arguments, typed: typed) else { return .failure }
        guard let time = site.time(deliver, option: Options.deliver, typed: typed) else { return .failure }
        let day = CivilDay(time, in: site.content.site.timeZone).description
        var fields: [(key: String, value: FrontMatterWriter.Value)] = [("deliver", .string(deliver))]
        if let title { fields.append(("title", .string(title))) }
        let draft = Draft(
            folder: "souvenirs", stem: "\(day)-\(Slug.make(title ?? "") ?? "souvenir")", stemIsFixed: false,
            body: message, typed: typed
        ) { _ in fields }
        return site.save(draft, taken: [])
    }

    static func saying(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        let who = arguments.value(Options.who)
        let kor = arguments[Options.kor]
        let eng = arguments[Options.eng]
        guard kor != nil || eng != nil else { throw UsageError(.sayingWithoutText) }
        guard !arguments.isGiven(Options.time) || !arguments.flag(Options.queue) else {
            throw UsageError(.exclusiveOptions(Options.time.longName, Options.queue.longName))
        }
        let commentary = body(arguments, Arguments.commentary, required: false)
        let typed = [kor, eng, "— " + who, commentary].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        guard let site = try Site(arguments, typed: typed) else { return .failure }
        let timeText: String
        if let given = arguments[Options.time] {
            guard site.time(given, option: Options.time, typed: typed) != nil else { return .failure }
            timeText = given
        } else if arguments.flag(Options.queue) {
            timeText = SayingQueue.nextSlot(
                after: site.content.sayings.map(\.time), now: site.now, timeZone: site.content.site.timeZone)
        } else {
            timeText = site.wallClock(site.now)
        }
        let tags = arguments.values(Options.tags).flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        // Named after the English words, else the Korean romanised, else who said it, else the day.
        let stem =
            arguments[Options.id] ?? [eng, kor, who].lazy.compactMap { $0.flatMap { Slug.make($0) } }.first
            ?? String(timeText.prefix(10))
        let draft = Draft(
            folder: "sayings", stem: stem, stemIsFixed: arguments.isGiven(Options.id), body: commentary, typed: typed
        ) { id in
            var fields: [(key: String, value: FrontMatterWriter.Value)] = [("id", .string(id))]
            if let kor { fields.append(("kor", .string(kor))) }
            if let eng { fields.append(("eng", .string(eng))) }
            fields += [("who", .string(who)), ("time", .string(timeText))]
            if !tags.isEmpty { fields.append(("tags", .list(tags))) }
            return fields
        }
        return site.save(draft, taken: Set(site.content.sayings.map(\.id)))
    }

    static func notice(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        try titledDraft(
            arguments, folder: "notices", text: Arguments.message, taken: { Set($0.content.notices.map(\.slug)) }
        ) { site, title, typed in
            let dateText: String
            if let given = arguments[Options.noticeDate] {
                guard site.time(given, option: Options.noticeDate, typed: typed) != nil else { return nil }
                dateText = given
            } else {
                dateText = site.wallClock(site.now)
            }
            return (
                "\(dateText.prefix(10))-\(Slug.make(title) ?? "notice")",
                [("title", .string(title)), ("date", .string(dateText))]
            )
        }
    }

    static func page(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        // The site's own folders are no page's slug: a title such as "Search" becomes `search-2`.
        try titledDraft(
            arguments, folder: "pages", text: Arguments.text,
            taken: { Set($0.content.pages.map(\.slug)).union(ContentLoader.reservedSlugs) }
        ) { _, title, _ in
            (Slug.make(title) ?? "page", [("title", .string(title))])
        }
    }

    /// A notice or a page: a title and a Markdown text, saved under `--slug` or the stem `made`
    /// gives; `made` returns nil when it printed why the draft cannot be made.
    private static func titledDraft(
        _ arguments: ParsedArguments, folder: String, text textArgument: Argument, taken: (Site) -> Set<String>,
        made: (Site, _ title: String, _ typed: String) -> (
            stem: String, fields: [(key: String, value: FrontMatterWriter.Value)]
        )?
    ) throws(UsageError) -> ExitCode {
        let title = arguments.value(Options.title)
        let text = body(arguments, textArgument, required: true)
        let typed = title + "\n\n" + text
        guard let site = try Site(arguments, typed: typed), let (stem, fields) = made(site, title, typed) else {
            return .failure
        }
        let draft = Draft(
            folder: folder, stem: arguments[Options.slug] ?? stem, stemIsFixed: arguments.isGiven(Options.slug),
            body: text, typed: typed
        ) { _ in fields }
        return site.save(draft, taken: taken(site))
    }

    /// The words of the text argument, or standard input when there are none and the text is required.
    private static func body(_ arguments: ParsedArguments, _ text: Argument, required: Bool) -> String {
        let words = arguments.words(text)
        if !words.isEmpty { return words.joined(separator: " ") }
        guard required else { return "" }
        if isatty(STDIN_FILENO) != 0 { printError("Type the message, then press Ctrl-D on a new line:") }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// A file about to be written: where, under which name, and what the person typed.
private struct Draft {
    var folder: String
    /// The file name without `.md`; also the id or slug for sayings and notices.
    var stem: String
    /// A name the person chose: never replaced by a numbered one.
    var stemIsFixed: Bool
    var body: String
    var typed: String
    var fields: (String) -> [(key: String, value: FrontMatterWriter.Value)]
}

/// The content folder as it is now, loaded and valid.
private struct Site {
    let directory: String
    let files: [SourceFile]
    let content: ContentSet
    let now: Date

    /// Nil (after saying why) when the folder cannot be read or has errors of its own.
    init?(_ arguments: ParsedArguments, typed: String) throws(UsageError) {
        now = try sourceDateEpoch() ?? Date()
        directory = arguments.value(Options.content)
        let loaded: (ContentSet?, DiagnosticLog)
        do {
            files = try DirectoryReader.contentFiles(in: directory)
            loaded = ContentLoader.load(files, folder: directory)
        } catch {
            Self.fail("\(error)", typed: typed)
            return nil
        }
        guard let content = loaded.0 else {
            for diagnostic in loaded.1.sorted { printError(diagnostic.description) }
            Self.fail("\(directory) has errors; fix them, then run the command again", typed: typed)
            return nil
        }
        self.content = content
    }

    func time(_ text: String, option: Option, typed: String) -> Date? {
        do {
            return try TimeParser.read(text, in: content.site.timeZone)
        } catch {
            Self.fail("\(option.longName) is `\(text)`, not a time: \(error)", typed: typed)
            return nil
        }
    }

    /// `2026-11-28 09:30` in the site's time zone.
    func wallClock(_ date: Date) -> String {
        String(DateText(timeZone: content.site.timeZone, language: "en").rfc3339(date).prefix(16)).replacingOccurrences(
            of: "T", with: " ")
    }

    /// Validates the draft with the loader and the rest of the content, then writes it under the
    /// first free name (`stem`, `stem-2`, …).
    func save(_ draft: Draft, taken: Set<String>) -> ExitCode {
        // A chosen id or slug becomes a file name: nothing but `[A-Za-z0-9_-]` may reach the path.
        guard Identifier.isValid(draft.stem) else {
            Self.fail(
                "`\(draft.stem)` cannot be an id or slug: use 1 to 64 letters, digits, `_` or `-`", typed: draft.typed)
            return .failure
        }
        let existing = Set(files.map(\.relativePath))
        for attempt in 1...1000 {
            let stem = attempt == 1 ? draft.stem : "\(draft.stem)-\(attempt)"
            let relativePath = "\(draft.folder)/\(stem).md"
            if taken.contains(stem) || existing.contains(relativePath) {
                if draft.stemIsFixed {
                    Self.fail(
                        "`\(stem)` is already used in \(directory)/\(draft.folder): choose another", typed: draft.typed)
                    return .failure
                }
                continue
            }
            let text: String
            do {
                text = try FrontMatterWriter.document(draft.fields(stem), body: draft.body)
            } catch {
                Self.fail(error.description, typed: draft.typed)
                return .failure
            }
            let path = "\(directory)/\(relativePath)"
            let (_, log) = ContentLoader.load(
                files + [SourceFile(relativePath: relativePath, displayPath: path, bytes: Array(text.utf8))],
                folder: directory)
            if log.hasErrors {
                for diagnostic in log.sorted where diagnostic.severity == .error { printError(diagnostic.description) }
                Self.fail("the new \(draft.folder.dropLast()) would not load", typed: draft.typed)
                return .failure
            }
            switch NewFile.create(path, bytes: Array(text.utf8)) {
            case .created:
                printLine(path)
                return .success
            case .exists where !draft.stemIsFixed:
                continue
            case .exists:
                Self.fail("\(path) already exists: choose another name", typed: draft.typed)
                return .failure
            case .failed(let reason):
                Self.fail("cannot write \(path): \(reason)", typed: draft.typed)
                return .failure
            }
        }
        Self.fail("no free file name for \(draft.stem) in \(directory)/\(draft.folder)", typed: draft.typed)
        return .failure
    }

    /// Says what went wrong and prints back what was typed.
    static func fail(_ reason: String, typed: String) {
        printError("modak: \(reason)")
        guard !typed.allSatisfy(\.isWhitespace) else { return }
        printError("Nothing was saved. Here is what you wrote:\n\n\(typed)")
    }
}
