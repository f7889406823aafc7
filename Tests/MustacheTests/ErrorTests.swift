import Mustache
import Testing

/// Every error a template author can cause: its case, file, line and column. `MessageTests`
/// holds what each case says.
@Suite struct ErrorTests {
    private func at(_ file: String, _ line: Int, _ column: Int) -> TemplateLocation {
        TemplateLocation(file: file, line: line, column: column)
    }

    private func compile(_ source: String) throws {
        _ = try MustacheTemplate(source: source, name: "page")
    }

    // MARK: - Sections

    @Test func unclosedSectionReportsTheOpeningTag() {
        #expect(throws: MustacheError.unclosed(.section, tag: "{{#items}}", at: at("page", 2, 3))) {
            try compile("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n")
        }
        #expect(throws: MustacheError.unclosed(.invertedSection, tag: "{{^empty}}", at: at("page", 1, 1))) {
            try compile("{{^empty}}nothing")
        }
        #expect(throws: MustacheError.unclosed(.section, tag: "{{#a}}", at: at("page", 1, 1))) {
            try compile("{{#a}}{{#b}}{{/b}}")
        }
    }

    @Test func unclosedParentAndBlock() {
        #expect(throws: MustacheError.unclosed(.parent, tag: "{{<layout}}", at: at("page", 1, 1))) {
            try compile("{{<layout}}{{$body}}x{{/body}}")
        }
        #expect(throws: MustacheError.unclosed(.block, tag: "{{$title}}", at: at("page", 2, 3))) {
            try compile("<h1>\n  {{$title}}x")
        }
    }

    @Test func mismatchedClosingTag() {
        #expect(
            throws: MustacheError.mismatchedClosingTag(
                "{{/a}}", opening: "{{#b}}", openedAt: at("page", 2, 3), at: at("page", 2, 10))
        ) {
            try compile("{{#a}}\n  {{#b}}x{{/a}}{{/b}}")
        }
    }

    @Test func unexpectedClosingTag() {
        #expect(throws: MustacheError.unexpectedClosingTag("{{/a}}", at: at("page", 2, 1))) {
            try compile("Hello\n{{/a}}")
        }
        #expect(throws: MustacheError.unexpectedClosingTag("{{/a}}", at: at("page", 1, 13))) {
            try compile("{{#a}}{{/a}}{{/a}}")
        }
    }

    // MARK: - Set delimiters

    @Test func badSetDelimiterTags() {
        #expect(throws: MustacheError.malformedSetDelimiters(at: at("page", 2, 1))) { try compile("a\n{{=<% =}}") }
        #expect(throws: MustacheError.malformedSetDelimiters(at: at("page", 1, 3))) { try compile("x {{=<%%>=}}") }
        #expect(throws: MustacheError.malformedSetDelimiters(at: at("page", 1, 1))) { try compile("{{=<% | %>=}}") }
        #expect(throws: MustacheError.equalsInDelimiter("<%=", at: at("page", 1, 1))) {
            try compile("{{=<%= %>=}}")
        }
        #expect(throws: MustacheError.unclosedTag(expected: "=}}", at: at("page", 1, 1))) {
            try compile("{{=<% %>}} and more")
        }
    }

    @Test func errorsAfterADelimiterChangeUseTheNewDelimiters() {
        #expect(throws: MustacheError.unclosedTag(expected: "%>", at: at("page", 2, 4))) {
            try compile("{{=<% %>=}}\nHi <%name")
        }
        #expect(throws: MustacheError.unexpectedClosingTag("<%/a%>", at: at("page", 2, 1))) {
            try compile("{{=<% %>=}}\n<%/a%>")
        }
    }

    // MARK: - Malformed tags

    @Test func unclosedTag() {
        #expect(throws: MustacheError.unclosedTag(expected: "}}", at: at("page", 1, 7))) {
            try compile("Hello {{name")
        }
        #expect(throws: MustacheError.unclosedTag(expected: "}}}", at: at("page", 3, 1))) {
            try compile("a\nb\n{{{html}}")
        }
        #expect(throws: MustacheError.unclosedTag(expected: "}}", at: at("page", 1, 1))) {
            try compile("{{! a comment that never ends\n\n")
        }
    }

    @Test func invalidNames() {
        #expect(throws: MustacheError.emptyTag(at: at("page", 1, 4))) { try compile("Hi {{ }}") }
        #expect(throws: MustacheError.whitespaceInName("first name", at: at("page", 1, 1))) {
            try compile("{{first name}}")
        }
        #expect(throws: MustacheError.emptyNamePart("a..b", at: at("page", 1, 1))) { try compile("{{#a..b}}{{/a..b}}") }
        #expect(throws: MustacheError.emptyNamePart(".a", at: at("page", 1, 1))) { try compile("{{.a}}") }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(throws: MustacheError.unexpectedClosingTag("{{/x}}", at: at("page", 1, 13))) {
            try compile("héllo wörld {{/x}}")
        }
    }

    @Test func nestingTooDeep() {
        let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
        #expect(throws: MustacheError.sectionsNestedTooDeeply(at: at("page", 1, 256 * 6 + 1))) {
            try compile(source)
        }
    }

    // MARK: - Strict partials

    @Test func missingPartialInStrictMode() throws {
        let template = try MustacheTemplate(source: "<body>\n  {{> header }}\n</body>", name: "page")
        let strict = try MustacheLibrary(sources: [:], strictPartials: true)
        #expect(throws: MustacheError.missingTemplate(.partial, name: "header", at: at("page", 2, 3))) {
            try template.render([:], library: strict)
        }
        // Without strict mode the spec rule applies: a missing partial renders as nothing.
        #expect(try template.render([:], library: MustacheLibrary(sources: [:])) == "<body>\n</body>")
    }

    @Test func missingParentInStrictMode() throws {
        let library = try MustacheLibrary(
            sources: ["page": "Hi\n{{<layout}}{{$body}}x{{/body}}{{/layout}}"], strictPartials: true)
        #expect(throws: MustacheError.missingTemplate(.parent, name: "layout", at: at("page", 2, 1))) {
            try library.render("page", [:])
        }
    }

    @Test func missingPartialIsReportedInTheFileThatIncludesIt() throws {
        let library = try MustacheLibrary(
            sources: ["page": "{{>card}}", "card": "x\n  {{>missing}}"], strictPartials: true)
        #expect(throws: MustacheError.missingTemplate(.partial, name: "missing", at: at("card", 2, 3))) {
            try library.render("page", [:])
        }
    }

    @Test func dynamicPartialsInStrictMode() throws {
        let library = try MustacheLibrary(sources: ["page": "{{>*kind}}"], strictPartials: true)
        #expect(throws: MustacheError.dynamicNameNotAString(.partial, path: "kind", at: at("page", 1, 1))) {
            try library.render("page", [:])
        }
        #expect(throws: MustacheError.missingTemplate(.partial, name: "gallery", at: at("page", 1, 1))) {
            try library.render("page", ["kind": "gallery"])
        }
    }

    @Test func renderingAnUnknownTemplate() throws {
        #expect(throws: MustacheError.unknownTemplate(name: "nope")) {
            try MustacheLibrary(sources: [:]).render("nope", nil)
        }
    }

    // MARK: - Runaway recursion

    @Test func partialThatIncludesItselfForever() throws {
        // `child` is found again and again down the context stack, so the recursion never ends.
        let library = try MustacheLibrary(sources: ["node": "{{#child}}[{{>node}}]{{/child}}"])
        #expect(throws: MustacheError.nestedTooDeeply(.partial, name: "node", at: at("node", 1, 12))) {
            try library.render("node", ["child": true])
        }
    }

    @Test func parentThatExtendsItself() throws {
        let library = try MustacheLibrary(sources: ["a": "x\n{{<a}}{{/a}}"])
        #expect(throws: MustacheError.nestedTooDeeply(.parent, name: "a", at: at("a", 2, 1))) {
            try library.render("a", nil)
        }
    }

    @Test func blockOverrideThatContainsItself() throws {
        let library = try MustacheLibrary(sources: [
            "p": "{{$a}}{{/a}}", "page": "{{<p}}{{$a}}[{{$a}}{{/a}}]{{/a}}{{/p}}"
        ])
        #expect(throws: MustacheError.nestedTooDeeply(.block, name: "a", at: at("page", 1, 14))) {
            try library.render("page", nil)
        }
    }

    @Test func lambdaThatExpandsToItself() throws {
        let template = try MustacheTemplate(source: "{{again}}", name: "page")
        let context: [String: Any] = ["again": MustacheLambda { "{{again}}" }]
        #expect(throws: MustacheError.nestedTooDeeply(.lambda, name: "again", at: at("lambda 'again'", 1, 1))) {
            try template.render(context)
        }
    }

    @Test func deepButFiniteRecursionIsFine() throws {
        // A 60-level tree rendered through a recursive partial.
        // (The leaf needs its own empty `children`, or the lookup would find its parent's.)
        var tree: [String: Any] = ["name": "leaf", "children": [Any]()]
        for level in (0..<60).reversed() {
            tree = ["name": "n\(level)", "children": [tree]]
        }
        let library = try MustacheLibrary(sources: ["node": "{{name}}{{#children}}>{{>node}}{{/children}}"])
        let rendered = try library.render("node", tree)
        #expect(rendered.hasPrefix("n0>n1>n2>"))
        #expect(rendered.hasSuffix(">n59>leaf"))
    }

    // MARK: - Lambdas and description

    @Test func lambdaReturningAnInvalidTemplate() throws {
        let template = try MustacheTemplate(source: "x\n  {{#wrap}}body{{/wrap}}", name: "page")
        let context: [String: Any] = ["wrap": MustacheLambda { (_: String) in "{{#oops}}" }]
        #expect(
            throws: MustacheError.invalidLambdaOutput(
                lambda: "wrap", .unclosed(.section, tag: "{{#oops}}", at: at("lambda 'wrap'", 1, 1)),
                at: at("page", 2, 3))
        ) {
            try template.render(context)
        }
    }
}

