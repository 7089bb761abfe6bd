import Foundation

/// One photo of a place, downloaded: its bytes, checked to be an image of a known format,
/// its size read from those bytes, and the attributions its terms require to be shown with it.
public struct PlacePhoto: Sendable, Hashable {
    /// The image as the host sent it (at most `PlacePhoto.maximumBytes`).
    public var data: Data
    /// What the bytes are, whatever the host said: `image/jpeg`, `image/png`, `image/gif` or `image/webp`.
    public var contentType: String
    /// The extension a file of it gets: `jpg`, `png`, `gif` or `webp`.
    public var fileExtension: String
    /// Pixels, as the image's own header says.
    public var width: Int
    public var height: Int
    /// Who must be credited wherever the photo is shown (Google's `authorAttributions`,
    /// Foursquare, the Wikimedia Commons file page); show them with the photo.
    public var attributions: [PhotoAttribution]
    /// The URL the image was downloaded from: the image host's, which never carries a key.
    public var sourceURL: String
    /// The place it is a photo of, and which of its photos (1-based).
    public var placeID: PlaceID
    public var index: Int

    /// The largest photo downloaded: a larger one is refused and nothing of it is kept.
    public static let maximumBytes = 20 * 1_048_576

    public init(
        data: Data, contentType: String, fileExtension: String, width: Int, height: Int, attributions: [PhotoAttribution],
        sourceURL: String, placeID: PlaceID, index: Int
    ) {
        self.data = data
        self.contentType = contentType
        self.fileExtension = fileExtension
        self.width = width
        self.height = height
        self.attributions = attributions
        self.sourceURL = sourceURL
        self.placeID = placeID
        self.index = index
    }
}

/// A person or organisation a photo must be credited to: a name, and a link to them when
/// the provider gives one.
public struct PhotoAttribution: Sendable, Hashable {
    public var displayName: String
    public var uri: String?

    public init(displayName: String, uri: String?) {
        self.displayName = displayName
        self.uri = uri
    }
}
