import Foundation

/// How Foursquare explains failures: `{"message": "..."}` with the HTTP status
/// (400 bad parameter, 401 bad key, 403 restricted, 404, 429, 5xx; 402 reported when a
/// Premium call has no credits).
enum FoursquareService {
    static func parseError(_ response: HTTPResponse) -> ServiceError {
        let message = (try? JSONDecoder().decode(FoursquareErrorBody.self, from: response.body))?.message
            ?? String(decoding: response.body.prefix(200), as: UTF8.self)
        var error = ServiceError(message: message.isEmpty ? nil : message)
        if response.status == 402 {
            error.advice = "Premium fields (rating, price, opening hours) need purchased credits: add credits in the Foursquare Developer Console, or drop the --fields and flags that need them (--sort rating|best, --min-rating, --open-now, --price)"
        }
        return error
    }

    /// A 2xx body in Foursquare's error shape (`{"message": ...}`) where places were expected:
    /// an error whatever the status. The shape carries no status to map, so it reads as a
    /// failure on Foursquare's side (69), with its message. Nil when the body has no message.
    static func messageError(in body: Data, service: ServiceDescription, secrets: [String]) -> PlacesError? {
        guard let message = (try? JSONDecoder().decode(FoursquareErrorBody.self, from: body))?.message else { return nil }
        let said = TerminalText.sanitizedLine(String(message.prefix(300)))
        return HTTPErrorMapper.scrubbed(.unavailable("\(service.name) answered with an error instead of places: \(said); try again later"), secrets: secrets)
    }

    /// A key from the retired v3 API: a raw key, often starting `fsq3`, that was sent without
    /// `Bearer` to api.foursquare.com/v3 (providers.md §3.2).
    static func looksLikeLegacyKey(_ key: String) -> Bool { key.hasPrefix("fsq3") }

    static func description(legacyKey: Bool) -> ServiceDescription {
        let advice = legacyKey
            ? "FOURSQUARE_API_KEY starts with 'fsq3' like a key of the retired v3 API (api.foursquare.com/v3, sent without 'Bearer'); the current Places API needs a Service API Key: create one in the Foursquare Developer Console"
            : "check FOURSQUARE_API_KEY: it must be a Service API Key from the Foursquare Developer Console (sent as 'Authorization: Bearer KEY')"
        return ServiceDescription(name: "Foursquare", keyVariable: "FOURSQUARE_API_KEY", keyAdvice: advice, parseError: parseError,
                                  oversizeAdvice: "Foursquare answers a page of places in far less: check that PLACES_FOURSQUARE_URL leads to it")
    }
}
