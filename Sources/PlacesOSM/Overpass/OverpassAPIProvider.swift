import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesOSMExtract
import PlacesProviderKit
import PlacesSupport

/// The `osm` provider online: one Overpass QL query per search to an Overpass endpoint
/// (POST, form field `data`). No key. Overpass reports a server-side failure as HTTP 200
/// with a `remark`; that is an error here, never an empty result.
struct OverpassAPIProvider: PlaceProvider {
    let name = ProviderName.osm
    let http: HTTPClient
    let endpoint: String
    /// The instant openNow is evaluated at (`$PLACES_NOW`); nil for the system clock.
    let now: Date?

    /// Radius for a text search that has a location but no `--radius` (Overpass has no ranking to bias).
    static let defaultSearchRadius = 5000.0

    init(http: HTTPClient, endpoint: String, now: Date? = nil) {
        self.http = http
        self.endpoint = endpoint
        self.now = now
    }

    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        let query: String
        if let route = request.route {
            query = OverpassQuery.corridor(request, route.corridor)
        } else if let box = request.box {
            query = OverpassQuery.search(request, box: box)
        } else {
            guard let center = request.center else {
                throw PlacesError.invalidRequest(.center, message: diagnostics.wording(.overpassNeedsCenter))
            }
            query = OverpassQuery.search(request, center: center, radius: request.radiusMeters ?? Self.defaultSearchRadius)
        }
        let response = try await run(query, wording: diagnostics.wording)
        var report = MappingReport()
        let found = response.elements.compactMap { element -> Venue? in
            if let venue = OSMVenueMapper.venue(from: element) { return venue }
            if let why = Self.unusable(element) { report.skip(why) }
            return nil
        }
        report.report(provider: OverpassService.description.name, lacking: "a valid id or position", to: diagnostics)
        return request.neededFields.contains(.openNow) ? OSMOpenNow.apply(found, at: now ?? Date()) : found
    }

    /// Why a named element that the mapper refused cannot be a place: an id OSM never gives
    /// or a position off the globe. Nil for what is normal (no name, no position asked for).
    static func unusable(_ element: OverpassElement) -> String? {
        guard OSMVenueMapper.nonEmpty(element.tags?["name"]) != nil else { return nil }
        let ref = "\(element.type.prefix(20))/\(element.id)"
        if element.id <= 0 { return "id \(element.id) of a \(element.type.prefix(20)) is not an OpenStreetMap id" }
        let lat = element.center?.lat ?? element.lat, lon = element.center?.lon ?? element.lon
        if let lat, let lon, (try? Coordinate(latitude: lat, longitude: lon)) == nil {
            return "position \(PlaceValueRange.text(lat)),\(PlaceValueRange.text(lon)) of \(ref) is outside -90..90, -180..180"
        }
        return nil
    }

    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        guard let ref = OSMElementRef(rawID: id.rawID) else {
            throw PlacesError.invalidRequest(.placeID, message: "\(id) is not an OpenStreetMap id")
        }
        let response = try await run(OverpassQuery.element(ref), wording: diagnostics.wording)
        guard let element = response.elements.first(where: { $0.type == ref.type.rawValue && $0.id == ref.id }) else {
            throw PlacesError.placeNotFound(id, message: diagnostics.wording(.unknownPlace(id, said: "Overpass returned nothing")))
        }
        guard let venue = OSMVenueMapper.venue(from: element) else {
            if let why = Self.unusable(element) { throw HTTPErrorMapper.badBody(service: OverpassService.description, what: why) }
            throw PlacesError.placeNotFound(id, message: diagnostics.wording(.placeNotShowable(id)))
        }
        return fields.contains(.openNow) ? OSMOpenNow.apply([venue], at: now ?? Date())[0] : venue
    }

    private func run(_ query: String, wording: Wording) async throws -> OverpassResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query
        let url = try ServiceURL.make(base: endpoint, path: "", service: .overpass, wording: wording)
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data("data=\(encoded)".utf8), service: "osm")
        let response = try await http.send(request, service: OverpassService.description)
        let decoded: OverpassResponse
        do {
            decoded = try JSONDecoder().decode(OverpassResponse.self, from: response.body)
        } catch let error as DecodingError {
            if let page = Self.errorPage(response, wording: wording) { throw page }
            throw HTTPErrorMapper.badBody(service: OverpassService.description, what: DecodingErrorText.describe(error))
        }
        if let remark = decoded.remark, remark.lowercased().contains("runtime error") || remark.lowercased().contains("timed out") {
            let said = TerminalText.sanitizedLine(String(remark.prefix(300))).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw PlacesError.unavailable(.overpass, message: wording(.overpassGaveUp(said: said)))
        }
        return decoded
    }
}

extension OverpassAPIProvider {
    /// An HTML or XML page where JSON was asked for: Overpass (or whatever answers at the URL)
    /// reporting a failure in a 200, as it does in its 4xx/5xx pages. An error whatever the
    /// status, with the page's error line.
    static func errorPage(_ response: HTTPResponse, wording: Wording = .library) -> PlacesError? {
        guard let first = response.body.prefix(1024).first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "<")
        else { return nil }
        let said =
            OverpassService.description.parseError(response).message.map { ": \(TerminalText.sanitizedLine(String($0.prefix(300))))" } ?? ""
        return .unavailable(.overpass, message: wording(.overpassErrorPage(said: said)))
    }
}

/// How Overpass explains failures: HTML or text bodies, and 429/504 for a busy server.
enum OverpassService {
    /// A 2xx body that is a JSON object with its `elements` and no `remark`: Overpass
    /// remarks only on a query it gave up (a timeout, a runtime error), whose elements are
    /// missing or partial.
    @Sendable static func isAnswer(_ response: HTTPResponse) -> Bool {
        guard let shape = AnswerShape(response) else { return false }
        return shape.hasArray("elements") && !shape.hasValue("remark")
    }

    static let description = ResponseReader(
        .overpass,
        parseError: { response in
            let text = String(decoding: response.body.prefix(2000), as: UTF8.self)
            // Overpass writes "<strong ...>Error</strong>: line 1: parse error: ..." in an HTML page.
            let stripped = text.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            let line = stripped.split(separator: "\n").first { $0.contains("rror") }.map(String.init)
            switch response.status {
            case 429:
                // Not shown: a 429 reads as a rate limit, whatever the body.
                return ServiceError(
                    code: "Too Many Requests", message: "the public server allows few queries at once per address; wait a little")
            case 504:
                return ServiceError(code: "Gateway Timeout", phrase: .overpassOverloaded)
            default:
                return ServiceError(message: line?.trimmingCharacters(in: .whitespaces))
            }
        },
        isAnswer: isAnswer)
}
