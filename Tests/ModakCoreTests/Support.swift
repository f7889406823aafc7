import Foundation
@testable import ModakCore

// Shared helpers: sites are built in memory from `path → text`, so no test touches the disk.

let seoul = TimeZone(identifier: "Asia/Seoul")!
let utc = TimeZone(identifier: "UTC")!

let minimalSiteJSON = #"{"title": "모닥이", "baseURL": "https://example.org/"}"#

/// A content file as the CLI would read it: relative to `content/`, shown as `content/<path>`.
func sourceFile(_ path: String, _ text: String) -> SourceFile {
    SourceFile(relativePath: path, displayPath: "content/" + path, bytes: Array(text.utf8))
}

func sourceFile(_ path: String, bytes: [UInt8]) -> SourceFile {
    SourceFile(relativePath: path, displayPath: "content/" + path, bytes: bytes)
}

/// Front matter read from `text` as the content file `path`: its document and every diagnostic.
func parseFrontMatter(_ text: String, path: String) -> (document: FrontMatterDocument?, diagnostics: [Diagnostic]) {
    var log = DiagnosticLog()
    let document = FrontMatterParser.parse(SourceFile(relativePath: path, bytes: Array(text.utf8)), log: &log)
    return (document, log.items)
}

/// Loads a site made of `files` plus a minimal `site.json` (unless `site` is nil or given).
func loadSite(_ files: [String: String], site: String? = minimalSiteJSON, extra: [SourceFile] = []) -> (
    content: ContentSet?, log: DiagnosticLog
) {
    var all = files.map { sourceFile($0.key, $0.value) } + extra
    if let site { all.append(sourceFile("site.json", site)) }
    return ContentLoader.load(all)
}

/// A Markdown saying; pass nil to leave a field out.
func sayingMarkdown(
    id: String? = "s1", kor: String? = "모닥불", eng: String? = "Bonfire", who: String? = "Modak",
    time: String? = "2026-11-28 09:00", extra: [String] = [], body: String = ""
) -> String {
    var lines = ["---"]
    if let id { lines.append("id: \(id)") }
    if let kor { lines.append("kor: \(kor)") }
    if let eng { lines.append("eng: \(eng)") }
    if let who { lines.append("who: \(who)") }
    if let time { lines.append("time: \(time)") }
    lines += extra
    lines.append("---")
    lines.append(body)
    return lines.joined(separator: "\n")
}

extension DiagnosticLog {
    /// Error descriptions (`path:line: message`), sorted.
    var errorLines: [String] { sorted.filter { $0.severity == .error }.map(\.description) }
    var warningLines: [String] { sorted.filter { $0.severity == .warning }.map(\.description) }
}

/// An instant written in UTC (`2026-11-27T15:30:00Z`), parsed by Foundation, not by the code under test.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

func day(_ text: String) -> CivilDay {
    guard let day = CivilDay(iso: text) else { fatalError("bad test day \(text)") }
    return day
}

func saying(
    _ id: String, at time: Date = instant("2026-11-01T00:00:00Z"), kor: String = "말",
    path: String = "content/sayings/x.md"
) -> Saying {
    Saying(id: id, kor: kor, eng: "", who: "Modak", time: time, source: SourceLocation(path: path, line: 1))
}

/// Seoul wall-clock time → instant, through the parser under test.
func seoulTime(_ text: String) -> Date {
    guard let date = TimeParser.parse(text, in: seoul) else { fatalError("unparseable test time \(text)") }
    return date
}
