/// A source of places that also lists their photos (`PlacesClient.photo`): Google's
/// Place Photos, Foursquare's photos, an OpenStreetMap place's `image` and
/// `wikimedia_commons` tags. The client downloads the image, with no key, and checks it.
package protocol PhotoProvider: PlaceProvider {
    /// The photos of the place, in the provider's order; empty when it has none. `wanted`
    /// is how many the caller will look at (a provider that pages lists no more).
    func photos(of id: PlaceID, wanted: Int, diagnostics: Diagnostics) async throws -> [PhotoReference]

    /// The URL of `photo`'s image at `request`'s size, which any client may fetch with no
    /// key: for `.providerName` and `.sizedURL` photos; a request of the provider's own
    /// when it takes one (Google's Place Photos).
    func imageURL(of photo: PhotoReference, size request: PhotoRequest, diagnostics: Diagnostics) async throws -> String
}

extension PhotoProvider {
    /// For providers whose photos are URLs already (`.url`): that URL.
    package func imageURL(of photo: PhotoReference, size request: PhotoRequest, diagnostics: Diagnostics) async throws -> String {
        guard case .url(let url) = photo.locator else {
            throw PlacesError.invalidRequest(.photo, message: "\(name.profile.displayName) cannot fetch a photo of this kind")
        }
        return url
    }
}
