import Foundation
@testable import ModakCheck
import Testing
import TestSupport

@Suite struct SiteCheckerTests {
    private let baseURL = "https://fixture.example/"

    @Test func reportsEachReferenceThatPointsNowhereWithItsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("index.html", "<p>home</p>")
        try folder.write("assets/site.css", "")
        try folder.write(
            "sayings/a/index.html",
            """
            <!DOCTYPE html><html><head><link rel="stylesheet" href="../../assets/site.css">
            <link rel="stylesheet" href="../../assets/gone.css">
            <meta property="og:image" content="https://fixture.example/cards/a.png">
            </head><body>
            <a href="../../">home</a> <a href="../../sayings/a">itself, without its slash</a> <a href="#top">top</a>
            <a href="mailto:a@b.c">mail</a> <a href="https://elsewhere.example/x">away</a> <a \
            href="data:text/plain,x">data</a>
            <a href="/sayings/b/?q=1#x">missing</a>
            <img src="../../images/%ED%95%9C.svg" srcset="../../images/a.svg 1x, ../../images/b.svg 2x">
            <script src="https://FIXTURE.example/assets/app.js"></script> <a href="../../../../etc/passwd">up</a>
            </body></html>
            """)
        try folder.write("images/한.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try folder.write("images/a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        let (findings, _) = try SiteChecker(outputDirectory: folder.path, baseURL: baseURL).check()
        let page = folder.path + "/sayings/a/index.html"
        #expect(
            findings.map { "\($0.file):\($0.line): \($0.subject)" } == [
                "\(page):2: ../../assets/gone.css",
                "\(page):3: https://fixture.example/cards/a.png",
                "\(page):7: /sayings/b/?q=1#x",
                "\(page):8: ../../images/b.svg",
                "\(page):9: https://FIXTURE.example/assets/app.js",
                "\(page):9: ../../../../etc/passwd"
            ])
        #expect(findings[2].detail == "no sayings/b/index.html in the output")
        #expect(findings[5].detail == "it leads outside the site")
    }

    @Test func aSiteUnderAPathMapsRootRelativeLinksIntoIt() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "index.html", #"<a href="/blog/feed.xml">feed</a> <a href="/blog">home</a> <a href="/other/">other</a>"#)
        try folder.write("feed.xml", "<rss/>")
        let (findings, _) = try SiteChecker(outputDirectory: folder.path, baseURL: "https://example.org/blog/").check()
        #expect(findings.map(\.subject) == ["/other/"])
    }

    @Test func reportsXMLAndJSONThatDoNotParse() throws {
        let folder = try TemporaryFolder()
        try folder.write("feed.xml", "<?xml version=\"1.0\"?>\n<rss>\n<channel>\n</rss>\n")
        try folder.write("cards/a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a &amp; b</text></svg>")
        try folder.write("search.json", "[\n{\"id\": 1,}\n]")
        let (findings, summary) = try SiteChecker(outputDirectory: folder.path, baseURL: baseURL).check()
        #expect(summary.dataFiles == 3)
        #expect(
            findings.map { "\($0.file.dropFirst(folder.path.count)):\($0.line): \($0.subject)" } == [
                "/feed.xml:4: not well-formed XML",
                "/search.json:2: not valid JSON"
            ])
        #expect(findings[0].detail.contains("channel"), "the first error, not the last: \(findings[0].detail)")
    }
}
