import Foundation
import Mustache
import Testing

private func render(_ source: String, _ context: Any?, partials: [String: String] = [:]) throws -> String {
    try MustacheTemplate(source: source).render(context, library: MustacheLibrary(sources: partials))
}

struct Author: MustacheFields {
    let name: String
    let url: String?

    func mustacheField(_ field: String) -> Any? {
        switch field {
        case "name": name
        case "url": url
        default: nil
        }
    }
}

struct Post: MustacheFields {
    let title: String
    let subtitle: String?
    let tags: [String]
    let author: Author
    let views: Int

    func mustacheField(_ field: String) -> Any? {
        switch field {
        case "title": title
        case "subtitle": subtitle
        case "tags": tags
        case "author": author
        case "views": views
        default: nil
        }
    }
}

@Suite struct ContextTests {
    let post = Post(
        title: "Hello <World>", subtitle: nil, tags: ["swift", "web"],
        author: Author(name: "Ada", url: "https://ada.example"), views: 1200)

    @Test func mustacheFieldsConformers() throws {
        let source =
            "{{title}} by {{author.name}}{{#author.url}} ({{.}}){{/author.url}}: {{#tags}}#{{.}} {{/tags}}{{views}}"
        #expect(try render(source, post) == "Hello &lt;World&gt; by Ada (https://ada.example): #swift #web 1200")
    }

    @Test func fieldsConformersInListsAndDictionaries() throws {
        let context: [String: Any] = ["site": "Blog", "posts": [post, post]]
        #expect(
            try render("{{#posts}}[{{title}} @ {{site}}]{{/posts}}", context)
                == "[Hello &lt;World&gt; @ Blog][Hello &lt;World&gt; @ Blog]")
    }

    @Test func missingFieldFallsBackDownTheContextStack() throws {
        #expect(
            try render("{{#post}}{{title}} / {{site}}{{/post}}", ["post": post, "site": "Blog"])
                == "Hello &lt;World&gt; / Blog")
    }

    @Test func optionalsAreUnwrapped() throws {
        let some: String? = "yes"
        let none: String? = nil
        let count: Int? = 3
        let nested: [String: Any]?? = ["x": "deep"]
        let context: [String: Any] = [
            "some": some as Any, "none": none as Any, "count": count as Any, "nested": nested as Any
        ]
        #expect(try render("{{some}}|{{none}}|{{count}}|{{nested.x}}", context) == "yes||3|deep")
        #expect(
            try render("{{#some}}1{{/some}}{{#none}}2{{/none}}{{^none}}3{{/none}}{{#nested}}{{x}}{{/nested}}", context)
                == "13deep")
        #expect(try render("{{#list}}[{{.}}]{{/list}}", ["list": ["a", nil, "c"] as [String?]]) == "[a][][c]")
        #expect(try render("{{subtitle}}{{^subtitle}}no subtitle{{/subtitle}}", post) == "no subtitle")
    }

    @Test func optionalContext() throws {
        let context: [String: Any]? = ["name": "Ann"]
        #expect(try render("Hi {{name}}", context) == "Hi Ann")
        #expect(try render("Hi {{name}}.", nil) == "Hi .")
    }

    @Test func numbers() throws {
        let context: [String: Any] = [
            "int": 42, "negative": -7, "double": 1.5, "wholeDouble": 100.0, "float": Float(2.25),
            "int64": Int64(9_000_000_000), "byte": UInt8(255), "decimal": Decimal(string: "19.99")!
        ]
        #expect(
            try render(
                "{{int}} {{negative}} {{double}} {{wholeDouble}} {{float}} {{int64}} {{byte}} {{decimal}}", context)
                == "42 -7 1.5 100.0 2.25 9000000000 255 19.99")
    }

    @Test func booleans() throws {
        #expect(try render("{{yes}} {{no}}", ["yes": true, "no": false]) == "true false")
    }

    @Test func truthiness() throws {
        let context: [String: Any] = [
            "zero": 0, "empty": "", "emptyList": [Any](), "emptyDictionary": [String: Any](), "null": NSNull(),
            "false": false
        ]
        let source =
            "{{#zero}}zero {{/zero}}{{#empty}}empty {{/empty}}{{#emptyList}}list {{/emptyList}}"
                + """
                {{#emptyDictionary}}dictionary {{/emptyDictionary}}{{#null}}null {{/null}}{{#false}}false \
                {{/false}}{{#missing}}missing{{/missing}}
                """
        #expect(try render(source, context) == "zero empty dictionary ")
    }

    @Test func otherDictionaryAndArrayTypes() throws {
        let context: [String: Any] = [
            "labels": ["en": "Hello", "fr": "Bonjour"],
            "counts": ["a": 1],
            "words": ["x", "y"][...],
            "numbers": ContiguousArray([1, 2, 3]),
            "groups": ["letters": ["a", "b"]]
        ]
        #expect(
            try render(
                """
                {{labels.fr}} {{counts.a}} {{#words}}{{.}}{{/words}} {{#numbers}}{{.}}{{/numbers}} \
                {{#groups.letters}}{{.}}{{/groups.letters}}
                """,
                context)
                == "Bonjour 1 xy 123 ab")
    }

    @Test func substrings() throws {
        let text = "hello world"
        #expect(try render("{{word}}", ["word": text.prefix(5)]) == "hello")
    }
}

@Suite struct EscapingTests {
    @Test func htmlEscapingIncludesSingleQuotes() throws {
        let context = ["value": "<a href=\"x\" title='y'>Tom & Jerry</a>"]
        #expect(
            try render("{{value}}", context)
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;")
        #expect(try render("{{{value}}}|{{&value}}", context) == "\(context["value"]!)|\(context["value"]!)")
    }

