import ModakCore

/// Promises every content load keeps, whatever the files hold.
enum LoadCheck {
    static let siteJSON = SourceFile(
        relativePath: "site.json", displayPath: "content/site.json",
        bytes: Array(#"{"title": "Fuzz", "baseURL": "https://fuzz.example/"}"#.utf8))

    /// A content file under `content/`, as `modak build` would name it.
    static func file(_ relativePath: String, _ bytes: [UInt8]) -> SourceFile {
        SourceFile(relativePath: relativePath, displayPath: "content/" + relativePath, bytes: bytes)
    }

    /// Loads `files` and checks that every diagnostic points at one of them, at a line the file
    /// has, in one printable line; and that a load without errors gives content.
    static func load(_ files: [SourceFile]) -> (content: ContentSet?, problems: [String]) {
        let (content, log) = ContentLoader.load(files)
        var problems: [String] = []
        for diagnostic in log.items {
            guard let file = files.first(where: { $0.displayPath == diagnostic.path }) else {
                problems.append("a diagnostic names no loaded file: \(diagnostic)")
                continue
            }
            problems += located(
                diagnostic.line, message: diagnostic.message, in: file.bytes, what: diagnostic.description)
        }
        if !log.hasErrors && content == nil { problems.append("the load has no errors but gave no content") }
        if log.hasErrors && content != nil { problems.append("the load has errors but gave content") }
        return (content, problems)
    }

    /// Where a fuzzed file is loaded as one kind of content, and how many records of that kind a load holds.
    typealias Kind = (path: String, records: KeyPath<ContentSet, Int> & Sendable)

    /// Every kind of content a Markdown file with front matter can be.
    static let markdownKinds: [Kind] = [
        ("sayings/f.md", \.sayings.count), ("souvenirs/f.md", \.souvenirs.count),
        ("notices/f.md", \.notices.count), ("pages/f.md", \.pages.count)
    ]
    /// Every kind of content a JSON file can be (besides the site's settings).
    static let jsonKinds: [Kind] = [
        ("sayings/f.json", \.sayings.count), ("souvenirs/f.json", \.souvenirs.count),
        ("gifts/gifts.json", \.gifts.count), ("gifts/questions.json", \.questions.count)
    ]

    /// Loads `bytes` as the file at the path of each of `kinds`, beside a valid `site.json`:
    /// each load keeps the promises of `load`, and a clean one gives `records` records of its
    /// kind (when that number is known).
    static func loadAsEach(_ bytes: [UInt8], kinds: [Kind], records: Int?) -> [String] {
        var problems: [String] = []
        for kind in kinds {
            let (content, loadProblems) = load([siteJSON, file(kind.path, bytes)])
            problems += loadProblems
            if let content, let records, content[keyPath: kind.records] != records {
                problems.append(
                    "a clean load of \(kind.path) gave \(content[keyPath: kind.records]) records, not \(records)")
            }
        }
        return problems
    }

    /// A message located at `line` of `bytes` must name a line the file has, and print as one
    /// line without control characters (a saying must not drive the reader's terminal).
    static func located(_ line: Int?, message: String, in bytes: [UInt8], what: String) -> [String] {
        var problems = located(line, in: bytes, what: what)
        if message.isEmpty { problems.append("empty message: \(what)") }
        if message.unicodeScalars.contains(where: Printable.isControl) {
            problems.append("control characters in the message: \(what.debugDescription)")
        }
        return problems
    }

    static func located(_ line: Int?, in bytes: [UInt8], what: String) -> [String] {
        let lineCount = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        guard let line else { return ["no line: \(what)"] }
        return (1...lineCount).contains(line) ? [] : ["line \(line) is outside the file's 1…\(lineCount): \(what)"]
    }
}

enum Printable {
    /// C0 and C1 controls (tab and newline included: a message is one line), DEL, and the bidi
    /// controls that reorder what a terminal shows.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
