import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// A GeoJSON FeatureCollection (RFC 7946) of Points in [longitude, latitude] order,
/// whose properties are the venue's fields.
package enum GeoJSONRenderer {
    /// Along a route, its line comes first: a LineString with `{"role": "route"}`.
    package static func render(_ venues: [Venue], fields: [VenueField], extras: [ExtraColumn] = [], route: [Coordinate]? = nil) -> JSONValue
    {
        let line = route.map { [lineFeature($0, properties: [("role", .string("route"))])] } ?? []
        return collection(line + venues.map { feature($0, fields: fields, extra: [], trailing: $0.jsonMembers(extras)) })
    }

    /// A LineString feature through `points` ([longitude, latitude] each).
    static func lineFeature(_ points: [Coordinate], properties: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([
                    ("type", .string("LineString")),
                    ("coordinates", .array(points.map { .array([.number($0.longitude), .number($0.latitude)]) })),
                ])
            ),
            ("properties", .object(properties)),
        ])
    }

    /// One feature per restaurant in each group, with a leading `cuisine` property.
    package static func render(_ groups: [Cuisine], fields: [VenueField]) -> JSONValue {
        collection(
            groups.flatMap { group in
                group.restaurants.map { feature($0.venue, fields: fields, extra: [("cuisine", .string(group.name))]) }
            })
    }

    private static func collection(_ features: [JSONValue]) -> JSONValue {
        .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }

    private static func feature(
        _ venue: Venue, fields: [VenueField], extra: [(String, JSONValue)],
        trailing: [(String, JSONValue)] = []
    ) -> JSONValue {
        let properties = extra + fields.map { ($0.rawValue, FieldValue.of($0, in: venue).json) } + trailing
        return .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([
                    ("type", .string("Point")),
                    ("coordinates", .array([.number(venue.coordinate.longitude), .number(venue.coordinate.latitude)])),
                ])
            ),
            ("properties", .object(properties)),
        ])
    }
}
