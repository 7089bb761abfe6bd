import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// The one Routes API request `places` sends: `POST directions/v2:computeRoutes` with two
/// latitude/longitude waypoints, the mode, and the smallest field mask.
enum GoogleRoutesRequest {
    /// Only what is printed: anything more costs more and is sent for nothing.
    static let fieldMask = "routes.distanceMeters,routes.duration"

    static func make(
        baseURL: String, key: String, from: Coordinate, to: Coordinate, mode: TravelMode, wording: Wording = .library
    ) throws -> HTTPRequest {
        let trimmed = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        guard let url = URL(string: trimmed + "/directions/v2:computeRoutes"), url.scheme?.hasPrefix("http") == true, url.host != nil else {
            throw PlacesError.configuration(message: wording(.baseURLNotHTTP(.googleRoutes, value: baseURL)))
        }
        return HTTPRequest(
            method: "POST", url: url,
            headers: [("Content-Type", "application/json"), ("X-Goog-Api-Key", key), ("X-Goog-FieldMask", fieldMask)],
            body: Data(body(from: from, to: to, mode: mode).compact.utf8),
            service: "google", secretHeaders: ["X-Goog-Api-Key"], matchedHeaders: ["X-Goog-FieldMask"],
            annotations: ["billing: Routes API Compute Routes, Essentials tier (two waypoints, no traffic-aware routing)"])
    }

    /// `routingPreference` only for DRIVE: Google rejects it for WALK, BICYCLE and TRANSIT.
    static func body(from: Coordinate, to: Coordinate, mode: TravelMode) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("origin", waypoint(from)),
            ("destination", waypoint(to)),
            ("travelMode", .string(travelMode(mode))),
        ]
        if mode == .drive { pairs.append(("routingPreference", .string("TRAFFIC_UNAWARE"))) }
        return .object(pairs)
    }

    static func travelMode(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: return "WALK"
        case .bike: return "BICYCLE"
        case .drive: return "DRIVE"
        case .transit: return "TRANSIT"
        }
    }

    private static func waypoint(_ c: Coordinate) -> JSONValue {
        .object([("location", .object([("latLng", .object([("latitude", .number(c.latitude)), ("longitude", .number(c.longitude))]))]))])
    }
}
