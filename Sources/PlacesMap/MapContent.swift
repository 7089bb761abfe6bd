import PlacesGeodesy
import PlacesModel

/// A place on the map: drawn as a numbered marker (its row in the table and in `--json`),
/// with its name as a label where the name fits, and a tooltip.
public struct MapMarker: Sendable, Equatable {
    /// The 1-based row number the marker shows.
    public var number: Int
    /// The place's id (`osm:node/1`), kept on the marker for scripts that read the SVG.
    public var id: String
    public var name: String
    public var address: String?
    public var distanceMeters: Double?
    public var coordinate: Coordinate

    public init(number: Int, id: String, name: String, address: String? = nil, distanceMeters: Double? = nil, coordinate: Coordinate) {
        self.number = number
        self.id = id
        self.name = name
        self.address = address
        self.distanceMeters = distanceMeters
        self.coordinate = coordinate
    }
}

extension MapMarker {
    /// The marker of `venue` at row `number`.
    public init(_ venue: Venue, number: Int) {
        self.init(
            number: number, id: venue.id.description, name: venue.name, address: venue.address, distanceMeters: venue.distanceMeters,
            coordinate: venue.coordinate)
    }
}

/// A point that is not one of the places: the search centre (or a reverse point), or
/// either end of a route.
public struct MapPin: Sendable, Equatable {
    public enum Role: String, Sendable {
        case centre
        case start = "route-start"
        case end = "route-end"
    }

    public var role: Role
    public var coordinate: Coordinate
    /// What the tooltip and label say (a place's name, or nil for a bare coordinate).
    public var label: String?

    public init(role: Role, coordinate: Coordinate, label: String? = nil) {
        self.role = role
        self.coordinate = coordinate
        self.label = label
    }
}

/// Everything a map shows: its size, the places, the pins, a route, the credits of the
/// places' data, and where its streets come from (none: a graticule instead).
public struct MapContent: Sendable {
    public var width: Int
    public var height: Int
    public var markers: [MapMarker]
    public var pins: [MapPin]
    /// A route's line; `routeIsEstimate` draws it dashed (a straight line, not a path on streets).
    public var route: [Coordinate]?
    public var routeIsEstimate: Bool
    /// Credits the places' (or the route's) data asks for; the streets' own is added when drawn.
    public var attributions: [String]
    public var streets: (any StreetMapSource)?
    /// A line saying what the map shows, for the document's `<title>`.
    public var title: String

    /// The credits the places of `venues` need on a map, each once, in the order their
    /// providers first appear.
    public static func credits(for venues: [Venue]) -> [String] {
        var credits: [String] = []
        for venue in venues {
            if let credit = venue.provider.profile.mapCredit, !credits.contains(credit) { credits.append(credit) }
        }
        return credits
    }

    /// Whether a map of our own may show `provider`'s places: Google's terms forbid it
    /// (`ProviderProfile.google`).
    public static func mayShow(_ provider: ProviderName) -> Bool { provider.profile.mapCredit != nil }

    /// The sizes a map may have: large enough to hold its legend and credits, small enough
    /// that no browser refuses it.
    public static let sizeRange = 200...8_000

    public init(
        width: Int = 800, height: Int = 600, markers: [MapMarker] = [], pins: [MapPin] = [], route: [Coordinate]? = nil,
        routeIsEstimate: Bool = false, attributions: [String] = [], streets: (any StreetMapSource)? = nil, title: String = "places"
    ) {
        self.width = width
        self.height = height
        self.markers = markers
        self.pins = pins
        self.route = route
        self.routeIsEstimate = routeIsEstimate
        self.attributions = attributions
        self.streets = streets
        self.title = title
    }
}
