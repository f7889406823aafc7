import ModakCore

/// The input is one Markdown content file: front matter, then a body.
enum FrontMatterFuzz {
    static func check(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var log = DiagnosticLog()
        let document = FrontMatterParser.parse(SourceFile(relativePath: "f.md", bytes: bytes), log: &log)
        if (document == nil) != log.hasErrors {
            problems.append("the parser gave \(document == nil ? "no document and no" : "a document and") errors")
        }
        for diagnostic in log.items {
            problems += LoadCheck.located(
                diagnostic.line, message: diagnostic.message, in: bytes, what: diagnostic.description)
        }
        if let document, document.bodyLine < 2 { problems.append("the body starts on line \(document.bodyLine)") }
        problems += LoadCheck.loadAsEach(bytes, kinds: LoadCheck.markdownKinds, records: 1)
        return problems
    }
}
