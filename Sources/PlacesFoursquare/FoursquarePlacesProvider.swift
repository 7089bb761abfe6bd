import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// The `foursquare` provider: the Foursquare Places API.
///
/// `nearby` and `search` are `GET /places/search`, paged through the `Link` header (50
/// places a page) until `--limit` places pass the circle and the value filters; `details`
/// is `GET /places/{fsq_place_id}`. `fields` follows the fields asked for, so Premium
/// fields are bought only when needed.
struct FoursquarePlacesProvider: PlaceProvider {
    let name = ProviderName.foursquare
    let http: HTTPClient
    let baseURL: String
    /// Nil or empty when none was given: `missingAPIKey`, raised when a request is made.
    let key: String?

    init(http: HTTPClient, baseURL: String, key: String?) {
        self.http = http
        self.baseURL = baseURL
        // A key pasted with its scheme would otherwise go out as "Bearer Bearer ...".
        self.key = key.map { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0 }
    }

    func validKey() throws -> String {
        guard let key, !key.isEmpty else { throw PlacesError.missingAPIKey(.foursquare) }
        return key
    }

    /// Circles a search along a route asks (each a billed call, made one after another).
    static let maxCorridorCircles = 8

    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        if let route = request.route { return try await searchAlong(route, request, diagnostics: diagnostics) }
        let key = try validKey()
        let builder = FoursquareRequestBuilder(baseURL: baseURL, key: key, wording: diagnostics.wording)
        let service = FoursquareService.description
        let fields = FoursquareFields(for: request.neededFields)
        // Places closed for good are left out afterwards: a full page then (a call costs the
        // same), so that a small --limit still finds open places.
        // (Not in a merged search, which asks every provider alike: `GoogleRequestBuilder.resultCount`.)
        let perPage =
            request.includeClosed || !request.filtersAtProvider
            ? min(request.limit, FoursquareRequestBuilder.maxPerPage) : FoursquareRequestBuilder.maxPerPage
        // Each page is a billed call: enough pages for --limit, and a little slack for the
        // places the circle or the filters drop.
        let maxPages = min((request.limit + perPage - 1) / perPage + 2, FoursquareRequestBuilder.maxPages)

        var collected: [Venue] = []
        var seenPlaces = Set<PlaceID>()
        var accepted = 0
        var pages = 0
        var next: HTTPRequest? = try builder.search(
            request, categoryIDs: FoursquareCategoryTable.ids(for: request.types), fields: fields, limit: perPage)
        var visited = FoursquarePaging.Visited()
        while let current = next {
            visited.insert(current.url)
            let response = try await http.send(current, service: service)
            pages += 1
            let decoded = try decode(FoursquareSearchResponse.self, response.body, service: service)
            if decoded.results == nil,
                let error = FoursquareService.messageError(in: response.body, service: service, secrets: current.secrets)
            {
                throw error
            }
            var places = decoded.results ?? []
            if places.count > FoursquareRequestBuilder.maxPerPage {
                diagnostics.warning(
                    "Foursquare answered with \(places.count) places in one page, more than the \(FoursquareRequestBuilder.maxPerPage) it documents; used the first \(FoursquareRequestBuilder.maxPerPage)"
                )
                places = Array(places.prefix(FoursquareRequestBuilder.maxPerPage))
            }
            var report = MappingReport()
            let venues = places.compactMap { FoursquareVenueMapper.venue(from: $0, report: &report) }
            report.report(provider: service.name, lacking: "an id, a name or a position", to: diagnostics)
            // Only places not seen on an earlier page count: a server repeating a page adds nothing.
            let fresh = venues.filter { seenPlaces.insert($0.id).inserted }
            collected += fresh
            accepted += VenuePipeline.applyValueFilters(fresh.filter { isInsideCircle($0, request) }, request).count
            next = nil
            guard accepted < request.limit, pages < maxPages,
                let link = FoursquarePaging.nextURL(in: response.header("Link"), relativeTo: current.url)
            else { break }
            try FoursquarePaging.checkSameOrigin(link, baseURL: baseURL, secrets: [key], wording: diagnostics.wording)
            // Never the same page twice (its URL or its cursor), nor on after a page with nothing new.
            if visited.contains(link) {
                diagnostics.warning("Foursquare's next-page link repeats a page already fetched; stopped paging")
            } else if fresh.isEmpty {
                diagnostics.warning("Foursquare offered another page after one with no new places; stopped paging")
            } else {
                next = builder.page(link, fields: fields)
            }
        }
        return collected
    }

    /// Along a route: one search per circle covering the corridor (`RouteSampling`, at most
    /// `maxCorridorCircles`), nearest first in each, up to a page of 50 (the search's own paging
    /// bound applies when the circle's places are not there yet); the corridor filter then
    /// keeps what is near the route.
    private func searchAlong(_ route: SearchRoute, _ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        var collected: [Venue] = []
        var seen = Set<PlaceID>()
        for circle in RouteSampling.circles(route.corridor, maxCircles: Self.maxCorridorCircles) {
            var each = request
            each.route = nil
            each.center = circle.center
            each.radiusMeters = min(circle.radiusMeters, ProviderDescriptor.foursquare.maxRadiusMeters ?? circle.radiusMeters)
            each.sort = .distance
            each.limit = FoursquareRequestBuilder.maxPerPage
            let found = try await search(each, diagnostics: diagnostics)
            collected += found.filter { seen.insert($0.id).inserted }
        }
        return collected
    }

    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        let key = try validKey()
        let service = FoursquareService.description
        let request = try FoursquareRequestBuilder(baseURL: baseURL, key: key, wording: diagnostics.wording)
            .details(placeID: id.rawID, fields: FoursquareFields(for: fields.union([.id, .name])))
        let response: HTTPResponse
        do {
            response = try await http.send(request, service: service)
        } catch PlacesError.notFound(let message), PlacesError.requestRejected(_, let message) {
            // An unknown id is 404; a malformed one may be refused as a bad parameter.
            throw PlacesError.placeNotFound(id, message: diagnostics.wording(.unknownPlace(id, said: message)))
        }
        let place = try decode(FoursquarePlace.self, response.body, service: service)
        if place.fsqPlaceId == nil,
            let error = FoursquareService.messageError(in: response.body, service: service, secrets: request.secrets)
        {
            throw error
        }
        var report = MappingReport()
        guard let venue = FoursquareVenueMapper.venue(from: place, report: &report) else {
            throw HTTPErrorMapper.badBody(
                service: service, what: report.firstSkipReason ?? "the place has no fsq_place_id, name or position")
        }
        report.report(provider: service.name, lacking: "an id, a name or a position", to: diagnostics)
        return venue
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data, service: ResponseReader) throws -> T {
        do {
            return try FoursquarePlaceWire.decoder.decode(type, from: body)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: DecodingErrorText.describe(error))
        }
    }

    private func isInsideCircle(_ venue: Venue, _ request: SearchRequest) -> Bool {
        guard let center = request.center, let radius = request.radiusMeters else { return true }
        return GeodesicDistance.meters(from: center, to: venue.coordinate) <= radius
    }
}
