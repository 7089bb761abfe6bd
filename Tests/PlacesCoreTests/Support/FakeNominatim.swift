import Foundation

@testable import PlacesCore

/// A fake Nominatim over loopback, answering as the documentation shows
/// (github.com/osm-search/Nominatim `docs/api/Reverse.md`, `Search.md`, `Output.md`):
/// `GET /reverse` with one jsonv2 place (`lat`/`lon` as strings, `osm_id` a number), or
/// `{"error":"Unable to geocode"}` in a 200 for a point in the sea (latitude below −60 here);
/// `GET /search` with an array of places (`[]` when nothing matches); a request without
/// `format` or with bad numbers is a 400 with `{"error":{"code":400,"message":...}}`.
final class FakeNominatim: @unchecked Sendable {
    let server: FakeHTTPServer
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }

    init(override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil) throws {
        server = try FakeHTTPServer { request in
            if let reply = override?(request) { return reply }
            return Self.answer(request)
        }
    }

    static let simonkatu = #"""
        {"place_id":134069543,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright","osm_type":"way","osm_id":185401488,"lat":"60.1697210","lon":"24.9369470","category":"building","type":"commercial","place_rank":30,"importance":9.99999999995449e-06,"addresstype":"building","name":"","display_name":"7, Simonkatu, Kamppi, Eteläinen suurpiiri, Helsinki, Helsingin seutukunta, Uusimaa, Manner-Suomi, 00100, Suomi / Finland","address":{"house_number":"7","road":"Simonkatu","quarter":"Kamppi","city_district":"Eteläinen suurpiiri","city":"Helsinki","municipality":"Helsingin seutukunta","state":"Manner-Suomi","ISO3166-2-lvl4":"FI-18","postcode":"00100","country":"Suomi / Finland","country_code":"fi"},"boundingbox":["60.1694990","60.1699430","24.9364160","24.9374780"]}
        """#

    static func answer(_ request: FakeHTTPServer.Request) -> FakeHTTPServer.Reply {
        let query = request.query
        guard request.method == "GET", query["format"] == "jsonv2" else {
            return .json(
                400, #"{"error":{"code":400,"message":"Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson"}}"#)
        }
        switch request.path {
        case "/reverse":
            guard let lat = query["lat"].flatMap(Double.init), query["lon"].flatMap(Double.init) != nil else {
                return .json(400, #"{"error":{"code":400,"message":"Need coordinates or OSM object to lookup."}}"#)
            }
            if lat < -60 { return .json(200, #"{"error":"Unable to geocode"}"#) }
            return .json(200, simonkatu)
        case "/search":
            guard let q = query["q"] else { return .json(400, #"{"error":{"code":400,"message":"Nothing to search for."}}"#) }
            return .json(200, q.lowercased().contains("simonkatu") ? "[\(simonkatu)]" : "[]")
        default:
            return .respond(status: 404, headers: [("Content-Type", "text/html")], body: Data("<html>Not found</html>".utf8))
        }
    }
}
