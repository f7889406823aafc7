import Mustache
import Testing

/// Templates that nest or recurse without end finish with an error located at a tag, quickly.
@Suite struct TemplateLimitsTests {
    let twoItems: [String: Any] = ["items": [1, 2]]

    @Test(.timeLimit(.minutes(1)))
    func sectionsOverListsNestedDeeplyStopAtTheStepLimit() throws {
        // 2^40 iterations if nothing stopped it.
        let source = String(repeating: "{{#items}}", count: 40) + "x" + String(repeating: "{{/items}}", count: 40)
        let template = try MustacheTemplate(source: source, name: "nested")
        let error = try #require(throws: MustacheError.self) { try template.render(twoItems) }
        guard case .tooManySteps(let location) = error else { throw error }
        #expect(location.file == "nested" && location.line == 1 && location.column >= 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func partialsThatUseTheNextTwiceStopAtTheStepLimit() throws {
        // p0 → p1 p1 → p2 p2 p2 p2 …: 2^30 expansions, never more than 31 deep.
        var sources = ["main": "{{>p0}}"]
        for level in 0..<30 { sources["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        sources["p30"] = "x"
        let library = try MustacheLibrary(sources: sources)
        let error = try #require(throws: MustacheError.self) { try library.render("main", nil) }
        guard case .tooManySteps(let location) = error else { throw error }
        #expect(location.file.hasPrefix("p") && location.line == 1)
    }

    @Test func aPartialThatIncludesItselfIsLocated() throws {
        let library = try MustacheLibrary(
            sources: ["main": "a\n{{>loop}}", "loop": "x {{>loop}}"], strictPartials: true)
        #expect(
            throws: MustacheError.nestedTooDeeply(
                .partial, name: "loop", at: TemplateLocation(file: "loop", line: 1, column: 3))
        ) {
            try library.render("main", nil)
        }
    }

    @Test func nestingPastTheCompilerLimitIsACompileError() {
        let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
        #expect(
            throws: MustacheError.sectionsNestedTooDeeply(
                at: TemplateLocation(file: "deep", line: 1, column: 256 * 6 + 1))
        ) {
            try MustacheTemplate(source: source, name: "deep")
        }
    }

    @Test func partialNamesReachOnlyLoadedTemplates() throws {
        let library = try MustacheLibrary(sources: ["main": "[{{> ../../../../etc/passwd}}][{{>/etc/passwd}}]"])
        #expect(try library.render("main", nil) == "[][]")
        let strict = try MustacheLibrary(sources: ["main": "{{> ../../../../etc/passwd}}"], strictPartials: true)
        #expect(
            throws: MustacheError.missingTemplate(
                .partial, name: "../../../../etc/passwd", at: TemplateLocation(file: "main", line: 1, column: 1))
        ) {
            try strict.render("main", nil)
        }
    }

    @Test func aLegitimateLongListRendersWithinTheLimit() throws {
        // A home page of 200,000 sayings, each through a partial: 400,000 steps.
        let library = try MustacheLibrary(sources: ["main": "{{#sayings}}{{>item}}{{/sayings}}", "item": "{{.}}"])
        let output = try library.render("main", ["sayings": Array(repeating: "x", count: 200_000)])
        #expect(output.count == 200_000)
    }
}
