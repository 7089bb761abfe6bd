import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit

extension FoursquareRequestBuilder {
    /// At most 50 photos a call (`limit`, default 10).
    static let maxPhotosPerCall = 50

    /// `GET /places/{fsq_place_id}/photos?limit=N`, in Foursquare's default order.
    func photos(placeID: String, limit: Int) throws -> HTTPRequest {
        var request = get(
            try url(
                path: "/places/\(ServiceURL.segment(placeID))/photos",
                query: [URLQueryItem(name: "limit", value: String(min(max(limit, 1), Self.maxPhotosPerCall)))]),
            annotations: [FoursquarePhotoBilling.note], billing: FoursquarePhotoBilling.billedTier)
        request.annotations.append(
            "then a plain GET of the photo asked (prefix + size + suffix), with no key, which Foursquare does not bill")
        return request
    }
}
