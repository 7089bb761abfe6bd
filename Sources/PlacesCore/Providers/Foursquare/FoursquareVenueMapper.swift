/// Turns a Foursquare place into a `Venue`. A place without an id, a name or a position
/// cannot be listed and is skipped (the caller counts them).
///
/// Rating 0–10 is halved to our 0–5; price 1–4 is kept; `""` (Foursquare's "unknown") is
/// nil; Foursquare's own `distance` is ignored (the pipeline measures on the ellipsoid).
/// There is no map link: `Venue.mapsURL` falls back to a Google Maps search on the coordinates.
enum FoursquareVenueMapper {
    static func venue(from place: FoursquarePlace) -> Venue? {
        guard let rawID = nonEmpty(place.fsqPlaceId), let id = try? PlaceID(parsing: "foursquare:\(rawID)"),
              let name = nonEmpty(place.name),
              let latitude = place.latitude, let longitude = place.longitude,
              let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        let categories = place.categories ?? []
        return Venue(
            id: id, name: name, coordinate: coordinate, address: address(place.location),
            categories: FoursquareCategoryTable.categories(from: categories),
            cuisines: FoursquareCategoryTable.cuisines(from: categories),
            rating: place.rating.flatMap { (0...10).contains($0) ? $0 / 2 : nil },
            priceLevel: place.price.flatMap { (1...4).contains($0) ? $0 : nil },
            openNow: place.hours?.openNow,
            phone: nonEmpty(place.tel), website: nonEmpty(place.website),
            openingHours: nonEmpty(place.hours?.display).map { [$0] })
    }

    /// `formatted_address`, else street, postcode and locality as Foursquare gives them.
    static func address(_ location: FoursquareLocation?) -> String? {
        guard let location else { return nil }
        if let formatted = nonEmpty(location.formattedAddress) { return formatted }
        let town = [location.postcode, location.locality].compactMap(nonEmpty).joined(separator: " ")
        let parts = [nonEmpty(location.address), nonEmpty(town)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
