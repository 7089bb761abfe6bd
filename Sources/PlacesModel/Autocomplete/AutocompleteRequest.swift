import PlacesGeodesy

/// What someone is typing into a search box, and where: the input of `PlacesClient.autocomplete`.
///
/// With a `center`, predictions are ranked for it and carry `distanceMeters`; with a
/// `radiusMeters` too, only places within that circle are predicted (a hard limit),
/// without one the centre only biases them.
public struct AutocompleteRequest: Sendable, Equatable {
    /// The text typed so far. Must hold a letter or digit.
    public var input: String
    public var center: Coordinate?
    /// A hard limit around `center`, in metres.
    public var radiusMeters: Double?
    /// Only places of these categories (Google takes at most five of its types).
    public var categories: [PlaceCategory]
    /// The most predictions wanted (Google returns at most five place predictions anyway).
    public var limit: Int
    /// Whether to ask for query predictions ("sushi near Kamppi") too, where the provider makes them.
    public var includeQueries: Bool

    /// The most predictions a request may ask for (Foursquare's page limit).
    public static let maximumLimit = 50
    /// Predictions when nothing else is asked for: as many as Google gives.
    public static let defaultLimit = 5

    public init(
        input: String, center: Coordinate? = nil, radiusMeters: Double? = nil, categories: [PlaceCategory] = [],
        limit: Int = AutocompleteRequest.defaultLimit, includeQueries: Bool = false
    ) {
        self.input = input
        self.center = center
        self.radiusMeters = radiusMeters
        self.categories = categories
        self.limit = limit
        self.includeQueries = includeQueries
    }

    /// Refuses what no provider can answer, before anything is sent.
    package func validate(wording: Wording) throws {
        guard !AutocompleteWords.words(of: input).isEmpty else {
            throw PlacesError.invalidRequest(.query, message: wording(.autocompleteNeedsInput))
        }
        if let radiusMeters {
            guard center != nil else { throw PlacesError.invalidRequest(.radius, message: wording(.radiusNeedsCenter)) }
            guard radiusMeters.isFinite, radiusMeters > 0 else {
                throw PlacesError.invalidRequest(.radius, message: wording(.radiusNotPositive))
            }
        }
        guard (1...Self.maximumLimit).contains(limit) else {
            throw PlacesError.invalidRequest(
                .limit, message: limit < 1 ? wording(.limitBelowOne) : "at most \(Self.maximumLimit) predictions can be asked for")
        }
    }
}
