import Foundation
import ModakCore
import ModakSite
#if canImport(Glibc)
import Glibc
#endif

/// `modak new souvenir|saying|notice`: writes one new content file.
///
/// The file is checked by the same loader a build uses, together with the rest of the content
/// (so ids and slugs stay unique), written to a temporary file and linked into place, never
/// over an existing file. When anything goes wrong after the text was typed, the text is printed
/// back so nothing is lost.
enum NewCommand {
    static let usage = """
    usage: modak new souvenir --content DIR --deliver TIME [--title T] [MESSAGE]
           modak new saying   --content DIR --who W [--kor K] [--eng E] [--time TIME | --queue]
                              [--id ID] [--tags a,b] [COMMENTARY]
           modak new notice   --content DIR --title T [--date TIME] [--slug S] [MESSAGE]
    MESSAGE is read from standard input when omitted; TIME is one of \(TimeParser.acceptedForms).
    """

    static func run(_ arguments: ArraySlice<String>) -> ExitCode {
        do throws(UsageError) {
            switch arguments.first {
            case "souvenir": return try souvenir(Arguments(arguments.dropFirst(), valued: ["--content", "--deliver", "--title"]))
            case "saying": return try saying(Arguments(arguments.dropFirst(), valued: ["--content", "--kor", "--eng", "--who", "--time", "--id", "--tags"], switches: ["--queue"]))
            case "notice": return try notice(Arguments(arguments.dropFirst(), valued: ["--content", "--title", "--date", "--slug"]))
            case "--help", "-h":
                print(usage)
                return .success
            case nil: throw UsageError(message: "say what to create: souvenir, saying or notice")
            case let kind?: throw UsageError(message: "cannot create a \(kind): choose souvenir, saying or notice")
            }
        } catch {
            printError("modak: \(error.message)\n\(usage)")
            return .usage
        }
    }

    // MARK: - The three kinds

    private static func souvenir(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard let deliver = arguments["--deliver"] else { throw UsageError(message: "a souvenir needs --deliver TIME") }
        let title = arguments["--title"]
        let message = body(arguments, required: true)
        let typed = [title, message].compactMap { $0 }.joined(separator: "\n\n")
        guard let site = Site(arguments, typed: typed) else { return .failure }
        guard let time = site.time(deliver, option: "--deliver", typed: typed) else { return .failure }
        let day = CivilDay(time, in: site.content.site.timeZone).description
        var fields: [(key: String, value: FrontMatterWriter.Value)] = [("deliver", .string(deliver))]
        if let title { fields.append(("title", .string(title))) }
        let draft = Draft(folder: "souvenirs", stem: "\(day)-\(slug(title ?? "") ?? "souvenir")", stemIsFixed: false, body: message, typed: typed) { _ in fields }
        return site.save(draft, taken: [])
    }

