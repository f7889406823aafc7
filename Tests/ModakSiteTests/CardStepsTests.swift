import CardSamples
import ModakCards
@testable import ModakSite
import Testing

@Suite struct CardStepsTests {
    /// Cards a new Modak draws differently get new URLs, as cards whose text or theme changed do.
    @Test func aNewWayOfDrawingGivesEveryCardANewVersion() {
        let content = CardSamples.ordinary[0]
        let now = SayingCard.version(of: content, themeName: "bonfire")
        #expect(now == SayingCard.version(of: content, themeName: "bonfire"))
        #expect(now != SayingCard.version(of: content, themeName: "bonfire", drawingRevision: "1: librsvg"))
        #expect(now != SayingCard.version(of: content, themeName: "light"))
    }
}
