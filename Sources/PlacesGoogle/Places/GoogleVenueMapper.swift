import PlacesGeodesy
import PlacesModel
import PlacesProviderKit

/// Turns a Google `Place` into a `Venue`. A place without an id, a name or a location
/// cannot be listed and is skipped (the caller counts them).
enum GoogleVenueMapper {
    /// Index = our 0–4 price level.
    static let priceLevelNames = [
        "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
        "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]

    /// Table B types: true of almost every place, never a useful category.
    private static let genericTypes: Set<String> = [
        "point_of_interest", "establishment", "food", "store", "health", "finance", "geocode", "political",
    ]

    /// A place carries at most 10 photos, and opening hours are 7 weekday lines (providers.md §1.5, §1.6).
    static let maxPhotos = 10
    static let weekdays = 7

    static func venue(from place: GooglePlace, photoBaseURL: String) -> Venue? {
        var report = MappingReport()
        return venue(from: place, photoBaseURL: photoBaseURL, report: &report)
    }

    /// The venue, or nil (counted in `report`) when it cannot be listed; values outside
    /// Google's documented ranges become unknown and are noted in `report`.
    static func venue(from place: GooglePlace, photoBaseURL: String, report: inout MappingReport) -> Venue? {
        guard let id = place.id, !id.isEmpty else { report.skip(); return nil }
        guard let placeID = try? PlaceID(parsing: "google:\(id)") else {
            report.skip("id '\(id.prefix(40))' has characters other than letters, digits, '_' and '-'")
            return nil
        }
        guard let name = place.displayName?.text, !name.isEmpty, let location = place.location else { report.skip(); return nil }
        guard let coordinate = try? Coordinate(latitude: location.latitude, longitude: location.longitude) else {
            report.skip(
                "location \(PlaceValueRange.text(location.latitude)),\(PlaceValueRange.text(location.longitude)) of \(placeID) is outside -90..90, -180..180"
            )
            return nil
        }
        let types = place.types ?? []
        var categories = GooglePlaceTypes.categories(from: types)
        if categories.isEmpty, let first = (place.primaryType.map { [$0] } ?? types).first(where: { !genericTypes.contains($0) }) {
            categories = [first]
        }
        // Documented: rating 1.0–5.0; userRatingCount an int32 count.
        var rating = place.rating
        if let r = rating, !(1...5).contains(r) {
            report.ignore("rating", PlaceValueRange.text(r), of: placeID)
            rating = nil
        }
        var ratingCount: Int?
        if let count = place.userRatingCount {
            ratingCount = PlaceValueRange.integer(count, in: 0...Int(Int32.max))
            if ratingCount == nil { report.ignore("userRatingCount", PlaceValueRange.text(count), of: placeID) }
        }
        let hours = place.currentOpeningHours ?? place.regularOpeningHours
        var lines = hours?.weekdayDescriptions
        if let all = lines, all.count > weekdays {
            report.ignore("weekdayDescriptions", "(\(all.count) lines, not \(weekdays))", of: placeID)
            lines = Array(all.prefix(weekdays))
        }
        return Venue(
            id: placeID, name: name, coordinate: coordinate, address: place.formattedAddress,
            categories: categories, cuisines: GooglePlaceTypes.cuisines(from: types),
            rating: rating, ratingCount: ratingCount,
            priceLevel: place.priceLevel.flatMap { priceLevelNames.firstIndex(of: $0) },
            openNow: place.currentOpeningHours?.openNow ?? place.regularOpeningHours?.openNow,
            phone: place.internationalPhoneNumber ?? place.nationalPhoneNumber,
            website: place.websiteUri, providerMapsURL: place.googleMapsUri,
            openingHours: lines,
            photoURLs: place.photos.map { photoURLs($0, of: placeID, base: photoBaseURL, report: &report) },
            businessStatus: place.businessStatus.flatMap(businessStatus),
            reviews: place.reviews.map { reviews($0, of: placeID, report: &report) })
    }

    /// Google gives at most 5 reviews; a rating outside 1–5 is unknown (and noted).
    static func reviews(_ reviews: [GoogleReview], of place: PlaceID, report: inout MappingReport) -> [Review] {
        reviews.prefix(maxReviews).enumerated().map { index, review in
            var rating = review.rating
            if let r = rating, !(1...5).contains(r) {
                report.ignore("reviews[\(index)].rating", PlaceValueRange.text(r), of: place)
                rating = nil
            }
            let text = review.text ?? review.originalText
            return Review(
                rating: rating, text: text?.text, language: text?.languageCode, author: review.authorAttribution?.displayName,
                authorUri: review.authorAttribution?.uri, publishTime: review.publishTime,
                relativeTime: review.relativePublishTimeDescription)
        }
    }

    /// "A maximum of 5 reviews can be returned" (discovery document, Place.reviews).
    static let maxReviews = 5

    /// Google's word for whether a place is in business. A place not yet opened
    /// (`FUTURE_OPENING`) is closed for now and will open: closed temporarily, not for good.
    static func businessStatus(_ word: String) -> BusinessStatus? {
        switch word {
        case "OPERATIONAL": return .operational
        case "CLOSED_TEMPORARILY", "FUTURE_OPENING": return .closedTemporarily
        case "CLOSED_PERMANENTLY": return .closedPermanently
        default: return nil
        }
    }

    /// Media URLs of the first 10 photos whose names have the documented form
    /// `places/{id}/photos/{ref}`: a name that does not cannot put another path (or host)
    /// into a URL the user is meant to fetch with a key.
    static func photoURLs(_ photos: [GooglePhoto], of place: PlaceID, base: String, report: inout MappingReport) -> [String] {
        var urls: [String] = []
        for (index, photo) in photos.prefix(maxPhotos).enumerated() {
            guard isPhotoName(photo.name) else {
                report.ignore("photos[\(index)].name", "'\(photo.name)'", of: place)
                continue
            }
            urls.append(photoURL(photo, base: base))
        }
        return urls
    }

    /// `places/{id}/photos/{ref}` with both parts letters, digits, `_` and `-` only.
    static func isPhotoName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "places", parts[2] == "photos" else { return false }
        return [parts[1], parts[3]].allSatisfy { part in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && (("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
                }
        }
    }

    /// `GET /v1/{photo.name}/media`: the key must be added to fetch it (header or `key=`),
    /// so the URL printed never carries one.
    static func photoURL(_ photo: GooglePhoto, base: String) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return "\(trimmed)/v1/\(photo.name)/media?maxWidthPx=1600"
    }
}
