import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// The `google` provider: Places API (New) at `PLACES_GOOGLE_PLACES_URL`.
///
/// `nearby` is one `places:searchNearby` (it cannot page: at most 20 places); `search`
/// pages `places:searchText` with `pageToken` up to Google's 60; `details` is
/// `GET /v1/places/{id}`. The field mask follows the fields asked for.
struct GooglePlacesProvider: PlaceProvider {
    let name = ProviderName.google
    /// Without a key, `missingAPIKey` is raised once the request is known to be valid.
    let connection: GoogleConnection
    var baseURL: String { connection.baseURL }
    var locale: GoogleLocale { connection.locale }

    init(http: HTTPClient, baseURL: String, key: String?, locale: GoogleLocale = GoogleLocale()) {
        connection = GoogleConnection(http: http, baseURL: baseURL, key: key, locale: locale)
    }

    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        let types = try GooglePlaceTypes.types(for: request.types, wording: diagnostics.wording)
        let builder = GoogleRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording, locale: locale)
        if request.route != nil {
            // Nearby Search takes no route: along one, `nearby` is a Text Search for its types.
            return try await pagedTextSearch(
                request, query: GoogleAlongRoute.query(for: request), types: types, builder: builder,
                diagnostics: diagnostics)
        }
        switch request.kind {
        case .nearby:
            if request.limit > GoogleRequestBuilder.maxPerRequest {
                diagnostics.note(.googleNearbyCap(GoogleRequestBuilder.maxPerRequest))
            }
            let mask = GoogleFieldMask(fields: request.neededFields, method: .searchNearby)
            let response = try await send(try builder.searchNearby(request, types: types, mask: mask), wording: diagnostics.wording)
            return venues(from: onePage(response.places ?? [], diagnostics: diagnostics), diagnostics: diagnostics)
        case .text(let query):
            return try await pagedTextSearch(request, query: query, types: types, builder: builder, diagnostics: diagnostics)
        }
    }

    private func pagedTextSearch(
        _ request: SearchRequest, query: String, types: [String], builder: GoogleRequestBuilder,
        diagnostics: Diagnostics
    ) async throws -> [Venue] {
        let wanted = min(request.limit, GoogleRequestBuilder.maxTextSearchResults)
        if request.limit > wanted {
            diagnostics.note(
                "Google's Text Search returns at most \(GoogleRequestBuilder.maxTextSearchResults) places across its pages; showing up to \(wanted)"
            )
        }
        // Several Google types cannot go in `includedType`: filter on `types` here instead.
        let filterTypes = types.count > 1 ? Set(types) : nil
        var fields = request.neededFields
        if filterTypes != nil { fields.insert(.categories) }
        var mask = GoogleFieldMask(fields: fields, method: .searchText)
        if let route = request.route, GoogleAlongRoute.wantsDetours(request) {
            // Routing summaries are driving routes only (RoutingParameters.travelMode): a
            // detour of another mode is not bought.
            mask.routingSummaries = route.mode == .drive
            if route.mode != .drive {
                diagnostics.note("Google works out detours along a route for driving only: detours stay unknown for \(route.mode.phrase)")
            }
        }
        let pageSize = GoogleRequestBuilder.resultCount(wanted, request)

        var collected: [Venue] = []
        var seenPlaces = Set<PlaceID>()
        var seenTokens = Set<String>()
        var accepted = 0
        var received = 0
        var pages = 0
        var token: String?
        while true {
            let response = try await send(
                try builder.searchText(request, query: query, types: types, pageSize: pageSize, pageToken: token, mask: mask),
                wording: diagnostics.wording)
            pages += 1
            let places = onePage(response.places ?? [], diagnostics: diagnostics)
            received += places.count
            let mapped = try venues(
                from: places, summaries: mask.routingSummaries ? response.routingSummaries : nil,
                route: request.route, diagnostics: diagnostics)
            // Only places not seen on an earlier page count: a server repeating a page adds nothing.
            let fresh = mapped.filter { seenPlaces.insert($0.id).inserted }
            var page = fresh
            if let filterTypes {
                let keep = Set(places.filter { !Set($0.types ?? []).isDisjoint(with: filterTypes) }.compactMap(\.id))
                page = page.filter { keep.contains($0.id.rawID) }
            }
            collected += page
            accepted += page.filter { isInsideCircle($0, request) }.count
            guard let next = response.nextPageToken, !next.isEmpty, accepted < wanted,
                received < GoogleRequestBuilder.maxTextSearchResults
            else { break }
            // Each page is billed: stop on a page with nothing new, a token already sent, or
            // Google's documented page count, whatever the server offers next.
            if fresh.isEmpty {
                diagnostics.warning("Google Places offered another page after one with no new places; stopped paging")
                break
            }
            if !seenTokens.insert(next).inserted {
                diagnostics.warning("Google Places offered a page token it had already given; stopped paging")
                break
            }
            if pages >= GoogleRequestBuilder.maxTextSearchPages {
                diagnostics.warning(
                    "Google Places offered more than \(GoogleRequestBuilder.maxTextSearchPages) pages, its documented maximum; stopped paging"
                )
                break
            }
            token = next
        }
        return collected
    }

    /// One page as Google documents it: at most 20 places. More is outside the contract; the
    /// rest is not read (and a page cannot make the search print more than Google's 60).
    private func onePage(_ places: [GooglePlace], diagnostics: Diagnostics) -> ArraySlice<GooglePlace> {
        let cap = GoogleRequestBuilder.maxPerRequest
        if places.count > cap {
            diagnostics.warning(
                "Google Places answered with \(places.count) places in one page, more than the \(cap) it documents; used the first \(cap)")
        }
        return places.prefix(cap)
    }

    private func isInsideCircle(_ venue: Venue, _ request: SearchRequest) -> Bool {
        if let route = request.route { return route.corridor.locate(venue.coordinate) != nil }
        guard let center = request.center, let radius = request.radiusMeters else { return true }
        return GeodesicDistance.meters(from: center, to: venue.coordinate) <= radius
    }

    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        try await details(id, fields: fields, sessionToken: nil, diagnostics: diagnostics)
    }

    /// One place; with a `sessionToken`, the call that ends that autocomplete session.
    func details(_ id: PlaceID, fields: Set<VenueField>, sessionToken: String?, diagnostics: Diagnostics) async throws -> Venue {
        let builder = GoogleRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording, locale: locale)
        let mask = GoogleFieldMask(fields: fields.union([.id, .name]), method: .details)
        let response: HTTPResponse
        do {
            response = try await sendChecked(
                try builder.details(placeID: id.rawID, mask: mask, sessionToken: sessionToken),
                wording: diagnostics.wording)
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
        var report = MappingReport()
        guard let venue = GoogleVenueMapper.venue(from: place, photoBaseURL: baseURL, report: &report) else {
            throw HTTPErrorMapper.badBody(
                service: GoogleService.places, what: report.firstSkipReason ?? "the place has no id, name or location")
        }
        report.report(provider: GoogleService.places.name, lacking: "an id, a name or a location", to: diagnostics)
        return venue
    }

    func validKey() throws -> String {
        guard let key = connection.key, !key.isEmpty else { throw PlacesError.missingAPIKey(.googlePlaces) }
        return key
    }

    /// A 2xx response that is not an error envelope.
    func sendChecked(_ request: HTTPRequest, wording: Wording) async throws -> HTTPResponse {
        try await GoogleService.send(
            request, over: connection.http, service: GoogleService.places, secrets: request.secrets, wording: wording)
    }

    private func send(_ request: HTTPRequest, wording: Wording) async throws -> GoogleSearchResponse {
        let response = try await sendChecked(request, wording: wording)
        do {
            return try JSONDecoder().decode(GoogleSearchResponse.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: GoogleService.places, what: DecodingErrorText.describe(error))
        }
    }

    /// Venues of a page along a route, each with its detour from the routing summary at its
    /// index (Google: "each entry associates to the corresponding place in the same index").
    private func venues(
        from places: ArraySlice<GooglePlace>, summaries: [GoogleRoutingSummary]?, route: SearchRoute?,
        diagnostics: Diagnostics
    ) throws -> [Venue] {
        guard let summaries, let route else { return venues(from: places, diagnostics: diagnostics) }
        if summaries.count != places.count {
            diagnostics.warning(
                "Google Places answered \(places.count) places with \(summaries.count) routing summaries; detours are left out where they do not pair"
            )
        }
        let direct = route.mode == .drive ? route.measure : nil
        var report = MappingReport()
        var result: [Venue] = []
        for (index, place) in places.enumerated() {
            guard var venue = GoogleVenueMapper.venue(from: place, photoBaseURL: baseURL, report: &report) else { continue }
            if summaries.count == places.count {
                let detour = try GoogleAlongRoute.detour(summaries[index], direct: direct)
                venue.detourSeconds = detour.seconds
                venue.detourMeters = detour.meters
            }
            result.append(venue)
        }
        report.report(provider: GoogleService.places.name, lacking: "an id, a name or a location", to: diagnostics)
        return result
    }

    private func venues(from places: ArraySlice<GooglePlace>, diagnostics: Diagnostics) -> [Venue] {
        var report = MappingReport()
        let venues = places.compactMap { GoogleVenueMapper.venue(from: $0, photoBaseURL: baseURL, report: &report) }
        report.report(provider: GoogleService.places.name, lacking: "an id, a name or a location", to: diagnostics)
        return venues
    }
}
