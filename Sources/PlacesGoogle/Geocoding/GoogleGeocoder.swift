import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Google's Geocoding API, v4: "Geocode a location" (`GET /v4/geocode/location/{LAT},{LNG}`)
/// and "Geocode an address" (`GET /v4/geocode/address/{addressQuery}`), the key in the
/// `X-Goog-Api-Key` header and never in the URL (the v4 pages: "for parameters such as the
/// API key or field mask, in headers as part of the GET request"; the legacy
/// `maps/api/geocode/json` takes the key only as `key=` in the URL, so it is not used). No
/// field mask: "all fields in the response object are returned by default" for these two.
///
/// Billing: every Geocoding request, v4 methods included, is the "Geocoding" SKU, Essentials
/// ($5.00 per 1,000 up to 100,000 a month; geocoding/usage-and-billing), whatever it returns.
struct GoogleGeocoder: AddressGeocoder {
    let name = ProviderName.google
    let connection: GoogleConnection

    init(http: HTTPClient, baseURL: String, key: String?, locale: GoogleLocale = GoogleLocale()) {
        connection = GoogleConnection(http: http, baseURL: baseURL, key: key, locale: locale)
    }

    /// What `--dry-run` says a request costs.
    static let billingNote = "billed as Geocoding (Essentials): $5.00 per 1,000 requests up to 100,000 a month, whatever the answer"

    func reverse(_ point: Coordinate, diagnostics: Diagnostics) async throws -> FoundAddress? {
        let path = "/v4/geocode/location/\(point.latitude),\(point.longitude)"
        let answer = try await send(path, query: [], diagnostics: diagnostics)
        // "The most exact address is generally the first result." (reverse-geocoding page)
        guard let first = answer.results?.first else { return nil }
        return FoundAddress(address: first.streetAddress, id: first.id, coordinate: first.coordinate)
    }

    func lookUp(_ text: String, near: Coordinate?, diagnostics: Diagnostics) async throws -> [AddressMatch] {
        var query: [URLQueryItem] = []
        if let near {
            // A rectangle of about ±0.5° as a bias (`locationBias.rectangle`, "bias only").
            query += [
                URLQueryItem(name: "locationBias.rectangle.low.latitude", value: String(max(-90, near.latitude - 0.5))),
                URLQueryItem(name: "locationBias.rectangle.low.longitude", value: String(max(-180, near.longitude - 0.5))),
                URLQueryItem(name: "locationBias.rectangle.high.latitude", value: String(min(90, near.latitude + 0.5))),
                URLQueryItem(name: "locationBias.rectangle.high.longitude", value: String(min(180, near.longitude + 0.5))),
            ]
        }
        let answer = try await send("/v4/geocode/address/\(ServiceURL.segment(text))", query: query, diagnostics: diagnostics)
        return (answer.results ?? []).compactMap { result in
            result.coordinate.map {
                AddressMatch(coordinate: $0, address: result.streetAddress, id: result.id, precision: result.granularity)
            }
        }
    }

    private func send(_ path: String, query: [URLQueryItem], diagnostics: Diagnostics) async throws -> GoogleGeocodeResponse {
        let query = query + connection.locale.parameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        let url = try ServiceURL.make(
            base: connection.baseURL, path: path, query: query.isEmpty ? nil : query, service: .googleGeocoding,
            wording: diagnostics.wording)
        guard let key = connection.key else { throw PlacesError.missingAPIKey(.googleGeocoding) }
        let request = HTTPRequest(
            method: "GET", url: url, headers: [("X-Goog-Api-Key", key)], service: "google",
            secretHeaders: ["X-Goog-Api-Key"], annotations: [Self.billingNote])
        let response = try await GoogleService.send(
            request, over: connection.http, service: Self.service, secrets: [key], wording: diagnostics.wording)
        do {
            return try JSONDecoder().decode(GoogleGeocodeResponse.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: Self.service, what: "not a Geocoding API answer (\(DecodingErrorText.describe(error)))")
        }
    }

    /// The `google.rpc.Status` envelope, as for Places and Routes (v4 runs on Google Cloud's platform).
    static let service = ResponseReader(.googleGeocoding, parseError: GoogleService.parseError, isAnswer: GoogleService.isAnswer)
}
