import PlacesModel

/// A place's photos offline: its `image` and `wikimedia_commons` tags as the extract has
/// them (`OSMPhotoTags`); nothing is sent until the image itself is fetched.
extension OverpassFileProvider: PhotoProvider {
    package func photos(of id: PlaceID, wanted: Int, diagnostics: Diagnostics) async throws -> [PhotoReference] {
        let venue = try await details(id, fields: [.photos], diagnostics: diagnostics)
        return OSMPhotoTags.references(fromURLs: venue.photoURLs ?? [])
    }
}
