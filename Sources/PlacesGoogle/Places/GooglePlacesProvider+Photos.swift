import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// A place's photos from Places API (New): Place Details with the field mask `photos` alone
/// (billed as Essentials (IDs Only)), then, for the photo asked, Place Photos (New):
/// `GET /v1/{name}/media?maxWidthPx=…&skipHttpRedirect=true` with the key in its header,
/// which answers `{name, photoUri}`. The key goes to places.googleapis.com only: the image
/// at `photoUri` is fetched by the client with no key (providers.md §1.5; discovery document
/// `places.photos.getMedia`, rev 20261101).
extension GooglePlacesProvider: PhotoProvider {
    /// Place Photos takes `maxWidthPx` and `maxHeightPx` of 1 to 4800, at least one of them.
    static let largestPhotoSide = 4800

    func photos(of id: PlaceID, wanted: Int, diagnostics: Diagnostics) async throws -> [PhotoReference] {
        let builder = GoogleRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording, locale: locale)
        // The photo asked for is bought by the second request: a ceiling below it stops the
        // work here, before even the free first one is sent.
        try connection.http.checkCeiling(GooglePhotoBilling.billedTier)
        let mask = GoogleFieldMask(placeFields: ["photos"], method: .details)
        var request = try builder.details(placeID: id.rawID, mask: mask)
        request.annotations += GooglePhotoBilling.followingNotes
        let response: HTTPResponse
        do {
            response = try await sendChecked(request, wording: diagnostics.wording)
        } catch PlacesError.notFound(let message), PlacesError.requestRejected(_, let message) {
            // Google answers an unknown id with 404 NOT_FOUND or 400 INVALID_ARGUMENT.
            throw PlacesError.placeNotFound(id, message: diagnostics.wording(.unknownPlace(id, said: message)))
        }
        let place: GooglePlace
        do {
            place = try JSONDecoder().decode(GooglePlace.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: GoogleService.places, what: DecodingErrorText.describe(error))
        }
        let photos = place.photos ?? []
        if photos.count > GoogleVenueMapper.maxPhotos {
            diagnostics.warning(
                "Google Places listed \(photos.count) photos of \(id), more than the \(GoogleVenueMapper.maxPhotos) it documents; used the first \(GoogleVenueMapper.maxPhotos)"
            )
        }
        var references: [PhotoReference] = []
        for (index, photo) in photos.prefix(GoogleVenueMapper.maxPhotos).enumerated() {
            // A name of another form could put another path into the media request's URL.
            guard GoogleVenueMapper.isPhotoName(photo.name), photo.name.hasPrefix("places/\(id.rawID)/photos/") else {
                diagnostics.warning(
                    "Google Places gave photo \(index + 1) of \(id) a name not of the form places/\(id.rawID)/photos/REF; it is left out")
                continue
            }
            references.append(
                PhotoReference(
                    locator: .providerName(photo.name), attributions: Self.attributions(photo.authorAttributions ?? []),
                    width: photo.widthPx.flatMap { PlaceValueRange.integer($0, in: 1...Int(Int32.max)) },
                    height: photo.heightPx.flatMap { PlaceValueRange.integer($0, in: 1...Int(Int32.max)) }))
        }
        return references
    }

    func imageURL(of photo: PhotoReference, size request: PhotoRequest, diagnostics: Diagnostics) async throws -> String {
        guard case .providerName(let name) = photo.locator else {
            throw PlacesError.invalidRequest(.photo, message: "a Google photo is reached by its name")
        }
        let builder = GoogleRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording, locale: locale)
        let media = try builder.photoMedia(name: name, size: Self.mediaSize(request, photo: photo))
        let response: HTTPResponse
        do {
            response = try await GoogleService.send(
                media, over: connection.http, service: GooglePhotoBilling.mediaReader, secrets: media.secrets,
                wording: diagnostics.wording)
        } catch PlacesError.notFound(let message) {
            throw PlacesError.notFound(message: "Google has no photo \(name) now (photo names expire): \(message)")
        }
        let answer: GooglePhotoMedia
        do {
            answer = try JSONDecoder().decode(GooglePhotoMedia.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: GooglePhotoBilling.mediaReader, what: DecodingErrorText.describe(error))
        }
        guard let uri = answer.photoUri, !uri.isEmpty else {
            throw HTTPErrorMapper.badBody(service: GooglePhotoBilling.mediaReader, what: "the photo's media has no photoUri")
        }
        // The answer was scrubbed of the key: a photoUri that held it now holds the
        // placeholder, and is not followed anywhere.
        guard !uri.contains(Redaction.placeholder) else {
            throw PlacesError.badResponse(
                .googlePlaces, message: "Google Places answered with a photoUri that carries the API key; it was not followed")
        }
        return uri
    }

    /// The sizes sent: those asked; with none, the photo's own width (its full size), or
    /// the largest Google serves when the listing gave none.
    static func mediaSize(_ request: PhotoRequest, photo: PhotoReference) -> PhotoRequest {
        guard request.maxWidth == nil, request.maxHeight == nil else { return request }
        var size = request
        size.maxWidth = min(photo.width ?? largestPhotoSide, largestPhotoSide)
        return size
    }

    /// Each author with a name, and their page when it is a web link (a link without a
    /// scheme, `//www.google.com/...`, is read as https).
    static func attributions(_ authors: [GooglePhotoAuthorAttribution]) -> [PhotoAttribution] {
        authors.compactMap { author in
            guard let name = author.displayName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
            var uri = author.uri?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let link = uri, link.hasPrefix("//") { uri = "https:" + link }
            if let link = uri, !(link.lowercased().hasPrefix("https://") || link.lowercased().hasPrefix("http://")) { uri = nil }
            return PhotoAttribution(displayName: name, uri: uri)
        }
    }
}
