import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Foursquare's autocomplete: `GET /autocomplete` (docs.foursquare.com/fsq-developers-places/reference/autocomplete):
/// `query` ("Must be at least 3 characters long"), `ll` and `radius` (a bias: "may not fully
/// restrict results"), `types` (place, search, geo), `session_token`, `limit` 1–50.
///
/// Sessions: "An Autocomplete session begins when the user starts typing a query, and
/// concludes when they select a result and a call is made to Place Search, Place Details, or
/// Address Details" (developer.foursquare.com/reference/session-tokens). The current Place
/// Details reference lists no `session_token` parameter, so none is sent there: a session
/// is carried through the autocomplete calls, and what ends it on the new host is Foursquare's
/// to say.
extension FoursquareRequestBuilder {
    /// "Must be at least 3 characters long."
    static let minimumAutocompleteInput = 3

    func autocomplete(_ request: AutocompleteRequest, sessionToken: String?) throws -> HTTPRequest {
        var query = [URLQueryItem(name: "query", value: request.input)]
        if let center = request.center {
            query.append(URLQueryItem(name: "ll", value: "\(JSONValue.format(center.latitude)),\(JSONValue.format(center.longitude))"))
            if let radius = request.radiusMeters {
                query.append(URLQueryItem(name: "radius", value: String(Int(min(radius, 100_000).rounded(.up)))))
            }
        }
        query.append(URLQueryItem(name: "types", value: request.includeQueries ? "place,search" : "place"))
        if let sessionToken { query.append(URLQueryItem(name: "session_token", value: sessionToken)) }
        query.append(URLQueryItem(name: "limit", value: String(request.limit)))
        let note =
            sessionToken == nil
            ? "billed as an Autocomplete call on its own (no session_token: \"charged per keystroke/request\")"
            : "an Autocomplete call of session \(sessionToken ?? ""): free when the session completes with a selection, else billed as a call"
        let billing = BilledTier(
            provider: .foursquare, sku: "Autocomplete", rung: TierLadder.foursquare[0], drivers: [], driverFields: [],
            floor: TierLadder.foursquare[0])
        return HTTPRequest(
            method: "GET",
            url: try ServiceURL.make(base: baseURL, path: "/autocomplete", query: query, service: .foursquare, wording: wording),
            headers: [("Accept", "application/json"), ("Authorization", "Bearer \(key)"), ("X-Places-Api-Version", Self.apiVersion)],
            service: "foursquare", secretHeaders: ["Authorization"], annotations: [note], billing: billing)
    }
}

extension FoursquarePlacesProvider: AutocompleteProvider {
    func autocomplete(
        _ request: AutocompleteRequest, sessionToken: String?,
        diagnostics: Diagnostics
    ) async throws -> [AutocompletePrediction] {
        guard request.input.unicodeScalars.count >= FoursquareRequestBuilder.minimumAutocompleteInput else {
            throw PlacesError.invalidRequest(
                .query,
                message:
                    "Foursquare's autocomplete needs at least \(FoursquareRequestBuilder.minimumAutocompleteInput) characters of input")
        }
        if !request.categories.isEmpty {
            diagnostics.note("Foursquare's autocomplete takes no categories; its predictions are filtered by category afterwards")
        }
        let builder = FoursquareRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording)
        let http = try builder.autocomplete(request, sessionToken: sessionToken)
        let service = FoursquareService.description
        let response = try await self.http.send(http, service: service)
        let decoded: FoursquareAutocompleteResponse
        do {
            decoded = try FoursquarePlaceWire.decoder.decode(FoursquareAutocompleteResponse.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: DecodingErrorText.describe(error))
        }
        if decoded.results == nil, let error = FoursquareService.messageError(in: response.body, service: service, secrets: http.secrets) {
            throw error
        }
        return FoursquareAutocompleteMapper.predictions(from: decoded, request: request, diagnostics: diagnostics)
    }

    /// Foursquare's Place Details takes no session token (see `autocomplete` above): the
    /// same call as without a session.
    func details(_ id: PlaceID, fields: Set<VenueField>, sessionToken: String?, diagnostics: Diagnostics) async throws -> Venue {
        try await details(id, fields: fields, diagnostics: diagnostics)
    }
}