    private static func saying(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard let who = arguments["--who"] else { throw UsageError(message: "a saying needs --who (the person who said it)") }
        let kor = arguments["--kor"]
        let eng = arguments["--eng"]
        guard kor != nil || eng != nil else { throw UsageError(message: "a saying needs --kor, --eng or both") }
        guard arguments["--time"] == nil || !arguments.flags.contains("--queue") else { throw UsageError(message: "give --time or --queue, not both") }
        let commentary = body(arguments, required: false)
        let typed = [kor, eng, "— " + who, commentary].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        guard let site = Site(arguments, typed: typed) else { return .failure }
        let timeText: String
        if let given = arguments["--time"] {
            guard site.time(given, option: "--time", typed: typed) != nil else { return .failure }
            timeText = given
        } else {
            timeText = arguments.flags.contains("--queue") ? site.queueTime() : site.wallClock(site.now)
        }
        let tags = arguments["--tags"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } } ?? []
        let draft = Draft(
            folder: "sayings", stem: arguments["--id"] ?? slug(eng ?? "") ?? slug(who) ?? "saying", stemIsFixed: arguments["--id"] != nil,
            body: commentary, typed: typed
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

    private static func notice(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard let title = arguments["--title"] else { throw UsageError(message: "a notice needs --title") }
        let message = body(arguments, required: true)
        let typed = title + "\n\n" + message
        guard let site = Site(arguments, typed: typed) else { return .failure }
        let dateText: String
        if let given = arguments["--date"] {
            guard site.time(given, option: "--date", typed: typed) != nil else { return .failure }
            dateText = given
        } else {
            dateText = site.wallClock(site.now)
        }
        let day = String(dateText.prefix(10))
        let draft = Draft(
            folder: "notices", stem: arguments["--slug"] ?? "\(day)-\(slug(title) ?? "notice")", stemIsFixed: arguments["--slug"] != nil,
            body: message, typed: typed
        ) { _ in [("title", .string(title)), ("date", .string(dateText))] }
        return site.save(draft, taken: Set(site.content.notices.map(\.slug)))
    }

    // MARK: - Shared steps

    /// The text after the options, or standard input when there is none.
    private static func body(_ arguments: Arguments, required: Bool) -> String {
        if !arguments.positional.isEmpty { return arguments.positional.joined(separator: " ") }
        guard required else { return "" }
        if isatty(STDIN_FILENO) != 0 { printError("Type the message, then press Ctrl-D on a new line:") }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Lowercase ASCII words joined by `-`, at most 40 characters; nil when nothing is left (Hangul only, say).
    static func slug(_ text: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var result = ""
        for word in words where result.count + word.count + 1 <= 40 {
            result += (result.isEmpty ? "" : "-") + word
        }
        return result.isEmpty ? (words.first.map { String($0.prefix(40)) }) : result
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
    init?(_ arguments: Arguments, typed: String) {
        directory = arguments["--content"] ?? "content"
        let loaded: (ContentSet?, DiagnosticLog)
        do {
            files = try DirectoryReader.contentFiles(in: directory)
            loaded = ContentLoader.load(files)
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
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
        now = epoch.map { Date(timeIntervalSince1970: Double($0)) } ?? Date()
    }

    func time(_ text: String, option: String, typed: String) -> Date? {
        guard let date = TimeParser.parse(text, in: content.site.timeZone) else {
            Self.fail("\(option) is `\(text)`, not a time: write \(TimeParser.acceptedForms)", typed: typed)
            return nil
        }
        return date
    }

    /// `2026-11-28 09:30` in the site's time zone.
    func wallClock(_ date: Date) -> String {
        String(DateText(timeZone: content.site.timeZone, language: "en").rfc3339(date).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// One saying a day: the day after the latest saying (or today, if that day is past),
    /// at the latest saying's time of day, or 09:00 for the first saying.
    func queueTime() -> String {
        let zone = content.site.timeZone
        let today = CivilDay(now, in: zone)
        guard let latest = content.sayings.map(\.time).max() else { return "\(today) 09:00" }
        let day = max(CivilDay(latest, in: zone).adding(days: 1), today)
        return "\(day) " + wallClock(latest).suffix(5)
    }

    /// Validates the draft with the loader and the rest of the content, then writes it under the
    /// first free name (`stem`, `stem-2`, …).
    func save(_ draft: Draft, taken: Set<String>) -> ExitCode {
        // A chosen id or slug becomes a file name: nothing but `[A-Za-z0-9_-]` may reach the path.
        guard Identifier.isValid(draft.stem) else {
            Self.fail("`\(draft.stem)` cannot be an id or slug: use 1 to 64 letters, digits, `_` or `-`", typed: draft.typed)
            return .failure
        }
        let existing = Set(files.map(\.relativePath))
        for attempt in 1...1000 {
            let stem = attempt == 1 ? draft.stem : "\(draft.stem)-\(attempt)"
            let relativePath = "\(draft.folder)/\(stem).md"
            if taken.contains(stem) || existing.contains(relativePath) {
                if draft.stemIsFixed {
                    Self.fail("`\(stem)` is already used in \(directory)/\(draft.folder): choose another", typed: draft.typed)
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
            let (_, log) = ContentLoader.load(files + [SourceFile(relativePath: relativePath, displayPath: path, bytes: Array(text.utf8))])
            if log.hasErrors {
                for diagnostic in log.sorted where diagnostic.severity == .error { printError(diagnostic.description) }
                Self.fail("the new \(draft.folder.dropLast()) would not load", typed: draft.typed)
                return .failure
            }
            switch ExclusiveFile.create(path, bytes: Array(text.utf8)) {
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

/// Creates a file that did not exist, atomically: the bytes go to a temporary sibling, which is
/// then hard-linked to the final name. `link` fails when the name exists, so nothing is replaced,
/// and readers never see a half-written file.
enum ExclusiveFile {
    enum Outcome {
        case created
        case exists
        case failed(String)
    }

    static func create(_ path: String, bytes: [UInt8]) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            return .failed(error.localizedDescription)
        }
        let temporary = "\(folder.isEmpty ? "." : folder)/.modak-new-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return .failed(reason)
            }
            offset += count
        }
        let synced = fsync(descriptor) == 0
        guard close(descriptor) == 0, synced else { return .failed(String(cString: strerror(errno))) }
        guard link(temporary, path) == 0 else {
            return errno == EEXIST ? .exists : .failed(String(cString: strerror(errno)))
        }
        return .created
    }
}
