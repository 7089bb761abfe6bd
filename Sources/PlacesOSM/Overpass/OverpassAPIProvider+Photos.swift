import PlacesModel
import PlacesOSMExtract

/// A place's photos through Overpass: the element's `image` and `wikimedia_commons` tags
/// (`OSMPhotoTags`), from the one query `details` sends.
extension OverpassAPIProvider: PhotoProvider {
    func photos(of id: PlaceID, wanted: Int, diagnostics: Diagnostics) async throws -> [PhotoReference] {
        let venue = try await details(id, fields: [.photos], diagnostics: diagnostics)
        return OSMPhotoTags.references(fromURLs: venue.photoURLs ?? [])
    }
}
