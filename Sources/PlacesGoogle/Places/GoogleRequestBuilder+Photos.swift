import Foundation
import PlacesHTTP
import PlacesModel

extension GoogleRequestBuilder {
    /// `GET /v1/{name}/media?maxWidthPx=…&maxHeightPx=…&skipHttpRedirect=true`, the key in
    /// `X-Goog-Api-Key` (never `key=`): no field mask; answers JSON, not a redirect, so the
    /// key never follows one to the image's host.
    func photoMedia(name: String, size: PhotoRequest) throws -> HTTPRequest {
        var query: [URLQueryItem] = []
        if let width = size.maxWidth { query.append(URLQueryItem(name: "maxWidthPx", value: String(width))) }
        if let height = size.maxHeight { query.append(URLQueryItem(name: "maxHeightPx", value: String(height))) }
        query.append(URLQueryItem(name: "skipHttpRedirect", value: "true"))
        return HTTPRequest(
            method: "GET", url: try url("/v1/\(name)/media", query: query), headers: [("X-Goog-Api-Key", key)],
            service: "google", secretHeaders: ["X-Goog-Api-Key"], annotations: [GooglePhotoBilling.mediaNote],
            billing: GooglePhotoBilling.billedTier)
    }
}
