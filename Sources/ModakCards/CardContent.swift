/// What one card shows.
public struct CardContent: Sendable, Equatable, Encodable {
    /// The saying's identifier; also names the card's SVG element ids.
    public var id: String
    /// The saying in Korean; may be empty. Newlines start new lines.
    public var korean: String
    /// The saying in English; may be empty. Newlines start new lines.
    public var english: String
    /// Who said it; drawn as "— author". May be empty.
    public var author: String
    /// Shown small in the bottom-left corner.
    public var siteName: String
    /// Shown after the site name, e.g. "2026-11-28".
    public var dateLabel: String?

    public init(
        id: String, korean: String, english: String, author: String,
        siteName: String, dateLabel: String? = nil
    ) {
        (self.id, self.korean, self.english, self.author) = (id, korean, english, author)
        (self.siteName, self.dateLabel) = (siteName, dateLabel)
    }
}
