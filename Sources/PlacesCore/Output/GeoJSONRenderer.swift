/// A GeoJSON FeatureCollection (RFC 7946) of Points in [longitude, latitude] order,
/// whose properties are the venue's fields.
package enum GeoJSONRenderer {
    package static func render(_ venues: [Venue], fields: [VenueField], extras: [ExtraColumn] = []) -> JSONValue {
        collection(venues.map { feature($0, fields: fields, extra: [], trailing: $0.jsonMembers(extras)) })
    }

    /// One feature per restaurant in each group, with a leading `cuisine` property.
    package static func render(_ groups: [Cuisine], fields: [VenueField]) -> JSONValue {
        collection(groups.flatMap { group in
            group.restaurants.map { feature($0.venue, fields: fields, extra: [("cuisine", .string(group.name))]) }
        })
    }

    private static func collection(_ features: [JSONValue]) -> JSONValue {
        .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }

    private static func feature(_ venue: Venue, fields: [VenueField], extra: [(String, JSONValue)],
                                trailing: [(String, JSONValue)] = []) -> JSONValue {
        let properties = extra + fields.map { ($0.rawValue, FieldValue.of($0, in: venue).json) } + trailing
        return .object([
            ("type", .string("Feature")),
            ("geometry", .object([
                ("type", .string("Point")),
                ("coordinates", .array([.number(venue.coordinate.longitude), .number(venue.coordinate.latitude)])),
            ])),
            ("properties", .object(properties)),
        ])
    }
}
