/// What a person wrote about a place: Google's reviews (at most 5), Foursquare's tips. A
/// value the provider does not give is nil (a tip has no rating and no author).
public struct Review: Sendable, Hashable {
    /// 1–5 stars.
    public var rating: Double?
    public var text: String?
    /// The text's language (BCP-47, `en`, `fi`).
    public var language: String?
    /// The author's name as the provider shows it, and their profile page.
    public var author: String?
    public var authorUri: String?
    /// When it was written, ISO 8601 as the provider gives it.
    public var publishTime: String?
    /// "a month ago", as the provider words it.
    public var relativeTime: String?

    public init(
        rating: Double? = nil, text: String? = nil, language: String? = nil, author: String? = nil, authorUri: String? = nil,
        publishTime: String? = nil, relativeTime: String? = nil
    ) {
        self.rating = rating
        self.text = text
        self.language = language
        self.author = author
        self.authorUri = authorUri
        self.publishTime = publishTime
        self.relativeTime = relativeTime
    }
}
