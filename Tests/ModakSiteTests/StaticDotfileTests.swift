import Foundation
import ModakCore
@testable import ModakSite
@testable import ModakOutput
import Testing
import TestSupport

/// `static/` is published whole, hidden names included (`.nojekyll` for GitHub Pages, `.well-known/` for
/// security.txt and app links), and what leaves it leaves the output on the next build.
@Suite struct StaticDotfileTests {
    static let dotfiles = [
        "content/static/.nojekyll": "",
        "content/static/.well-known/security.txt": "Contact: mailto:security@example.org\n",
        "content/static/img/.keep/note.txt": "kept\n"
    ]

    @Test func hiddenFilesAndFoldersInStaticArePublishedAndRemovedWithThem() throws {
        var files = Self.dotfiles
        files["content/sayings/lamp.md"] = WrittenSite.saying
        // Never site files: version control's folder and Finder's; and hidden files outside static/ stay unread.
        files["content/static/.DS_Store"] = "Finder"
        files["content/static/.git/HEAD"] = "ref: refs/heads/main\n"
        files["content/sayings/.lamp.md.swp"] = "swap"
        let site = try WrittenSite(files)
        #expect(site.result.succeeded && site.warnings == [], "\(site.result.diagnostics)")
        for (path, text) in Self.dotfiles {
            let published = path.replacingOccurrences(of: "content/static/", with: "public/")
            #expect(site.folder.read(published) == text, "\(path)")
        }
        for absent in ["public/.DS_Store", "public/.git", "public/.lamp.md.swp"] {
            #expect(!site.folder.exists(absent), "\(absent)")
        }

        for path in Self.dotfiles.keys { try FileManager.default.removeItem(atPath: site.folder.path + "/" + path) }
        let content = site.folder.path + "/content", output = site.folder.path + "/public"
        let rebuilt = SiteBuilder.pinned.build(request(content: content, output: output))
        #expect(rebuilt.report?.removed == Self.dotfiles.count, "\(rebuilt.diagnostics)")
        for path in ["public/.nojekyll", "public/.well-known", "public/img/.keep"] {
            #expect(!site.folder.exists(path), "\(path)")
        }
    }

    @Test func theWritersOwnHiddenNamesAreStillRefused() throws {
        for name in [".modak-staging/x.txt", "img/.lamp.svg.modak-42.tmp"] {
            let site = try WrittenSite(["content/static/" + name: "x"])
            #expect(!site.result.succeeded)
            #expect(site.result.diagnostics.map(\.message) == [OutputError.pathRefused(name).description], "\(name)")
        }
    }
}
