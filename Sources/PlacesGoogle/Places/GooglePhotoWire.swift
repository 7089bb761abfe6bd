/// `GoogleMapsPlacesV1AuthorAttribution` of a photo: who took it (`displayName`), their
/// page (`uri`) and picture (`photoUri`, not used). Google's terms: show it with the photo.
struct GooglePhotoAuthorAttribution: Decodable, Sendable {
    var displayName: String?
    var uri: String?
}

/// `GoogleMapsPlacesV1PhotoMedia`, the answer of `GET /v1/{name}/media?skipHttpRedirect=true`:
/// `name` is `places/{id}/photos/{ref}/media`; `photoUri` a short-lived URL of the image.
struct GooglePhotoMedia: Decodable, Sendable {
    var name: String?
    var photoUri: String?
}
