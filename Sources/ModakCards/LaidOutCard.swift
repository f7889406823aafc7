/// A card laid out once, by `CardRenderer.layOut`: its SVG and its PNG's painting are both made
/// from these lines, so that they never disagree.
public struct LaidOutCard: Sendable {
    /// `CardContent.id`, for the ids of the SVG's elements.
    public let id: String
    /// The content, sanitized (`CardText.sanitize`), for the SVG's title and description.
    let korean, english, author: String
    let siteName: FooterSiteName
    let dateLabel: String?
    let layout: CardLayout
}
