import PlacesModel

/// What a way's tags make it on a street map, if anything: a street by class, a railway,
/// a waterway, the coastline, a water or park area. Read as OpenStreetMap's standard style
/// reads them (`highway=residential` is a minor street, `leisure=park` a park); what a map
/// of places does not need (buildings, power lines, platforms) is nothing.
enum OSMStreetClass {
    /// The class of a way whose tags are `tags` (key, value pairs as the file has them).
    static func kind(_ tags: [(key: String, value: String)]) -> MapFeature.Kind? {
        var found: MapFeature.Kind?
        for (key, value) in tags {
            let kind: MapFeature.Kind?
            switch key {
            case "highway": kind = highway(value)
            case "railway": kind = ["rail", "light_rail", "subway", "tram", "narrow_gauge", "monorail"].contains(value) ? .railway : nil
            case "waterway": kind = ["river", "stream", "canal", "ditch", "drain"].contains(value) ? .waterway : nil
            case "natural":
                kind =
                    value == "water"
                    ? .water : value == "coastline" ? .coastline : ["wood", "scrub", "heath"].contains(value) ? .park : nil
            case "water": kind = .water
            case "leisure": kind = ["park", "garden", "nature_reserve", "playground", "pitch"].contains(value) ? .park : nil
            case "landuse":
                kind =
                    ["reservoir", "basin"].contains(value)
                    ? .water
                    : ["grass", "forest", "recreation_ground", "meadow", "village_green", "cemetery"].contains(value) ? .park : nil
            default: kind = nil
            }
            // A way that is both (a street through a park, say) is the line.
            if let kind, found.map({ $0.isArea || kind > $0 }) ?? true { found = kind }
        }
        return found
    }

    /// The keys `kind` reads: a way with none of them is passed over without reading its values.
    static let keys: Set<String> = ["highway", "railway", "waterway", "natural", "water", "leisure", "landuse"]

    static func highway(_ value: String) -> MapFeature.Kind? {
        switch value {
        case "motorway", "motorway_link": return .motorway
        case "trunk", "trunk_link": return .trunk
        case "primary", "primary_link": return .primary
        case "secondary", "secondary_link": return .secondary
        case "tertiary", "tertiary_link": return .tertiary
        case "residential", "unclassified", "living_street", "road": return .minor
        case "service": return .service
        case "footway", "path", "cycleway", "pedestrian", "steps", "bridleway", "track": return .path
        default: return nil
        }
    }
}
