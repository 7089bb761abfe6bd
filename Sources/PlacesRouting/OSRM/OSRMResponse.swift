import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// An OSRM route service answer, success or failure: `code` is always there, and only
/// `"Ok"` means a route (the HTTP status alone does not say which failure it is).
struct OSRMResponse: Decodable {
    struct Route: Decodable {
        /// Metres.
        let distance: Double
        /// Seconds.
        let duration: Double
    }

    struct Waypoint: Decodable {
        /// Metres from the given point to where OSRM snapped it onto its network.
        let distance: Double?
    }

    let code: String
    let message: String?
    let routes: [Route]?
    let waypoints: [Waypoint]?

    static func decode(_ body: Data) -> OSRMResponse? {
        try? JSONDecoder().decode(OSRMResponse.self, from: body)
    }
}

/// What both OSRM route answers (figures only, or with the line and steps) have: `code`,
/// an optional `message`, the routes with their figures, and where OSRM put the two ends.
/// `OSRMRouter.firstRoute` checks all of it once, whichever answer was asked for.
protocol OSRMRouteAnswer: Decodable {
    associatedtype Route: OSRMRouteFigures
    var code: String { get }
    var message: String? { get }
    var routes: [Route]? { get }
    var waypoints: [OSRMResponse.Waypoint]? { get }
}

/// A route's metres and seconds, as OSRM wrote them (unchecked).
protocol OSRMRouteFigures {
    var distance: Double { get }
    var duration: Double { get }
}

extension OSRMResponse: OSRMRouteAnswer {}
extension OSRMRouteWire: OSRMRouteAnswer {}
extension OSRMResponse.Route: OSRMRouteFigures {}
extension OSRMRouteWire.Route: OSRMRouteFigures {}

/// OSRM's `code` values as the contract's errors.
enum OSRMErrorCode {
    /// `NoRoute` and `NoSegment` are 66 (nothing to find); a query OSRM calls invalid is 64;
    /// a server that does not speak the route service, or any other failure, is 69.
    static func error(code: String, message: String?, mode: TravelMode, host: String, wording: Wording) -> PlacesError {
        let said = message.map { ": \(TerminalText.shown($0, limit: 200))" } ?? ""
        // A code is a word (`NoRoute`); a server's 100 KB one is cut, not echoed whole.
        let word = TerminalText.shown(code, limit: ServiceError.longestCode)
        switch code {
        case "NoRoute":
            return .notFound(
                message:
                    "OSRM found no \(mode.phrase) route between the two points (NoRoute\(said)); they may be on networks that do not connect (an island, a closed area): try other points or \(wording(.anotherTravelMode))"
            )
        case "NoSegment":
            return .notFound(
                message:
                    "OSRM could not place a point on its \(mode.phrase) network (NoSegment\(said)): move the point nearer a street or path, or check that the server at \(host) covers that area"
            )
        case "InvalidQuery", "InvalidValue", "InvalidOptions":
            return .requestRejected(.osrm, message: "OSRM refused the request as invalid (\(word)\(said))")
        case "InvalidUrl", "InvalidService", "InvalidVersion":
            let advice = wording(.checkBaseURL(.osrm))
            return .unavailable(.osrm, message: "the server at \(host) does not offer OSRM's route service v1 (\(word)\(said)); \(advice)")
        default:
            return .unavailable(.osrm, message: "OSRM at \(host) failed with \(word)\(said); try again later or another server")
        }
    }
}