/// What users read: each case's message, exactly as earlier versions wrote it, after its location.
@Suite struct MessageTests {
    private let page = TemplateLocation(file: "page", line: 2, column: 3)

    @Test func descriptionIsFileLineColumnMessage() {
        #expect(
            MustacheError.emptyTag(at: TemplateLocation(file: "page.mustache", line: 2, column: 3)).description
                == "page.mustache:2:3: empty tag: expected a name")
        #expect(
            MustacheError.emptyTag(at: TemplateLocation(file: "", line: 1, column: 1)).description
                == "<template>:1:1: empty tag: expected a name")
        #expect(
            MustacheError.folderNotFound(path: "/site/layouts").description
                == "/site/layouts: template folder not found")
    }

    @Test func everyCaseSaysWhatIsWrongAndWhere() {
        let messages: [(MustacheError, String)] = [
            (.unclosedTag(expected: "}}", at: page), "unclosed tag: expected '}}' before the end of the template"),
            (.emptyTag(at: page), "empty tag: expected a name"),
            (.whitespaceInName("first name", at: page), "invalid name 'first name': names cannot contain whitespace"),
            (.emptyNamePart("a..b", at: page), "invalid name 'a..b': empty part in dotted name"),
            (
                .malformedSetDelimiters(at: page),
                "invalid set-delimiter tag: expected two delimiters separated by whitespace, as in {{=<% %>=}}"
            ),
            (.equalsInDelimiter("<%=", at: page), "invalid delimiter '<%=': delimiters cannot contain '='"),
            (.sectionsNestedTooDeeply(at: page), "sections nested too deeply (more than 256 levels)"),
            (.unexpectedClosingTag("{{/a}}", at: page), "unexpected closing tag {{/a}}: no section is open"),
            (
                .mismatchedClosingTag(
                    "{{/a}}", opening: "{{#b}}", openedAt: TemplateLocation(file: "page", line: 1, column: 4),
                    at: page),
                "closing tag {{/a}} does not match {{#b}} at line 1, column 4"
            ),
            (
                .unclosed(.invertedSection, tag: "{{^empty}}", at: page),
                "unclosed inverted section {{^empty}}: no matching closing tag"
            ),
            (.unclosed(.block, tag: "{{$title}}", at: page), "unclosed block {{$title}}: no matching closing tag"),
            (.missingTemplate(.parent, name: "layout", at: page), "parent 'layout' not found"),
            (
                .dynamicNameNotAString(.partial, path: "kind", at: page),
                "dynamic partial name 'kind' does not resolve to a string"
            ),
            (
                .nestedTooDeeply(.lambda, name: "again", at: page),
                "lambda 'again' nested more than 100 levels deep (infinite recursion?)"
            ),
            (
                .tooManySteps(at: page),
                """
                more than 2000000 section iterations and partial expansions in one render: sections over lists \
                nested in each other, or partials used several times each, multiply the work
                """
            ),
            (
                .invalidLambdaOutput(
                    lambda: "wrap", .emptyTag(at: TemplateLocation(file: "lambda 'wrap'", line: 1, column: 1)), at: page
                ),
                "lambda 'wrap' returned an invalid template: lambda 'wrap':1:1: empty tag: expected a name"
            )
        ]
        for (error, message) in messages {
            #expect(error.location == page)
            #expect(error.description == "page:2:3: " + message)
        }
        #expect(
            MustacheError.unreadableTemplate(path: "/t/a.mustache", reason: "no such file").description
                == "/t/a.mustache: cannot read template: no such file")
        #expect(MustacheError.unknownTemplate(name: "nope").description == "nope: template not found")
        #expect(
            MustacheError.unknownTemplate(name: "nope").location == TemplateLocation(file: "nope", line: 0, column: 0))
    }
}
