import Foundation
import Mustache
import Testing
import TestSupport

@Suite struct LibraryTests {
    @Test func loadsFoldersRecursivelyWithLaterFoldersOverriding() throws {
        let temporary = try TemporaryFolder()
        let theme = try temporary.make(
            "theme",
            [
                "page.mustache": "<main>{{>partials/card}}|{{>partials/footer}}</main>",
                "partials/card.mustache": "theme card {{title}}",
                "partials/footer.mustache": "theme footer",
                "partials/deep/note.mustache": "note",
                "README.md": "not a template",
                ".hidden/secret.mustache": "skipped",
                "partials/.draft.mustache": "skipped"
            ])
        let site = try temporary.make(
            "site",
            [
                "partials/card.mustache": "site card {{title}}"
            ])

        let library = try MustacheLibrary(folders: [theme, site])
        #expect(library.names == ["page", "partials/card", "partials/deep/note", "partials/footer"])
        // The page comes from the theme, its card partial from the site's override.
        #expect(try library.render("page", ["title": "T"]) == "<main>site card T|theme footer</main>")
        #expect(try library.render("partials/deep/note", nil) == "note")

        // Order matters: the last folder wins.
        let reversed = try MustacheLibrary(folders: [site, theme])
        #expect(try reversed.render("page", ["title": "T"]) == "<main>theme card T|theme footer</main>")
    }

    @Test func templateLookupByName() throws {
        let library = try MustacheLibrary(sources: ["a": "A{{x}}", "partials/b": "B"])
        #expect(try library.template(named: "a")?.render(["x": 1]) == "A1")
        #expect(library.template(named: "partials/b") != nil)
        #expect(library.template(named: "missing") == nil)
        #expect(library.names == ["a", "partials/b"])
    }

    @Test func parentsResolveThroughTheLibrary() throws {
        let temporary = try TemporaryFolder()
        let folder = try temporary.make(
            "layouts",
            [
                "base.mustache": "<title>{{$title}}Untitled{{/title}}</title>",
                "post.mustache": "{{<base}}{{$title}}{{name}}{{/title}}{{/base}}"
            ])
        let library = try MustacheLibrary(folders: [folder], strictPartials: true)
        #expect(try library.render("post", ["name": "Hi"]) == "<title>Hi</title>")
    }

    @Test func compileErrorsNameTheFile() throws {
        let temporary = try TemporaryFolder()
        let folder = try temporary.make("layouts", ["partials/bad.mustache": "ok\n  {{#open}}"])
        let path = folder.appendingPathComponent("partials/bad.mustache").path
        #expect(
            throws: MustacheError.unclosed(
                .section, tag: "{{#open}}", at: TemplateLocation(file: path, line: 2, column: 3))
        ) {
            try MustacheLibrary(folders: [folder])
        }
    }

    @Test func strictErrorsNameTheFile() throws {
        let temporary = try TemporaryFolder()
        let folder = try temporary.make("layouts", ["page.mustache": "{{>nav}}"])
        let library = try MustacheLibrary(folders: [folder], strictPartials: true)
        #expect(
            throws: MustacheError.missingTemplate(
                .partial, name: "nav",
                at: TemplateLocation(file: folder.appendingPathComponent("page.mustache").path, line: 1, column: 1))
        ) {
            try library.render("page", nil)
        }
    }

    @Test func missingFolderIsAnError() throws {
        let temporary = try TemporaryFolder()
        let missing = temporary.url.appendingPathComponent("nope")
        #expect(throws: MustacheError.folderNotFound(path: missing.path)) {
            try MustacheLibrary(folders: [missing])
        }
    }

    @Test func sourcesReportErrorsUnderTheirName() throws {
        #expect(
            throws: MustacheError.unexpectedClosingTag(
                "{{/y}}", at: TemplateLocation(file: "partials/x", line: 1, column: 3))
        ) {
            try MustacheLibrary(sources: ["partials/x": "a {{/y}}"])
        }
    }
}
