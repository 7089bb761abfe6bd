/// One photo of a place as its provider lists it, before anything is downloaded: how to
/// reach the image (`PhotoLocator`), who to credit, and its size when the provider says.
package struct PhotoReference: Sendable, Equatable {
    package var locator: PhotoLocator
    package var attributions: [PhotoAttribution]
    /// Its full size in pixels, when the listing gives it (Google's `widthPx`, Foursquare's `width`).
    package var width: Int?
    package var height: Int?

    package init(locator: PhotoLocator, attributions: [PhotoAttribution], width: Int? = nil, height: Int? = nil) {
        self.locator = locator
        self.attributions = attributions
        self.width = width
        self.height = height
    }
}

/// How a listed photo's image is reached: through its provider (a name it resolves with a
/// request of its own, or a URL it builds for a size), at a URL, or as a Wikimedia Commons file.
package enum PhotoLocator: Sendable, Equatable {
    /// The provider's own name for the photo, resolved to the image's URL by a request
    /// (Google's `places/{id}/photos/{ref}`, through Place Photos).
    case providerName(String)
    /// A URL the provider builds around a size: `prefix` + size + `suffix` (Foursquare).
    case sizedURL(prefix: String, suffix: String)
    /// The image's own URL (an OpenStreetMap `image` tag).
    case url(String)
    /// A file on Wikimedia Commons, by its name without `File:` (an OpenStreetMap `wikimedia_commons` tag).
    case wikimediaCommons(file: String)
}
