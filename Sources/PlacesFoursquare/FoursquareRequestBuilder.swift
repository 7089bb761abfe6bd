import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Builds the Foursquare Places requests: `GET /places/search`, a next page from its
/// `Link` header, and `GET /places/{fsq_place_id}`, with the key only in the
/// `Authorization: Bearer` header and the API version Foursquare requires.
struct FoursquareRequestBuilder: Sendable {
    let baseURL: String
    let key: String
    let wording: Wording

    /// The only version the 2025 API accepts (providers.md §3.1).
    static let apiVersion = "2025-06-17"
    /// At most 50 places a page (`limit` 1–50, providers.md §3.1).
    static let maxPerPage = 50
    /// Pages for the largest `--limit` (1000) at 50 a page, plus two for the places the circle
    /// and the filters drop: every page is billed, so no answer makes a search fetch more.
    static let maxPages = 1000 / maxPerPage + 2

    func search(_ request: SearchRequest, categoryIDs: [String], fields: FoursquareFields, limit: Int) throws -> HTTPRequest {
        var query: [URLQueryItem] = []
        if let text = request.query { query.append(URLQueryItem(name: "query", value: text)) }
        if let box = request.box {
            // A rectangle: `ne` and `sw` ("lat,lon"), instead of `ll` and `radius` (the search
            // page lists them as alternatives; `radius` goes with `ll` only).
            query.append(URLQueryItem(name: "ne", value: "\(JSONValue.format(box.north)),\(JSONValue.format(box.east))"))
            query.append(URLQueryItem(name: "sw", value: "\(JSONValue.format(box.south)),\(JSONValue.format(box.west))"))
        } else if let center = request.center {
            query.append(URLQueryItem(name: "ll", value: "\(JSONValue.format(center.latitude)),\(JSONValue.format(center.longitude))"))
            if let radius = request.radiusMeters {
                query.append(URLQueryItem(name: "radius", value: String(Int(radius.rounded(.up)))))
            }
        }
        if !categoryIDs.isEmpty { query.append(URLQueryItem(name: "fsq_category_ids", value: categoryIDs.joined(separator: ","))) }
        if request.openNow && request.filtersAtProvider { query.append(URLQueryItem(name: "open_now", value: "true")) }
        if let price = request.price, price.max >= 1, request.filtersAtProvider {
            // Foursquare's prices are 1–4: a range starting at 0 (free) asks only for its top here
            // and the exact range is filtered afterwards.
            if price.min >= 1 { query.append(URLQueryItem(name: "min_price", value: String(price.min))) }
            query.append(URLQueryItem(name: "max_price", value: String(price.max)))
        }
        query.append(URLQueryItem(name: "sort", value: Self.sortValue(request)))
        query.append(URLQueryItem(name: "limit", value: String(limit)))
        query.append(URLQueryItem(name: "fields", value: fields.parameter))
        var http = get(
            try url(path: "/places/search", query: query), annotations: [fields.billingNote(call: "Place Search")],
            billing: fields.billedTier(call: "Place Search"))
        http.annotations.append("first page only: later pages follow the Link header's rel=\"next\" URL, each a call billed again")
        return http
    }

    /// The next page: the `Link` URL verbatim, with the same headers.
    func page(_ next: URL, fields: FoursquareFields) -> HTTPRequest {
        get(next, annotations: [fields.billingNote(call: "Place Search")], billing: fields.billedTier(call: "Place Search"))
    }

    func details(placeID: String, fields: FoursquareFields) throws -> HTTPRequest {
        get(
            try url(path: "/places/\(ServiceURL.segment(placeID))", query: [URLQueryItem(name: "fields", value: fields.parameter)]),
            annotations: [fields.billingNote(call: "Place Details")], billing: fields.billedTier(call: "Place Details"))
    }

    /// `--sort`: Foursquare ranks by DISTANCE, RELEVANCE, RATING or POPULARITY. `best` weighs
    /// rating against distance afterwards, so it asks for the nearest.
    static func sortValue(_ request: SearchRequest) -> String {
        switch request.sort {
        case .distance, .best, .along, .detour: return "DISTANCE"
        case .relevance: return "RELEVANCE"
        case .rating: return "RATING"
        case .popularity: return "POPULARITY"
        }
    }

    func get(_ url: URL, annotations: [String], billing: BilledTier) -> HTTPRequest {
        HTTPRequest(
            method: "GET", url: url,
            headers: [("Accept", "application/json"), ("Authorization", "Bearer \(key)"), ("X-Places-Api-Version", Self.apiVersion)],
            service: "foursquare", secretHeaders: ["Authorization"], annotations: annotations, billing: billing)
    }

    func url(path: String, query: [URLQueryItem]) throws -> URL {
        try ServiceURL.make(base: baseURL, path: path, query: query, service: .foursquare, wording: wording)
    }
}
