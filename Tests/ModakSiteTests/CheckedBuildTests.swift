import Foundation
import ModakCheck
@testable import ModakSite
import Testing
import TestSupport

/// What Modak builds, `modak check` finds whole.
@Suite struct CheckedBuildTests {
    private let baseURL = "https://fixture.example/"

    @Test func aFreshBuildHasNoBrokenReferences() throws {
        let folder = try TemporaryFolder()
        #expect(SiteBuilder.pinned.build(request(content: Fixtures.content("basic"), output: folder.path)).succeeded)
        let (findings, summary) = try SiteChecker(outputDirectory: folder.path, baseURL: baseURL).check()
        #expect(findings.map(\.description) == [])
        #expect(summary.pages >= 4)
        #expect(summary.references > summary.pages)
    }
}
