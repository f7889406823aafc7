import ModakCore

/// The input is one Markdown content file: front matter, then a body.
enum FrontMatterFuzz {
    /// Every folder whose Markdown files have front matter, and how many records a clean load gives.
    private static let kinds: [(folder: String, count: @Sendable (ContentSet) -> Int)] = [
        ("sayings", { $0.sayings.count }), ("souvenirs", { $0.souvenirs.count }),
        ("notices", { $0.notices.count }), ("pages", { $0.pages.count }),
    ]

    static func check(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var log = DiagnosticLog()
        let document = FrontMatterParser.parse(SourceFile(relativePath: "f.md", bytes: bytes), log: &log)
        if (document == nil) != log.hasErrors {
            problems.append("the parser gave \(document == nil ? "no document and no" : "a document and") errors")
        }
        for diagnostic in log.items {
            problems += LoadCheck.located(diagnostic.line, message: diagnostic.message, in: bytes, what: diagnostic.description)
        }
        if let document, document.bodyLine < 2 { problems.append("the body starts on line \(document.bodyLine)") }
        for kind in kinds {
            let (content, loadProblems) = LoadCheck.load([LoadCheck.siteJSON, LoadCheck.file("\(kind.folder)/f.md", bytes)])
            problems += loadProblems
            if let content, kind.count(content) != 1 {
                problems.append("a clean load of \(kind.folder)/f.md gave \(kind.count(content)) records")
            }
        }
        return problems
    }
}
