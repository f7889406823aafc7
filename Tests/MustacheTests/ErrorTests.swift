import Mustache
import Testing

/// Every error a template author can cause, with its exact file, line, column and message.
@Suite struct ErrorTests {
    private func error(_ file: String, _ line: Int, _ column: Int, _ message: String) -> MustacheError {
        MustacheError(file: file, line: line, column: column, message: message)
    }

    private func compile(_ source: String) throws {
        _ = try MustacheTemplate(source: source, name: "page")
    }

    // MARK: - Sections

    @Test func unclosedSectionReportsTheOpeningTag() {
        #expect(throws: error("page", 2, 3, "unclosed section {{#items}}: no matching closing tag")) {
            try compile("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n")
        }
        #expect(throws: error("page", 1, 1, "unclosed inverted section {{^empty}}: no matching closing tag")) {
            try compile("{{^empty}}nothing")
        }
        #expect(throws: error("page", 1, 1, "unclosed section {{#a}}: no matching closing tag")) {
            try compile("{{#a}}{{#b}}{{/b}}")
        }
    }

    @Test func unclosedParentAndBlock() {
        #expect(throws: error("page", 1, 1, "unclosed parent {{<layout}}: no matching closing tag")) {
            try compile("{{<layout}}{{$body}}x{{/body}}")
        }
        #expect(throws: error("page", 2, 3, "unclosed block {{$title}}: no matching closing tag")) {
            try compile("<h1>\n  {{$title}}x")
        }
    }

    @Test func mismatchedClosingTag() {
        #expect(throws: error("page", 2, 10, "closing tag {{/a}} does not match {{#b}} at line 2, column 3")) {
            try compile("{{#a}}\n  {{#b}}x{{/a}}{{/b}}")
        }
    }

    @Test func unexpectedClosingTag() {
        #expect(throws: error("page", 2, 1, "unexpected closing tag {{/a}}: no section is open")) {
            try compile("Hello\n{{/a}}")
        }
        #expect(throws: error("page", 1, 13, "unexpected closing tag {{/a}}: no section is open")) {
            try compile("{{#a}}{{/a}}{{/a}}")
        }
    }

    // MARK: - Set delimiters

    @Test func badSetDelimiterTags() {
        let twoDelimiters = "invalid set-delimiter tag: expected two delimiters separated by whitespace, as in {{=<% %>=}}"
        #expect(throws: error("page", 2, 1, twoDelimiters)) { try compile("a\n{{=<% =}}") }
        #expect(throws: error("page", 1, 3, twoDelimiters)) { try compile("x {{=<%%>=}}") }
        #expect(throws: error("page", 1, 1, twoDelimiters)) { try compile("{{=<% | %>=}}") }
        #expect(throws: error("page", 1, 1, "invalid delimiter '<%=': delimiters cannot contain '='")) {
            try compile("{{=<%= %>=}}")
        }
        #expect(throws: error("page", 1, 1, "unclosed tag: expected '=}}' before the end of the template")) {
            try compile("{{=<% %>}} and more")
        }
    }

    @Test func errorsAfterADelimiterChangeUseTheNewDelimiters() {
        #expect(throws: error("page", 2, 4, "unclosed tag: expected '%>' before the end of the template")) {
            try compile("{{=<% %>=}}\nHi <%name")
        }
        #expect(throws: error("page", 2, 1, "unexpected closing tag <%/a%>: no section is open")) {
            try compile("{{=<% %>=}}\n<%/a%>")
        }
    }

    // MARK: - Malformed tags

    @Test func unclosedTag() {
        #expect(throws: error("page", 1, 7, "unclosed tag: expected '}}' before the end of the template")) {
            try compile("Hello {{name")
        }
        #expect(throws: error("page", 3, 1, "unclosed tag: expected '}}}' before the end of the template")) {
            try compile("a\nb\n{{{html}}")
        }
        #expect(throws: error("page", 1, 1, "unclosed tag: expected '}}' before the end of the template")) {
            try compile("{{! a comment that never ends\n\n")
        }
    }

    @Test func invalidNames() {
        #expect(throws: error("page", 1, 4, "empty tag: expected a name")) { try compile("Hi {{ }}") }
        #expect(throws: error("page", 1, 1, "invalid name 'first name': names cannot contain whitespace")) {
            try compile("{{first name}}")
        }
        #expect(throws: error("page", 1, 1, "invalid name 'a..b': empty part in dotted name")) { try compile("{{#a..b}}{{/a..b}}") }
        #expect(throws: error("page", 1, 1, "invalid name '.a': empty part in dotted name")) { try compile("{{.a}}") }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(throws: error("page", 1, 13, "unexpected closing tag {{/x}}: no section is open")) {
            try compile("héllo wörld {{/x}}")
        }
    }

    @Test func nestingTooDeep() {
        let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
        #expect(throws: error("page", 1, 256 * 6 + 1, "sections nested too deeply (more than 256 levels)")) {
            try compile(source)
        }
    }

    // MARK: - Strict partials

    @Test func missingPartialInStrictMode() throws {
        let template = try MustacheTemplate(source: "<body>\n  {{> header }}\n</body>", name: "page")
        let strict = try MustacheLibrary(sources: [:], strictPartials: true)
        #expect(throws: error("page", 2, 3, "partial 'header' not found")) {
            try template.render([:], library: strict)
        }
        // Without strict mode the spec rule applies: a missing partial renders as nothing.
        #expect(try template.render([:], library: MustacheLibrary(sources: [:])) == "<body>\n</body>")
    }

    @Test func missingParentInStrictMode() throws {
        let library = try MustacheLibrary(sources: ["page": "Hi\n{{<layout}}{{$body}}x{{/body}}{{/layout}}"], strictPartials: true)
        #expect(throws: error("page", 2, 1, "parent 'layout' not found")) {
            try library.render("page", [:])
        }
    }

    @Test func missingPartialIsReportedInTheFileThatIncludesIt() throws {
        let library = try MustacheLibrary(sources: ["page": "{{>card}}", "card": "x\n  {{>missing}}"], strictPartials: true)
        #expect(throws: error("card", 2, 3, "partial 'missing' not found")) {
            try library.render("page", [:])
        }
    }

    @Test func dynamicPartialsInStrictMode() throws {
        let library = try MustacheLibrary(sources: ["page": "{{>*kind}}"], strictPartials: true)
        #expect(throws: error("page", 1, 1, "dynamic partial name 'kind' does not resolve to a string")) {
            try library.render("page", [:])
        }
        #expect(throws: error("page", 1, 1, "partial 'gallery' not found")) {
            try library.render("page", ["kind": "gallery"])
        }
    }

    @Test func renderingAnUnknownTemplate() throws {
        #expect(throws: error("nope", 0, 0, "template not found")) {
            try MustacheLibrary(sources: [:]).render("nope", nil)
        }
    }

    // MARK: - Runaway recursion

    @Test func partialThatIncludesItselfForever() throws {
        // `child` is found again and again down the context stack, so the recursion never ends.
        let library = try MustacheLibrary(sources: ["node": "{{#child}}[{{>node}}]{{/child}}"])
        #expect(throws: error("node", 1, 12, "partial 'node' nested more than 100 levels deep (infinite recursion?)")) {
            try library.render("node", ["child": true])
        }
    }

    @Test func parentThatExtendsItself() throws {
        let library = try MustacheLibrary(sources: ["a": "x\n{{<a}}{{/a}}"])
        #expect(throws: error("a", 2, 1, "parent 'a' nested more than 100 levels deep (infinite recursion?)")) {
            try library.render("a", nil)
        }
    }

    @Test func blockOverrideThatContainsItself() throws {
        let library = try MustacheLibrary(sources: ["p": "{{$a}}{{/a}}", "page": "{{<p}}{{$a}}[{{$a}}{{/a}}]{{/a}}{{/p}}"])
        #expect(throws: error("page", 1, 14, "block 'a' nested more than 100 levels deep (infinite recursion?)")) {
            try library.render("page", nil)
        }
    }

    @Test func lambdaThatExpandsToItself() throws {
        let template = try MustacheTemplate(source: "{{again}}", name: "page")
        let context: [String: Any] = ["again": MustacheLambda { "{{again}}" }]
        #expect(throws: error("lambda 'again'", 1, 1, "lambda 'again' nested more than 100 levels deep (infinite recursion?)")) {
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
        #expect(throws: error("page", 2, 3, "lambda 'wrap' returned an invalid template: lambda 'wrap':1:1: unclosed section {{#oops}}: no matching closing tag")) {
            try template.render(context)
        }
    }

    @Test func descriptionIsFileLineColumnMessage() {
        #expect(error("page.mustache", 2, 3, "boom").description == "page.mustache:2:3: boom")
        #expect(error("", 1, 1, "boom").description == "<template>:1:1: boom")
        #expect(error("/site/layouts", 0, 0, "template folder not found").description == "/site/layouts: template folder not found")
    }
}
