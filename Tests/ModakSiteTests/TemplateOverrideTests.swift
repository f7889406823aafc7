import Foundation
import ModakInput
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

/// Override files that would change nothing are warned about, located, instead of ignored.
@Suite struct TemplateOverrideTests {
    private let content = ["content/sayings/lamp.md": WrittenSite.saying]

    @Test func aTemplateNamedLikeNoneIsWarnedAboutWithTheNearestName() throws {
        let site = try WrittenSite(content.merging(["templates/sayings.mustache": "{{<layout}}{{/layout}}"]) { $1 })
        #expect(site.result.succeeded)
        #expect(
            site.warnings == [
                """
                \(site.folder.path)/templates/sayings.mustache: warning: no template is named `sayings`, so this \
                file is never used: did you mean `saying.mustache`?
                """
            ])
        let far = try WrittenSite(content.merging(["templates/zzzzzzzz.mustache": "x"]) { $1 })
        #expect(far.warnings.count == 1)
        #expect(far.warnings.first?.contains("an override takes the name of a bundled template") == true)
    }

    @Test func aNewPartialThatAnOverrideIncludesIsNoWarning() throws {
        let layout = try #require(FileManager.default.contents(atPath: Fixtures.templates + "/layout.mustache"))
            .utf8Text
        let site = try WrittenSite(
            content.merging([
                "templates/layout.mustache": layout.replacingOccurrences(
                    of: "</footer>", with: "{{> partials/my-footer}}</footer>"),
                "templates/partials/my-footer.mustache": "<p>OWN-FOOTER</p>",
                "templates/assets/css/extra.css": "p {}"
            ]) { $1 })
        #expect(site.warnings == [])
        #expect(try site.page("index.html").contains("OWN-FOOTER"))
        #expect(site.folder.exists("public/assets/css/extra.css"))
    }

    @Test func unknownUIStringsAndStrayFilesAreWarnedAboutAtTheirLine() throws {
        let site = try WrittenSite(
            content.merging([
                "templates/i18n/ko.json":
                    "{\n  \"search\": \"찾기\",\n  \"serach\": \"찾기\",\n  \"zzzzzzzzzzzzz\": \"?\"\n}\n",
                "templates/notes.txt": "my notes"
            ]) { $1 })
        #expect(site.result.succeeded)
        let folder = site.folder.path + "/templates/"
        #expect(
            site.warnings == [
                """
                \(folder)i18n/ko.json:3: warning: unknown UI string `serach`, which no template uses: did you mean \
                `search`?
                """,
                """
                \(folder)i18n/ko.json:4: warning: unknown UI string `zzzzzzzzzzzzz`, which no template uses: see \
                Templates/i18n/en.json for the keys there are
                """,
                """
                \(folder)notes.txt: warning: Modak does not use this file: templates/ holds *.mustache templates, \
                assets/ and i18n/<language>.json
                """
            ])
    }

    @Test func aUIStringThatIsNoStringIsAnErrorAtItsLine() throws {
        let site = try WrittenSite(content.merging(["templates/i18n/en.json": "{\n  \"search\": 5\n}\n"]) { $1 })
        #expect(!site.result.succeeded)
        #expect(
            site.result.diagnostics.map(\.description) == [
                "\(site.folder.path)/templates/i18n/en.json:2: the UI string `search` must be a string"
            ])
    }

    @Test func theSettingsPageDescribesItselfInModaksWords() throws {
        let site = try WrittenSite(
            content.merging([
                "content/site.json":
                    #"""
                {"title": "T", "baseURL": "https://t.example/", "description": "SITE-DESCRIPTION", \#
                "language": "en"}
                """#
            ]) { $1 })
        let strings = try TemplateLoader.load(folders: [Fixtures.templates]).strings(for: "en")
        let description = try #require(
            try site.elements("settings/index.html", "meta") { $0["name"] == "description" }.first?.attributes[
                "content"])
        #expect(description == strings["settingsDescription"])
        #expect(!(try site.page("settings/index.html").contains("SITE-DESCRIPTION")))
        #expect(try site.page("index.html").contains("SITE-DESCRIPTION"), "other pages keep the site's description")
    }

    @Test func aMissingSiteJSONIsNamedInsideTheContentFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/content", withIntermediateDirectories: true)
        let empty = SiteBuilder.pinned.build(
            request(content: folder.path + "/content", output: folder.path + "/public"))
        #expect(empty.diagnostics.map(\.path) == [folder.path + "/content/site.json"])
        try folder.write("content/sayings/lamp.md", WrittenSite.saying)
        let withFiles = SiteBuilder.pinned.build(
            request(content: "\(folder.path)/content/", output: folder.path + "/public"))
        #expect(
            withFiles.diagnostics.map(\.description) == [
                """
                \(folder.path)/content/site.json: the content folder has no site.json: create one with at least \
                {\"title\": \"…\", \"baseURL\": \"https://…/\"}, or start a new site with `modak init`
                """
            ])
    }
}

private extension Data {
    var utf8Text: String { String(decoding: self, as: UTF8.self) }
}
