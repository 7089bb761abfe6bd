/// Turns a Google `Place` into a `Venue`. A place without an id, a name or a location
/// cannot be listed and is skipped (the caller counts them).
enum GoogleVenueMapper {
    /// Index = our 0–4 price level.
    static let priceLevelNames = ["PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
                                  "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE"]

    /// Table B types: true of almost every place, never a useful category.
    private static let genericTypes: Set<String> = ["point_of_interest", "establishment", "food", "store", "health", "finance", "geocode", "political"]

    static func venue(from place: GooglePlace, photoBaseURL: String) -> Venue? {
        guard let id = place.id, !id.isEmpty,
              let placeID = try? PlaceID(parsing: "google:\(id)"),
              let name = place.displayName?.text, !name.isEmpty,
              let location = place.location,
              let coordinate = try? Coordinate(latitude: location.latitude, longitude: location.longitude) else { return nil }
        let types = place.types ?? []
        var categories = GooglePlaceTypes.categories(from: types)
        if categories.isEmpty, let first = (place.primaryType.map { [$0] } ?? types).first(where: { !genericTypes.contains($0) }) {
            categories = [first]
        }
        let hours = place.currentOpeningHours ?? place.regularOpeningHours
        return Venue(
            id: placeID, name: name, coordinate: coordinate, address: place.formattedAddress,
            categories: categories, cuisines: GooglePlaceTypes.cuisines(from: types),
            rating: place.rating, ratingCount: place.userRatingCount,
            priceLevel: place.priceLevel.flatMap { priceLevelNames.firstIndex(of: $0) },
            openNow: place.currentOpeningHours?.openNow ?? place.regularOpeningHours?.openNow,
            phone: place.internationalPhoneNumber ?? place.nationalPhoneNumber,
            website: place.websiteUri, providerMapsURL: place.googleMapsUri,
            openingHours: hours?.weekdayDescriptions,
            photoURLs: place.photos.map { photos in photos.prefix(10).map { photoURL($0, base: photoBaseURL) } })
    }

    /// `GET /v1/{photo.name}/media`: the key must be added to fetch it (header or `key=`),
    /// so the URL printed never carries one.
    static func photoURL(_ photo: GooglePhoto, base: String) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return "\(trimmed)/v1/\(photo.name)/media?maxWidthPx=1600"
    }
}
