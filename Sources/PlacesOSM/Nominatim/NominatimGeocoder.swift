import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesOSMExtract
import PlacesProviderKit
import PlacesSupport

/// OpenStreetMap's geocoder online: `GET /reverse` for the address at a point and
/// `GET /search` for a typed address, both `format=jsonv2` with `addressdetails=1`
/// (github.com/osm-search/Nominatim `docs/api/Reverse.md`, `Search.md`). No key.
///
/// The public server's usage policy (https://operations.osmfoundation.org/policies/nominatim/)
/// asks for "an absolute maximum of 1 request per second" (the CLI's request gate for
/// Nominatim, `RateLimits`), "a valid HTTP Referer or User-Agent identifying the application"
/// (`HTTPClient.userAgent`: `places/VERSION`), results "cached on your side" (`--cache`), and
/// a server that can be switched without an update (`PLACES_NOMINATIM_URL`).
struct NominatimGeocoder: AddressGeocoder {
    let name = ProviderName.osm
    let http: HTTPClient
    let baseURL: String

    /// Candidates asked of `/search` (the server allows at most 40).
    static let searchLimit = 10

    init(http: HTTPClient, baseURL: String) {
        self.http = http
        self.baseURL = baseURL
    }

    func reverse(_ point: Coordinate, diagnostics: Diagnostics) async throws -> FoundAddress? {
        let url = try ServiceURL.make(
            base: baseURL, path: "/reverse",
            query: [
                URLQueryItem(name: "lat", value: String(point.latitude)), URLQueryItem(name: "lon", value: String(point.longitude)),
                URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1"),
            ], service: .nominatim, wording: diagnostics.wording)
        let response = try await http.send(HTTPRequest(method: "GET", url: url, service: "nominatim"), service: Self.service)
        // "Unable to geocode": nothing at this point (a 200, not an error).
        if let error = NominatimError.decode(response.body), error.text != nil { return nil }
        let place: NominatimPlace
        do {
            place = try JSONDecoder().decode(NominatimPlace.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(
                service: Self.service, what: "not a Nominatim jsonv2 place (\(DecodingErrorText.describe(error)))")
        }
        return FoundAddress(address: place.streetAddress, id: place.placeID, coordinate: place.coordinate)
    }

    func lookUp(_ text: String, near: Coordinate?, diagnostics: Diagnostics) async throws -> [AddressMatch] {
        var query = [
            URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
            URLQueryItem(name: "addressdetails", value: "1"), URLQueryItem(name: "limit", value: String(Self.searchLimit)),
        ]
        if let near {
            // A box of about ±0.5° around the centre as a preference (`viewbox` without
            // `bounded=1` biases, Search.md): x is longitude.
            let box = [near.longitude - 0.5, near.latitude + 0.5, near.longitude + 0.5, near.latitude - 0.5]
                .map { String(max(-180, min(180, $0))) }.joined(separator: ",")
            query.append(URLQueryItem(name: "viewbox", value: box))
        }
        let url = try ServiceURL.make(base: baseURL, path: "/search", query: query, service: .nominatim, wording: diagnostics.wording)
        let response = try await http.send(HTTPRequest(method: "GET", url: url, service: "nominatim"), service: Self.service)
        let places: [NominatimPlace]
        do {
            places = try JSONDecoder().decode([NominatimPlace].self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: Self.service, what: "not a Nominatim jsonv2 list (\(DecodingErrorText.describe(error)))")
        }
        return places.compactMap { place in
            place.coordinate.map { AddressMatch(coordinate: $0, address: place.streetAddress, id: place.placeID, precision: place.osmType) }
        }
    }

    /// How Nominatim explains failures: `{"error": {"code", "message"}}`, or a text body.
    static let service = ResponseReader(
        .nominatim,
        parseError: { response in
            if let error = NominatimError.decode(response.body) {
                return ServiceError(code: error.detail?.code.map(String.init), message: error.detail?.message ?? error.text)
            }
            return ServiceError(message: TerminalText.sanitizedLine(String(decoding: response.body.prefix(200), as: UTF8.self)))
        },
        isAnswer: { response in
            let first = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        })
}
