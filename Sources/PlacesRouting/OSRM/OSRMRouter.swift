import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// An OSRM server's route service (the CLI's `--router osrm`). No key.
package struct OSRMRouter: Router {
    package var name: RouterName { .osrm }
    let client: HTTPClient
    let baseURL: String

    /// Routes farther than this from where a point was given get a note saying so.
    static let snapNoteMeters = 250.0

    /// The public demo server, which serves the car profile only (whatever the URL says).
    static let carOnlyDemoHost = "router.project-osrm.org"

    package init(client: HTTPClient, baseURL: String) {
        self.client = client
        self.baseURL = baseURL
    }

    /// Transit asked of OSRM: refused before any request.
    package static func transitRefusal(wording: Wording) -> PlacesError {
        .invalidRequest(.travelMode, message: wording(.osrmHasNoTransit))
    }

    /// A public server with the profile of a mode the demo server lacks.
    static func profileServer(_ mode: TravelMode) -> String {
        "https://routing.openstreetmap.de/routed-\(mode == .walk ? "foot" : "bike")"
    }

    package func measure(from: Coordinate, to: Coordinate, mode: TravelMode, diagnostics: Diagnostics) async throws -> RouteMeasure {
        let request = try OSRMRequest.make(baseURL: baseURL, from: from, to: to, mode: mode, wording: diagnostics.wording)
        return try await firstRoute(request, mode: mode, diagnostics: diagnostics, as: OSRMResponse.self).measure
    }

    /// Sends a route request and reads its answer as `Wire`: the demo server's note, the body
    /// decoded, `code` checked, the first route required, its figures and the snapping of its
    /// ends checked (with the note on an end moved far). What `measure` and `route` share, so
    /// every form of a route (figures, steps, a line to draw or to search along) gets the same
    /// checks and notes.
    func firstRoute<Wire: OSRMRouteAnswer>(
        _ request: HTTPRequest, mode: TravelMode, diagnostics: Diagnostics, as wire: Wire.Type
    ) async throws -> (route: Wire.Route, measure: RouteMeasure, service: ResponseReader) {
        let wording = diagnostics.wording
        let host = request.url.host ?? baseURL
        if host == Self.carOnlyDemoHost && mode != .drive {
            diagnostics.note(wording(.osrmDemoServerCarsOnly(host: host, mode: mode, profileServer: Self.profileServer(mode))))
        }
        let service = Self.service(mode: mode, host: host, wording: wording)
        let response = try await client.send(request, service: service)
        let answer: Wire
        do {
            answer = try JSONDecoder().decode(Wire.self, from: response.body)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: "not an OSRM route response (\(DecodingErrorText.describe(error)))")
        }
        guard answer.code == "Ok" else {
            throw OSRMErrorCode.error(code: answer.code, message: answer.message, mode: mode, host: host, wording: wording)
        }
        guard let route = answer.routes?.first else {
            throw PlacesError.notFound(
                message: "OSRM answered Ok but with no route between the two points; try other points or \(wording(.anotherTravelMode))")
        }
        let distance = try PlausibleRoute.distance(route.distance, field: "routes[0].distance", router: .osrm)
        let duration = try PlausibleRoute.duration(route.duration, field: "routes[0].duration", router: .osrm)
        try Self.checkSnapping(answer.waypoints ?? [], diagnostics: diagnostics)
        return (route, RouteMeasure(distanceMeters: distance, durationSeconds: duration), service)
    }

    /// How far OSRM moved each end onto its network: out of range is bad data naming the
    /// waypoint; farther than `snapNoteMeters` is a note.
    static func checkSnapping(_ waypoints: [OSRMResponse.Waypoint], diagnostics: Diagnostics) throws {
        for (index, (label, waypoint)) in zip(["start", "destination"], waypoints).enumerated() {
            guard let given = waypoint.distance else { continue }
            let moved = try PlausibleRoute.snap(given, field: "waypoints[\(index)].distance", router: .osrm)
            if moved > snapNoteMeters {
                let shown = DistanceText.format(moved)
                diagnostics.note("OSRM moved the \(label) \(shown) to the nearest place it routes from; the figures start there")
            }
        }
    }

    /// How OSRM failures read: its `{"code", "message"}` body decides 4xx answers.
    static func service(mode: TravelMode, host: String, wording: Wording) -> ResponseReader {
        ResponseReader(
            .osrm,
            parseError: { response in
                let body = OSRMResponse.decode(response.body)
                return ServiceError(code: body?.code, message: body?.message)
            },
            classify: { response in
                guard (400..<500).contains(response.status), response.status != 429 else { return nil }
                if let body = OSRMResponse.decode(response.body), body.code != "Ok" {
                    return OSRMErrorCode.error(code: body.code, message: body.message, mode: mode, host: host, wording: wording)
                }
                // Not an OSRM body: the URL does not lead to a route service.
                if response.status == 404 {
                    return .unavailable(
                        .osrm,
                        message: "the server at \(host) has no OSRM route service at that path (HTTP 404); \(wording(.checkBaseURL(.osrm)))"
                    )
                }
                return nil
            },
            isAnswer: { response in AnswerShape(response)?.string("code") == "Ok" })
    }
}
