import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// `POST /v1/places:autocomplete` (Places API v1 discovery document,
/// `GoogleMapsPlacesV1AutocompletePlacesRequest`, rev 20261101). It takes no field mask:
/// Google's own example (using-session-tokens, web service) sends none, and the field-mask
/// rule names only Place Details, Nearby Search and Text Search (choose-fields page).
extension GoogleRequestBuilder {
    /// "Up to 5 values can be specified" (`includedPrimaryTypes`).
    static let maxAutocompleteTypes = 5
    /// A circle's radius "must be within [0.0, 50000.0]" (`GoogleMapsPlacesV1Circle`).
    static let maxAutocompleteRadius = 50_000.0

    /// The body, field by field: `input`; around a centre, `locationRestriction` (a circle of
    /// the radius, a hard limit) or else `locationBias` (a circle of the bias radius), and
    /// `origin` so place predictions carry `distanceMeters`; `includedPrimaryTypes`;
    /// `languageCode`/`regionCode`; `includeQueryPredictions`; `sessionToken`.
    func autocomplete(_ request: AutocompleteRequest, types: [String], sessionToken: String?) throws -> HTTPRequest {
        var body: [(String, JSONValue)] = [("input", .string(request.input))]
        if let center = request.center {
            if let radius = request.radiusMeters {
                body.append(("locationRestriction", .object([("circle", Self.circle(center, radius))])))
            } else {
                body.append(("locationBias", .object([("circle", Self.circle(center, Self.biasRadius))])))
            }
            body.append(("origin", Self.latLng(center.latitude, center.longitude)))
        }
        if !types.isEmpty { body.append(("includedPrimaryTypes", .array(types.map(JSONValue.string)))) }
        body += localeFields
        if request.includeQueries { body.append(("includeQueryPredictions", .bool(true))) }
        if let sessionToken { body.append(("sessionToken", .string(sessionToken))) }
        return HTTPRequest(
            method: "POST", url: try url("/v1/places:autocomplete"),
            headers: [("Content-Type", "application/json"), ("X-Goog-Api-Key", key)],
            body: Data(JSONValue.object(body).compact.utf8), service: "google", secretHeaders: ["X-Goog-Api-Key"],
            annotations: [GoogleAutocompleteBilling.autocompleteNote(sessionToken: sessionToken)],
            billing: GoogleAutocompleteBilling.billedTier)
    }
}
