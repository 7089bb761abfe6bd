import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// A place's photos from Foursquare: `GET /places/{fsq_place_id}/photos`, then the image at
/// `prefix` + size + `suffix`, which the client fetches with no key. Credited to Foursquare.
extension FoursquarePlacesProvider: PhotoProvider {
    static let attribution = PhotoAttribution(displayName: "Foursquare", uri: "https://foursquare.com")

    func photos(of id: PlaceID, wanted: Int, diagnostics: Diagnostics) async throws -> [PhotoReference] {
        let key = try validKey()
        let service = FoursquareService.photos
        let limit = min(max(wanted, 1), FoursquareRequestBuilder.maxPhotosPerCall)
        let request = try FoursquareRequestBuilder(baseURL: baseURL, key: key, wording: diagnostics.wording)
            .photos(placeID: id.rawID, limit: limit)
        let response: HTTPResponse
        do {
            response = try await http.send(request, service: service)
        } catch PlacesError.notFound(let message), PlacesError.requestRejected(_, let message) {
            throw PlacesError.placeNotFound(id, message: diagnostics.wording(.unknownPlace(id, said: message)))
        }
        let photos: [FoursquarePhoto]
        do {
            photos = try FoursquarePlaceWire.decoder.decode([FoursquarePhoto].self, from: response.body)
        } catch {
            if let error = FoursquareService.messageError(in: response.body, service: service, secrets: request.secrets) { throw error }
            throw HTTPErrorMapper.badBody(service: service, what: DecodingErrorText.describe(error))
        }
        if photos.count > limit {
            diagnostics.warning("Foursquare listed \(photos.count) photos of \(id) where \(limit) were asked for; used the first \(limit)")
        }
        if wanted > FoursquareRequestBuilder.maxPhotosPerCall {
            diagnostics.note("Foursquare lists at most \(FoursquareRequestBuilder.maxPhotosPerCall) photos of a place in one call")
        }
        var references: [PhotoReference] = []
        for (index, photo) in photos.prefix(limit).enumerated() {
            guard let prefix = photo.prefix, let suffix = photo.suffix, Self.isPhotoPrefix(prefix), Self.isPhotoSuffix(suffix) else {
                diagnostics.warning("Foursquare gave photo \(index + 1) of \(id) no usable prefix and suffix; it is left out")
                continue
            }
            references.append(
                PhotoReference(
                    locator: .sizedURL(prefix: prefix, suffix: suffix), attributions: [Self.attribution],
                    width: photo.width.flatMap { PlaceValueRange.integer($0, in: 1...100_000) },
                    height: photo.height.flatMap { PlaceValueRange.integer($0, in: 1...100_000) }))
        }
        return references
    }

    func imageURL(of photo: PhotoReference, size request: PhotoRequest, diagnostics: Diagnostics) async throws -> String {
        guard case .sizedURL(let prefix, let suffix) = photo.locator else {
            throw PlacesError.invalidRequest(.photo, message: "a Foursquare photo is reached by its prefix and suffix")
        }
        return prefix + Self.sizeWord(request, photo: photo, diagnostics: diagnostics) + suffix
    }

    /// `original`, or `WIDTHxHEIGHT` for a maximum: the photo scaled down to fit it, its
    /// aspect ratio kept, never up. A maximum on a photo of unknown size is both sides as asked.
    static func sizeWord(_ request: PhotoRequest, photo: PhotoReference, diagnostics: Diagnostics) -> String {
        guard request.maxWidth != nil || request.maxHeight != nil else { return "original" }
        guard let width = photo.width, let height = photo.height else {
            guard let maxWidth = request.maxWidth, let maxHeight = request.maxHeight else {
                diagnostics.note("Foursquare gave no size for the photo, so it cannot be scaled by one side: the original is fetched")
                return "original"
            }
            return "\(maxWidth)x\(maxHeight)"
        }
        let scale = min(
            1, Double(request.maxWidth ?? width) / Double(width), Double(request.maxHeight ?? height) / Double(height))
        guard scale < 1 else { return "original" }
        let scaledWidth = max(1, Int((Double(width) * scale).rounded(.down)))
        let scaledHeight = max(1, Int((Double(height) * scale).rounded(.down)))
        return "\(scaledWidth)x\(scaledHeight)"
    }

    /// An http(s) URL ending in "/", with nothing after its path.
    static func isPhotoPrefix(_ prefix: String) -> Bool {
        guard prefix.hasSuffix("/"), let url = URL(string: prefix), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false, url.query == nil, url.fragment == nil, url.user == nil
        else { return false }
        return true
    }

    /// A path starting with "/": letters, digits and `-._~/` only, no `..`.
    static func isPhotoSuffix(_ suffix: String) -> Bool {
        guard suffix.hasPrefix("/"), suffix.count > 1, !suffix.contains("..") else { return false }
        return suffix.unicodeScalars.allSatisfy {
            $0.isASCII
                && (("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-._~/".unicodeScalars.contains($0))
        }
    }
}
