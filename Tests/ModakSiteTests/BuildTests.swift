import Foundation
import ModakXML
import Testing
import TestSupport
import ModakCore
@testable import ModakSite

@Suite struct BuildTests {
    @Test func buildsHomeSayingPagesAnd404() throws {
        let folder = try TemporaryFolder()
        let result = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: folder.path + "/public"))
        #expect(result.succeeded, "\(result.diagnostics)")
        let home = try #require(folder.read("public/index.html"))
        #expect(home.contains(#"id="today""#))
        for id in ["one", "two", "late-night"] {
            #expect(folder.exists("public/sayings/\(id)/index.html"), "page of \(id)")
            #expect(home.contains(#"data-saying-id="\#(id)""#))
        }
        #expect(folder.exists("public/404.html"))
    }

    @Test func scheduledSayingsAppearInNoFile() throws {
        let folder = try TemporaryFolder()
        let result = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: folder.path + "/public"))
        #expect(result.succeeded)
        for (path, bytes) in try folder.snapshot() {
            #expect(
                !String(decoding: bytes, as: UTF8.self).contains("SCHEDULED-MARKER"), "\(path) leaks a scheduled saying"
            )
        }
        #expect(!folder.exists("public/sayings/scheduled/index.html"))
    }

    @Test func theNextDayPublishesTheScheduledSaying() throws {
        let folder = try TemporaryFolder()
        let result = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: folder.path + "/public", date: "2026-12-01"))
        #expect(result.succeeded)
        #expect(folder.exists("public/sayings/scheduled/index.html"))
    }

    @Test func newMarksFollowNewDays() throws {
        let folder = try TemporaryFolder()
        _ = SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: folder.path + "/public"))
        let marks = { (id: String) in
            HTMLDocument(html: folder.read("public/sayings/\(id)/index.html") ?? "").elements.filter {
                $0.attributes["data-new"] != nil
            }.count
        }
        #expect(marks("late-night") == 1)
        #expect(marks("two") == 1)
        #expect(marks("one") == 0)
    }

    @Test func rawHTMLInMarkdownIsDroppedByDefault() throws {
        let folder = try TemporaryFolder()
        _ = SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: folder.path + "/public"))
        let page = try #require(folder.read("public/sayings/one/index.html"))
        #expect(page.contains("<em>commentary</em>"))
        #expect(!page.contains("<b>raw html</b>"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        #expect(SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: first.path)).succeeded)
        #expect(SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: second.path)).succeeded)
        let a = try first.snapshot()
        let b = try second.snapshot()
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, bytes) in a { #expect(b[path] == bytes, "\(path) differs") }
    }

    @Test func aNoOpRebuildRewritesNothing() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/public"
        let first = SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: output))
        #expect((first.report?.written ?? 0) > 0)
        let inode = try FileManager.default.attributesOfItem(atPath: output + "/index.html")[.systemFileNumber] as? Int
        let second = SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: output))
        #expect(second.report?.written == 0)
        #expect(second.report?.unchanged == first.report?.total)
        // Rewriting goes through a rename, which would give the file a new inode.
        #expect(
            try FileManager.default.attributesOfItem(atPath: output + "/index.html")[.systemFileNumber] as? Int == inode
        )
    }

    @Test func staleFilesAreRemovedAndForeignFilesKept() throws {
        let folder = try TemporaryFolder()
        let content = try Fixtures.copy("basic", into: folder)
        let output = folder.path + "/public"
        #expect(SiteBuilder.pinned.build(request(content: content, output: output)).succeeded)
        try folder.write("public/CNAME", "sayings.example.org\n")
        try FileManager.default.removeItem(atPath: content + "/sayings/late-night.md")
        let result = SiteBuilder.pinned.build(request(content: content, output: output))
        #expect(result.report?.removed == 1)
        #expect(!folder.exists("public/sayings/late-night/index.html"))
        #expect(!folder.exists("public/sayings/late-night"), "the emptied folder is removed too")
        #expect(folder.read("public/CNAME") == "sayings.example.org\n")
    }

    @Test func contentErrorsLeaveThePreviousOutputUntouched() throws {
        let site = try BuiltCopy()
        let (folder, content, output, before) = (site.folder, site.content, site.output, site.files)
        try folder.write("content/sayings/bad.md", "---\nid: bad\ntmie: soon\n---\n")
        try folder.write("content/sayings/copy.md", "---\nid: one\nkor: 복사\nwho: x\ntime: 2026-11-02\n---\n")
        try folder.write(
            "content/sayings/worse.json",
            "[{\"id\": \"x\", \"kor\": \"\", \"eng\": \"\", \"who\": \"a\", \"time\": \"2026-02-30\"}]")
        let result = SiteBuilder.pinned.build(request(content: content, output: output))
        #expect(!result.succeeded)
        let messages = result.diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix(content + "/sayings/bad.md:3: unknown key `tmie`") && $0.contains("did you mean `time`?")
            })
        #expect(
            messages.contains {
                $0.hasPrefix(content + "/sayings/one.md:1:")
                    && $0.contains("`one` is already used at \(content)/sayings/copy.md:1")
            })
        #expect(
            messages.contains {
                $0.hasPrefix(content + "/sayings/worse.json:1:") && $0.contains("neither `kor` nor `eng`")
            })
        #expect(messages.contains { $0.hasPrefix(content + "/sayings/worse.json:1:") && $0.contains("2026-02-30") })
        #expect(try folder.snapshot("public") == before)
    }

    @Test func aLateNightSeoulSayingBelongsToItsSeoulDay() throws {
        let folder = try TemporaryFolder()
        // 2026-11-30 23:59 in Seoul is 14:59 UTC: published on the 30th, not before.
        let early = try TemporaryFolder()
        _ = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: early.path, date: "2026-11-29"))
        #expect(!early.exists("sayings/late-night/index.html"))
        _ = SiteBuilder.pinned.build(
            request(content: Fixtures.content("basic"), output: folder.path, date: "2026-11-30"))
        #expect(folder.exists("sayings/late-night/index.html"))
    }
}