    @Test func nonASCIITextIsKept() throws {
        #expect(try render("{{a}} · {{b}}", ["a": "Crème brûlée", "b": "日本語 & 😀"]) == "Crème brûlée · 日本語 &amp; 😀")
    }
}

@Suite struct LambdaTests {
    @Test func sectionLambdaWrapsItsBody() throws {
        let context: [String: Any] = ["name": "Ann", "bold": MustacheLambda { (body: String) in "<b>\(body)</b>" }]
        #expect(try render("{{#bold}}Hi {{name}}{{/bold}}", context) == "<b>Hi Ann</b>")
    }

    @Test func interpolationLambdaIsEscapedUnlessTriple() throws {
        let context: [String: Any] = ["now": MustacheLambda { "<2025>" }]
        #expect(try render("{{now}} {{{now}}}", context) == "&lt;2025&gt; <2025>")
    }

    @Test func lambdaInsideFieldsAndDottedNames() throws {
        let context: [String: Any] = ["page": ["stamp": MustacheLambda { "{{site}}!" }], "site": "Modak"]
        #expect(try render("{{page.stamp}}", context) == "Modak!")
    }
}

@Suite struct TemplateTests {
    @Test func aTemplateIsCompiledOnceAndRenderedManyTimes() throws {
        let template = try MustacheTemplate(source: "{{#items}}{{.}},{{/items}}")
        #expect(try template.render(["items": [1, 2]]) == "1,2,")
        #expect(try template.render(["items": ["a"]]) == "a,")
        #expect(try template.render(nil) == "")
    }

    @Test func concurrentRenderingSharesOneTemplate() async throws {
        let template = try MustacheTemplate(source: "{{#n}}{{.}}{{/n}}")
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<32 {
                group.addTask { (index, try template.render(["n": Array(0..<index)])) }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        for (index, output) in results {
            #expect(output == (0..<index).map(String.init).joined())
        }
    }

    @Test func standalonePartialIndentsEachNonEmptyLine() throws {
        let partials = ["list": "<ul>\n\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n"]
        let rendered = try render("<nav>\n    {{>list}}\n</nav>\n", ["items": ["a", "b"]], partials: partials)
        #expect(rendered == "<nav>\n    <ul>\n\n      <li>a</li>\n      <li>b</li>\n    </ul>\n</nav>\n")
    }

    @Test func nestedStandalonePartialsAddUpTheirIndentation() throws {
        let partials = ["outer": "<div>\n  {{>inner}}\n</div>\n", "inner": "<p>\n  {{text}}\n</p>\n"]
        let rendered = try render("  {{>outer}}", ["text": "line1\nline2"], partials: partials)
        // Interpolated values are not indented, only template lines are.
        #expect(rendered == "  <div>\n    <p>\n      line1\nline2\n    </p>\n  </div>\n")
    }

    @Test func layoutInheritance() throws {
        let partials = [
            "layout":
                """
            <html>\n<head><title>{{$title}}Site{{/title}}</title></head>\n<body>\n  {{$body}}\n  \
            <p>empty</p>\n  {{/body}}\n</body>\n</html>\n
            """
        ]
        let page = """
            {{<layout}}
              {{$title}}{{name}} · Site{{/title}}
              {{$body}}
              <h1>{{name}}</h1>
              <p>Welcome</p>
              {{/body}}
            {{/layout}}

            """
        let rendered = try render(page, ["name": "Home"], partials: partials)
        #expect(
            rendered
                == """
                <html>\n<head><title>Home · Site</title></head>\n<body>\n  <h1>Home</h1>\n  \
                <p>Welcome</p>\n</body>\n</html>\n
                """
        )
    }
}

@Suite struct WordwiseEscapingTests {
    /// The escaper skips eight bytes at a time: every special character is found wherever it falls
    /// in a word, at the start, the end and in the tail, among ASCII and multi-byte text.
    @Test func everySpecialCharacterIsEscapedAtEveryOffset() throws {
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        for filler in ["a", "한", " "] {
            for length in 0..<20 {
                for position in 0...length {
                    for (special, entity) in entities {
                        var text = String(repeating: filler, count: length)
                        text.insert(special, at: text.index(text.startIndex, offsetBy: position))
                        let expected =
                            String(repeating: filler, count: position) + entity
                            + String(repeating: filler, count: length - position)
                        #expect(try render("{{x}}", ["x": text]) == expected)
                    }
                }
            }
        }
        #expect(try render("{{x}}", ["x": "<&>\"'<&>\"'"]) == "&lt;&amp;&gt;&quot;&#39;&lt;&amp;&gt;&quot;&#39;")
    }
}

@Suite struct MustacheObjectTests {
    struct Page: MustacheFields {
        let author: Author?
        func mustacheField(_ field: String) -> Any? {
            field == "author" ? author.map(MustacheObject.init) : nil
        }
    }

    /// A view handed over boxed renders exactly as the view itself: in sections, dotted names and
    /// inverted sections, and an absent one is falsy.
    @Test func aBoxedViewRendersAsTheViewItself() throws {
        let template = "{{#author}}<{{name}}>{{/author}}|{{author.name}}|{{^author}}none{{/author}}"
        let author = Author(name: "Kim & Lee", url: nil)
        #expect(try render(template, Page(author: author)) == "<Kim &amp; Lee>|Kim &amp; Lee|")
        #expect(try render(template, Page(author: nil)) == "||none")
        #expect(try render(template, ["author": author]) == "<Kim &amp; Lee>|Kim &amp; Lee|")
    }
}
