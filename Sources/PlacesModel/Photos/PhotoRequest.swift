/// Which photo of a place to download, and at most how large (`PlacesClient.photo`).
///
/// ```swift
/// let photo = try await client.photo(id, PhotoRequest(index: 2, maxWidth: 1600))
/// ```
public struct PhotoRequest: Sendable, Hashable {
    /// 1-based, in the provider's order (Google's photos, Foursquare's, an OpenStreetMap
    /// place's `image` then `wikimedia_commons` tag).
    public var index: Int
    /// The most pixels wide the image may be; nil for the provider's full size. Scaled
    /// down keeping its aspect ratio, never up.
    public var maxWidth: Int?
    /// The most pixels high the image may be; nil for the provider's full size.
    public var maxHeight: Int?

    /// The sizes a request may name: Google's Place Photos take 1 to 4800 pixels
    /// (`maxWidthPx`, `maxHeightPx`), and no provider gives more.
    public static let sizeRange = 1...4800

    public init(index: Int = 1, maxWidth: Int? = nil, maxHeight: Int? = nil) {
        self.index = index
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// Throws `PlacesError.invalidRequest(.photo, ...)` for an index below 1 or a size outside `sizeRange`.
    package func validate() throws {
        guard index >= 1 else {
            throw PlacesError.invalidRequest(.photo, message: "a photo's index counts from 1, not \(index)")
        }
        for (name, value) in [("width", maxWidth), ("height", maxHeight)] {
            if let value, !Self.sizeRange.contains(value) {
                throw PlacesError.invalidRequest(
                    .photo,
                    message:
                        "a photo's maximum \(name) is \(Self.sizeRange.lowerBound) to \(Self.sizeRange.upperBound) pixels, not \(value)")
            }
        }
    }
}
