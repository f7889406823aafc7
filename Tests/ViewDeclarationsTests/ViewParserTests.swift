import Testing
@testable import ViewDeclarations

@Suite struct ViewParserTests {
    static let sample = """
        // A comment, dropped.
        import ModakCore

        /// A gift.
        struct GiftView: Sendable, Equatable
            let id: String
            /// Its tags.
            var tags: [String] = []
            let text: String => text.isEmpty ? nil : text
            hidden let path: String
            show hasTags = !tags.isEmpty
            show fields of facts
            /// Inlined.
            @inline(__always)

        final class Facts
            let name: String
        """

    @Test func everyFormOfDeclarationIsRead() throws {
        let file = try ViewParser.parse(Self.sample, path: "Gifts.views")
        #expect(file.imports == ["ModakCore"])
        #expect(file.views.map(\.name) == ["GiftView", "Facts"])
        let gift = file.views[0]
        #expect(gift.kind == .struct && gift.conformances == ["Sendable", "Equatable"])
        #expect(gift.doc == ["/// A gift."] && gift.line == 5)
        #expect(
            gift.stored == [
                .init(isVariable: false, name: "id", type: "String", defaultValue: nil, doc: [], line: 6),
                .init(
                    isVariable: true, name: "tags", type: "[String]", defaultValue: "[]", doc: ["/// Its tags."],
                    line: 8),
                .init(isVariable: false, name: "text", type: "String", defaultValue: nil, doc: [], line: 9),
                .init(isVariable: false, name: "path", type: "String", defaultValue: nil, doc: [], line: 10)
            ])
        #expect(
            gift.fields == [
                .value(name: "id", expression: "id", line: 6),
                .value(name: "tags", expression: "tags", line: 8),
                .value(name: "text", expression: "text.isEmpty ? nil : text", line: 9),
                .value(name: "hasTags", expression: "!tags.isEmpty", line: 11),
                .fields(of: "facts", line: 12)
            ], "in declared order, the hidden one left out")
        #expect(gift.listFieldsAttributes == ["@inline(__always)"] && gift.listFieldsDoc == ["/// Inlined."])
        #expect(file.views[1].kind == .finalClass && file.views[1].conformances.isEmpty)
    }

    @Test func theSwiftListsEachFieldWhereTheViewsFileSaysItIs() throws {
        let file = try ViewParser.parse(Self.sample, path: "Gifts.views")
        let swift = ViewSource.swift(for: file, viewsPath: "/site/Gifts.views")
        #expect(
            swift.hasPrefix(
                "// Generated from Gifts.views by modak-views: edit that file, not this one.\nimport ModakCore\n"))
        #expect(
            swift.contains(
                """
                #sourceLocation(file: "/site/Gifts.views", line: 4)
                /// A gift.
                struct GiftView: ViewFields, Sendable, Equatable {
                #sourceLocation(file: "/site/Gifts.views", line: 6)
                    let id: String
                #sourceLocation(file: "/site/Gifts.views", line: 7)
                    /// Its tags.
                    var tags: [String] = []
                """))
        #expect(
            swift.contains(
                """
                    /// Inlined.
                    @inline(__always)
                    func listFields(to list: inout some FieldList) {
                #sourceLocation(file: "/site/Gifts.views", line: 6)
                        list.field("id", id)
                """))
        #expect(swift.contains("        list.field(\"text\", text.isEmpty ? nil : text)\n"))
        #expect(swift.contains("        list.fields(of: facts)\n"))
        #expect(!swift.contains("list.field(\"path\""), "a hidden property is stored, not shown")
        #expect(swift.contains("final class Facts: ViewFields {"))
        #expect(
            swift.contains("    init(name: String) {\n        self.name = name\n    }\n"),
            "a class gets the memberwise init a struct has")
    }

    @Test func everyLineThatIsNoDeclarationIsAnErrorAtOnce() {
        let text = """
                let stray: Int
            struct View
                let name: String
                show name = name.uppercased()
                  let deep: Int
                hidden let secret: String => secret
                func listFields() {}
                show = 1
            enum NotAView
            """
        #expect(throws: ViewParseFailure.self) { try ViewParser.parse(text, path: "V.views") }
        do {
            _ = try ViewParser.parse(text, path: "V.views")
        } catch {
            #expect(error.errors.map(\.line) == [1, 4, 5, 6, 7, 8, 9])
            #expect(
                error.errors[0].description
                    == "V.views:1: error: a declaration outside a view: start one with `struct Name`")
            #expect(error.errors[1].message.hasPrefix("`name` is shown already (line 3)"))
            #expect(error.errors[2].message == "indent a view's declarations by four spaces")
            #expect(error.errors[3].message.hasPrefix("a hidden property is not shown"))
            #expect(error.errors[4].message.hasPrefix("expected `let name: Type`"))
            #expect(error.errors[5].message == "write a shown field as `show name = expression`")
            #expect(error.errors[6].message.hasPrefix("expected `struct Name`"))
        }
    }
}
