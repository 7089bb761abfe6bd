import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Autocomplete (New): one `places:autocomplete` per call, the session token in the body.
extension GooglePlacesProvider: AutocompleteProvider {
    func autocomplete(
        _ request: AutocompleteRequest, sessionToken: String?,
        diagnostics: Diagnostics
    ) async throws -> [AutocompletePrediction] {
        let types = try GooglePlaceTypes.types(for: request.categories, wording: diagnostics.wording)
        guard types.count <= GoogleRequestBuilder.maxAutocompleteTypes else {
            throw PlacesError.invalidRequest(
                .categories,
                message: diagnostics.wording(
                    .autocompleteTooManyTypes(count: types.count, limit: GoogleRequestBuilder.maxAutocompleteTypes)))
        }
        if let radius = request.radiusMeters, radius > GoogleRequestBuilder.maxAutocompleteRadius {
            throw PlacesError.invalidRequest(
                .radius,
                message: diagnostics.wording(
                    .radiusOverLimit(radius: radius, provider: .google, limit: GoogleRequestBuilder.maxAutocompleteRadius)))
        }
        let builder = GoogleRequestBuilder(baseURL: baseURL, key: try validKey(), wording: diagnostics.wording, locale: locale)
        let response = try await sendChecked(
            try builder.autocomplete(request, types: types, sessionToken: sessionToken),
            wording: diagnostics.wording)
        let decoded: GoogleAutocompleteResponse
        do {
            decoded = try JSONDecoder().decode(GoogleAutocompleteResponse.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: GoogleService.places, what: DecodingErrorText.describe(error))
        }
        return GoogleAutocompleteMapper.predictions(from: decoded, limit: request.limit, diagnostics: diagnostics)
    }
}
