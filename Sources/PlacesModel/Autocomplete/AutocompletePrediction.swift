import PlacesGeodesy

/// One prediction for what is being typed: a place (with an id that `details` takes) or,
/// from Google, a query to search for.
public struct AutocompletePrediction: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case place, query
    }

    public var kind: Kind
    /// The place's id; nil for a query prediction.
    public var id: PlaceID?
    /// The whole prediction as one line ("Hanko Sushi, Mannerheimintie 12, Helsinki").
    public var text: String
    /// The name part ("Hanko Sushi").
    public var mainText: String
    /// What tells it apart (an address, a city); nil when the provider gives none.
    public var secondaryText: String?
    /// The provider's types or categories of the place, as it names them.
    public var types: [String]
    /// From the request's centre, when the provider says (Google: only with an origin).
    public var distanceMeters: Double?
    /// Where the place is, when the provider says (Foursquare, an extract; not Google's predictions).
    public var coordinate: Coordinate?
    /// Which characters of `mainText` matched the input (offsets in Unicode scalars, end exclusive).
    public var mainTextMatches: [Range<Int>]

    public init(
        kind: Kind, id: PlaceID?, text: String, mainText: String, secondaryText: String?, types: [String] = [],
        distanceMeters: Double? = nil, coordinate: Coordinate? = nil, mainTextMatches: [Range<Int>] = []
    ) {
        self.kind = kind
        self.id = id
        self.text = text
        self.mainText = mainText
        self.secondaryText = secondaryText
        self.types = types
        self.distanceMeters = distanceMeters
        self.coordinate = coordinate
        self.mainTextMatches = mainTextMatches
    }
}
