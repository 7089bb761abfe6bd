import PlacesGeodesy

/// One line or area of a street map under the places: a street of some class, a railway,
/// water, a park or the coastline, as a map draws it (not as the data names it). The map
/// draws each class in its own style, thinner as streets get smaller.
public struct MapFeature: Sendable, Equatable {
    /// What the feature is, in the order a map paints them (areas first, then lines from
    /// the smallest street up, so that larger streets cross over smaller ones).
    public enum Kind: Int, Sendable, CaseIterable, Comparable {
        case water, park, coastline, waterway, railway, path, service, minor, tertiary, secondary, primary, trunk, motorway

        /// Water and parks are filled areas; the rest are lines.
        public var isArea: Bool { self == .water || self == .park }

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind
    /// The line's points in order; an area's ring (its last point joins its first).
    public var points: [Coordinate]

    public init(kind: Kind, points: [Coordinate]) {
        self.kind = kind
        self.points = points
    }
}

/// Where a map's streets come from: the features of a view, read from data kept for it
/// (an OpenStreetMap extract's street file, for example).
public protocol StreetMapSource: Sendable {
    /// The features that cross the rectangle `south…north`, `west…east` (degrees; `west`
    /// below `east`), whole or in pieces: the map clips them to its view.
    func features(south: Double, west: Double, north: Double, east: Double) throws -> [MapFeature]

    /// The credit its data's licence asks for, shown on every map that draws it.
    var attribution: String { get }
}
