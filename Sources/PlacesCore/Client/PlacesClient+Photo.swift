import Foundation
import PlacesHTTP
import PlacesModel

extension PlacesClient {
    /// The `request.index`-th photo of a place, downloaded and checked: its bytes are an
    /// image (JPEG, PNG, GIF or WebP) of at most `PlacePhoto.maximumBytes`, with its size read
    /// from them and the attributions its terms require. The provider lists the place's
    /// photos (Google's Place Details `photos`, then Place Photos for the one asked; Foursquare's
    /// photos; an OpenStreetMap place's `image` and `wikimedia_commons` tags); the image comes
    /// from its host with no key.
    ///
    /// Throws `PlacesError.notFound` when the place has no such photo, `.badResponse` when
    /// what came is no image, `.unavailable` when it is larger than `PlacePhoto.maximumBytes`.
    public func photo(_ id: PlaceID, _ request: PhotoRequest = PhotoRequest()) async throws -> PlacePhoto {
        try request.validate()
        guard let provider = providers.first(where: { $0.name == id.provider }) else {
            let asked = providerNames.map(\.rawValue).joined(separator: ", ")
            throw PlacesError.invalidRequest(.placeID, message: "\(id) is a \(id.provider.rawValue) id; this client asks \(asked)")
        }
        guard let photos = provider as? any PhotoProvider else {
            throw PlacesError.invalidRequest(.provider, message: "\(id.provider.profile.displayName) lists no photos")
        }
        guard let download = photoDownload else {
            throw PlacesError.configuration(message: "this client has no way to download photos")
        }
        let listed = try await photos.photos(of: id, wanted: request.index, diagnostics: diagnostics)
        guard request.index <= listed.count else {
            let has = listed.isEmpty ? "has no photo" : "has \(listed.count) photo\(listed.count == 1 ? "" : "s")"
            throw PlacesError.notFound(message: "\(id) \(has) at \(id.provider.profile.displayName); there is no photo \(request.index)")
        }
        let photo = listed[request.index - 1]
        let url: String
        switch photo.locator {
        case .url(let text): url = text
        case .wikimediaCommons(let file): url = download.commonsURL(file, request, diagnostics: diagnostics)
        case .providerName, .sizedURL: url = try await photos.imageURL(of: photo, size: request, diagnostics: diagnostics)
        }
        let image = try await download.fetch(url, diagnostics: diagnostics)
        return PlacePhoto(
            data: image.data, contentType: image.header.format.mediaType, fileExtension: image.header.format.fileExtension,
            width: image.header.width, height: image.header.height, attributions: photo.attributions, sourceURL: url,
            placeID: id, index: request.index)
    }
}
