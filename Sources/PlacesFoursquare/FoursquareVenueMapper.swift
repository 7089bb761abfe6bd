import PlacesGeodesy
import PlacesModel
import PlacesProviderKit

/// Turns a Foursquare place into a `Venue`. A place without an id, a name or a position
/// cannot be listed and is skipped (the caller counts them).
///
/// Rating 0–10 is halved to our 0–5; price 1–4 is kept; `""` (Foursquare's "unknown") is
/// nil; Foursquare's own `distance` is ignored (the pipeline measures on the ellipsoid).
/// There is no map link: `Venue.mapsURL` falls back to a Google Maps search on the coordinates.
enum FoursquareVenueMapper {
    static func venue(from place: FoursquarePlace) -> Venue? {
        var report = MappingReport()
        return venue(from: place, report: &report)
    }

    /// The venue, or nil (counted in `report`) when it cannot be listed; values outside
    /// Foursquare's documented ranges (rating 0–10, price 1–4) become unknown, noted in `report`.
    static func venue(from place: FoursquarePlace, report: inout MappingReport) -> Venue? {
        guard let rawID = nonEmpty(place.fsqPlaceId) else { report.skip(); return nil }
        guard let id = try? PlaceID(parsing: "foursquare:\(rawID)") else {
            report.skip("fsq_place_id '\(rawID.prefix(40))' has characters other than letters, digits, '_' and '-'")
            return nil
        }
        guard let name = nonEmpty(place.name), let latitude = place.latitude, let longitude = place.longitude else {
            report.skip(); return nil
        }
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            report.skip(
                "latitude/longitude \(PlaceValueRange.text(latitude)),\(PlaceValueRange.text(longitude)) of \(id) is outside -90..90, -180..180"
            )
            return nil
        }
        var rating: Double?
        if let r = place.rating {
            if (0...10).contains(r) { rating = r / 2 } else { report.ignore("rating", PlaceValueRange.text(r), of: id) }
        }
        var price: Int?
        if let p = place.price {
            price = PlaceValueRange.integer(p, in: 1...4)
            if price == nil { report.ignore("price", PlaceValueRange.text(p), of: id) }
        }
        let categories = place.categories ?? []
        return Venue(
            id: id, name: name, coordinate: coordinate, address: address(place.location),
            categories: FoursquareCategoryTable.categories(from: categories),
            cuisines: FoursquareCategoryTable.cuisines(from: categories),
            rating: rating,
            priceLevel: price,
            openNow: place.hours?.openNow,
            phone: nonEmpty(place.tel), website: nonEmpty(place.website),
            openingHours: nonEmpty(place.hours?.display).map { [$0] },
            businessStatus: businessStatus(place),
            reviews: place.tips.map { tips in
                tips.prefix(maxTips).map {
                    Review(text: nonEmpty($0.text), language: nonEmpty($0.lang), publishTime: nonEmpty($0.createdAt))
                }
            })
    }

    /// Tips shown with a place, as Google's reviews are: the first five. (A tip has no rating
    /// and names no author.)
    static let maxTips = 5

    /// Closed for good when Foursquare gives the day it was marked closed. Open otherwise is
    /// not said (Foursquare has no word for it), so the status stays unknown.
    static func businessStatus(_ place: FoursquarePlace) -> BusinessStatus? {
        nonEmpty(place.dateClosed) != nil ? .closedPermanently : nil
    }

    /// `formatted_address`, else street, postcode and locality as Foursquare gives them.
    static func address(_ location: FoursquarePlace.Location?) -> String? {
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
