import Foundation

@testable import PlacesCore

/// A fake Geocoding API v4 over loopback, answering as Google's reference pages show
/// (`GeocodeLocationResponse` = `{"results": [GeocodeResult], "plusCode": {...}}`,
/// `GeocodeAddressResponse` = `{"results": [...]}`; the result fields of the start-v4
/// example): `GET /v4/geocode/location/{LAT},{LNG}` and `GET /v4/geocode/address/{query}`.
/// The key must come in `X-Goog-Api-Key` and equal `key`; a wrong one is the documented
/// `google.rpc.Status` envelope (403 PERMISSION_DENIED, reason API_KEY_INVALID); a key in
/// the URL is refused with a 400 so a test notices.
final class FakeGoogleGeocoding: @unchecked Sendable {
    let server: FakeHTTPServer
    let key: String
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }

    init(key: String, override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil) throws {
        self.key = key
        server = try FakeHTTPServer { [key] request in
            if let reply = override?(request) { return reply }
            return Self.answer(request, key: key)
        }
    }

    static let simonkatu = #"""
        {"place":"//places.googleapis.com/places/ChIJs8VsGMsLkkYRk7e6uZ5r6Hg","placeId":"ChIJs8VsGMsLkkYRk7e6uZ5r6Hg","location":{"latitude":60.1697455,"longitude":24.9371239},"granularity":"ROOFTOP","viewport":{"low":{"latitude":60.1683965,"longitude":24.9357749},"high":{"latitude":60.1710945,"longitude":24.9384729}},"formattedAddress":"Simonkatu 7, 00100 Helsinki, Finland","postalAddress":{"regionCode":"FI","languageCode":"fi","postalCode":"00100","locality":"Helsinki","addressLines":["Simonkatu 7"]},"addressComponents":[{"longText":"7","shortText":"7","types":["street_number"]},{"longText":"Simonkatu","shortText":"Simonkatu","types":["route"],"languageCode":"fi"},{"longText":"Helsinki","shortText":"HKI","types":["locality","political"],"languageCode":"fi"},{"longText":"Finland","shortText":"FI","types":["country","political"],"languageCode":"en"},{"longText":"00100","shortText":"00100","types":["postal_code"]}],"types":["street_address"]}
        """#

    static func answer(_ request: FakeHTTPServer.Request, key: String) -> FakeHTTPServer.Reply {
        if request.query["key"] != nil {
            return .json(400, #"{"error":{"code":400,"message":"the key was sent in the URL","status":"INVALID_ARGUMENT"}}"#)
        }
        guard request.header("X-Goog-Api-Key") == key else {
            return .json(
                403,
                #"{"error":{"code":403,"message":"API key not valid. Please pass a valid API key.","status":"PERMISSION_DENIED","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com","metadata":{"service":"geocoding-backend.googleapis.com"}}]}}"#
            )
        }
        if request.path.hasPrefix("/v4/geocode/location/") {
            let place = request.path.dropFirst("/v4/geocode/location/".count).removingPercentEncoding ?? ""
            if place.hasPrefix("-7") { return .json(200, #"{"plusCode":{"globalCode":"4RJ2V222+22"}}"#) }
            return .json(
                200, #"{"results":[\#(simonkatu)],"plusCode":{"globalCode":"9GG65WCP+WV","compoundCode":"5WCP+WV Helsinki, Finland"}}"#)
        }
        if request.path.hasPrefix("/v4/geocode/address/") {
            let text = request.path.dropFirst("/v4/geocode/address/".count).removingPercentEncoding ?? ""
            return .json(200, text.lowercased().contains("simonkatu") ? #"{"results":[\#(simonkatu)]}"# : #"{"results":[]}"#)
        }
        return .json(404, #"{"error":{"code":404,"message":"Method not found.","status":"NOT_FOUND"}}"#)
    }
}
