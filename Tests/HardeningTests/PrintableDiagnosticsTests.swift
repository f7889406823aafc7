import ModakCore
import Testing

/// Content quoted in an error must not reach the terminal as control characters.
@Suite struct PrintableDiagnosticsTests {
    @Test func controlAndBidiCharactersBecomeVisibleEscapes() {
        let diagnostic = Diagnostic(
            path: "content/sayings/a\nb.md", line: 3, "`id` `x\u{1B}[2J\r\u{202E}y` is not valid")
        #expect(
            diagnostic.description == #"content/sayings/a\u{A}b.md:3: `id` `x\u{1B}[2J\u{D}\u{202E}y` is not valid"#)
    }

    @Test func aLoadQuotingHostileTextPrintsOneCleanLine() {
        let site = SourceFile(
            relativePath: "site.json", bytes: Array(#"{"title": "T", "baseURL": "https://t.example/"}"#.utf8))
        let saying = SourceFile(
            relativePath: "sayings/a.md",
            bytes: Array("---\nid: \u{1B}]0;pwned\u{07}\r\neng: x\nwho: w\ntime: 2026-11-28\n---\n".utf8))
        let (content, log) = ContentLoader.load([site, saying])
        #expect(content == nil)
        let lines = log.items.map(\.description)
        #expect(lines.contains { $0.hasPrefix("sayings/a.md:2: `id`") })
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
        }
    }
}
