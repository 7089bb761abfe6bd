import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Builds the Places API (New) requests: `places:searchNearby`, `places:searchText`
/// and `GET /v1/places/{id}`, with the key only in the `X-Goog-Api-Key` header.
struct GoogleRequestBuilder: Sendable {
    let baseURL: String
    let key: String
    let wording: Wording
    var locale = GoogleLocale()

    /// Google's caps (shared/reference/providers.md §1.2, §1.3): Nearby returns at most 20
    /// places and does not page; Text Search takes `pageSize` 1–20 and returns "at most 60
    /// results across all pages", so at most 3 pages. Every page is billed, so these bound
    /// the paging loop whatever the server answers (an endless `nextPageToken` included).
    static let maxPerRequest = 20
    static let maxTextSearchResults = 60
    static let maxTextSearchPages = maxTextSearchResults / maxPerRequest
    /// Circle radius for a `search` location that only biases (no `--radius`).
    static let biasRadius = SearchDefaults.nearbyRadiusMeters

    func searchNearby(_ request: SearchRequest, types: [String], mask: GoogleFieldMask) throws -> HTTPRequest {
        guard let center = request.center, let radius = request.radiusMeters else {
            throw PlacesError.invalidRequest(.center, message: wording(.nearbyNeedsCenter))
        }
        var body: [(String, JSONValue)] = []
        if !types.isEmpty { body.append(("includedTypes", .array(types.map(JSONValue.string)))) }
        body.append(("maxResultCount", .integer(Self.resultCount(request.limit, request))))
        body.append(("rankPreference", .string(request.sort == .distance || request.sort == .best ? "DISTANCE" : "POPULARITY")))
        body.append(("locationRestriction", .object([("circle", Self.circle(center, radius))])))
        body += localeFields
        var http = try post("/v1/places:searchNearby", body: .object(body), mask: mask)
        if request.box != nil {
            http.annotations.append(
                "a box: Nearby Search takes circles only, so this is the circle that covers it (\(JSONValue.format(radius.rounded())) m around its centre); places outside the box are left out after"
            )
        }
        return http
    }

    func searchText(
        _ request: SearchRequest, query: String, types: [String], pageSize: Int, pageToken: String?, mask: GoogleFieldMask
    ) throws -> HTTPRequest {
        var body: [(String, JSONValue)] = [("textQuery", .string(query)), ("pageSize", .integer(pageSize))]
        if types.count == 1 {
            body.append(("includedType", .string(types[0])))
            body.append(("strictTypeFiltering", .bool(true)))
        }
        if request.openNow && request.filtersAtProvider { body.append(("openNow", .bool(true))) }
        if let min = request.minRating, request.filtersAtProvider {
            // Google rounds minRating up to 0.5 steps, which would drop places the user asked for:
            // send it rounded down and filter exactly afterwards.
            let floored = (min * 2).rounded(.down) / 2
            if floored > 0 { body.append(("minRating", .number(floored))) }
        }
        if let price = request.price, price.min >= 1, request.filtersAtProvider {
            // PRICE_LEVEL_FREE cannot be requested; a range with 0 is filtered client-side only.
            body.append(("priceLevels", .array((price.min...price.max).map { .string(GoogleVenueMapper.priceLevelNames[$0]) })))
        }
        body.append(("rankPreference", .string(request.sort == .distance ? "DISTANCE" : "RELEVANCE")))
        if let center = request.center {
            if let radius = request.radiusMeters {
                // locationRestriction takes only a rectangle: the box itself (`--bbox`; low
                // east of high across the antimeridian, as Google's Viewport allows), else the
                // circle's bounding box, then the circle client-side.
                let box = request.box ?? BoundingBox(around: center, radius: radius)
                body.append(
                    (
                        "locationRestriction",
                        .object([
                            (
                                "rectangle",
                                .object([
                                    ("low", Self.latLng(box.south, box.west)), ("high", Self.latLng(box.north, box.east)),
                                ])
                            )
                        ])
                    ))
            } else {
                body.append(("locationBias", .object([("circle", Self.circle(center, Self.biasRadius))])))
            }
        }
        if let route = request.route { body += GoogleAlongRoute.fields(route) }
        // The same on every page: Google refuses a page whose other parameters changed.
        body += localeFields
        if let pageToken { body.append(("pageToken", .string(pageToken))) }
        var http = try post("/v1/places:searchText", body: .object(body), mask: mask)
        if request.route != nil, request.kind == .nearby {
            http.annotations.append("nearby along a route: a Text Search with the type as its query (Nearby Search takes no route)")
        }
        http.annotations.append("first page only: later pages repeat this request with the nextPageToken as pageToken, each billed again")
        return http
    }

    /// With a `sessionToken`, the call ends that autocomplete session: the token goes in the
    /// query string, `?sessionToken=` (`places.get` takes `languageCode`, `regionCode` and
    /// `sessionToken` as query parameters: Places API v1 discovery document, rev 20261101).
    func details(placeID: String, mask: GoogleFieldMask, sessionToken: String? = nil) throws -> HTTPRequest {
        var query = locale.parameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        var annotations = [mask.billingNote]
        if let sessionToken {
            query.append(URLQueryItem(name: "sessionToken", value: sessionToken))
            annotations.append(GoogleAutocompleteBilling.endingNote(detailsTier: mask.tier))
        }
        return HTTPRequest(
            method: "GET", url: try url("/v1/places/\(ServiceURL.segment(placeID))", query: query),
            headers: [("X-Goog-Api-Key", key), ("X-Goog-FieldMask", mask.header)],
            service: "google", secretHeaders: ["X-Goog-Api-Key"], matchedHeaders: ["X-Goog-FieldMask"],
            annotations: annotations, billing: mask.billedTier)
    }

    private func post(_ path: String, body: JSONValue, mask: GoogleFieldMask) throws -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: try url(path),
            headers: [("Content-Type", "application/json"), ("X-Goog-Api-Key", key), ("X-Goog-FieldMask", mask.header)],
            body: Data(body.compact.utf8), service: "google", secretHeaders: ["X-Goog-Api-Key"],
            matchedHeaders: ["X-Goog-FieldMask"], annotations: [mask.billingNote], billing: mask.billedTier)
    }

    func url(_ path: String, query: [URLQueryItem] = []) throws -> URL {
        try ServiceURL.make(base: baseURL, path: path, query: query.isEmpty ? nil : query, service: .googlePlaces, wording: wording)
    }

    /// `languageCode` and `regionCode` as body fields of a search (GoogleLocale).
    var localeFields: [(String, JSONValue)] {
        locale.parameters.map { ($0.name, .string($0.value)) }
    }

    /// How many places to ask for `limit`: all one request gives when places closed for good
    /// are to be left out afterwards (the request costs the same, and `--limit 1` still
    /// finds an open place), else just the limit. A merged search asks each provider the
    /// same number as before (`SearchRequest.forEachMergedProvider`), so that every
    /// provider's view of the nearest places is compared, online or from an extract.
    static func resultCount(_ limit: Int, _ request: SearchRequest) -> Int {
        request.includeClosed || !request.filtersAtProvider ? min(limit, maxPerRequest) : maxPerRequest
    }

    static func circle(_ center: Coordinate, _ radius: Double) -> JSONValue {
        .object([("center", latLng(center.latitude, center.longitude)), ("radius", .number(radius))])
    }

    static func latLng(_ lat: Double, _ lon: Double) -> JSONValue {
        .object([("latitude", .number(lat)), ("longitude", .number(lon))])
    }
}
