import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit

extension OSRMRouter {
    /// The route with its full line (`overview=full`, `geometries=polyline`: precision 5, the
    /// same text Google takes) and, with `steps`, OSRM's steps (`steps=true`).
    package func route(
        from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool, diagnostics: Diagnostics
    ) async throws -> RouteGeometry {
        let wording = diagnostics.wording
        var request = try OSRMRequest.make(baseURL: baseURL, from: from, to: to, mode: mode, wording: wording)
        request.url = try Self.geometryURL(request.url, steps: steps)
        let (route, measure, service) = try await firstRoute(request, mode: mode, diagnostics: diagnostics, as: OSRMRouteWire.self)
        guard let text = route.geometry else {
            throw HTTPErrorMapper.badBody(
                service: service, what: "the route has no geometry (routes[0].geometry) although overview=full asked for it")
        }
        let line = try PlausibleRoute.line(text, field: "routes[0].geometry", service: service, diagnostics: diagnostics)
        let found = steps ? try Self.steps(of: route, service: service) : nil
        return RouteGeometry(
            distanceMeters: measure.distanceMeters, durationSeconds: measure.durationSeconds, coordinates: line, steps: found,
            isStraightLine: false)
    }

    /// The measuring URL with the geometry asked for instead of none.
    static func geometryURL(_ url: URL, steps: Bool) throws -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.queryItems = [
            URLQueryItem(name: "overview", value: "full"), URLQueryItem(name: "geometries", value: "polyline"),
            URLQueryItem(name: "steps", value: steps ? "true" : "false"),
        ]
        return parts.url ?? url
    }

    /// Every leg's steps, each checked: a figure out of range or a location off the globe is bad data.
    static func steps(of route: OSRMRouteWire.Route, service: ResponseReader) throws -> [RouteStep] {
        var result: [RouteStep] = []
        for (l, leg) in (route.legs ?? []).enumerated() {
            for (s, step) in (leg.steps ?? []).enumerated() {
                let field = "routes[0].legs[\(l)].steps[\(s)]"
                let location = step.maneuver.location
                guard location.count == 2, let at = try? Coordinate(latitude: location[1], longitude: location[0]) else {
                    throw HTTPErrorMapper.badBody(
                        service: service, what: "\(field).maneuver.location is not a [longitude, latitude] on the globe")
                }
                let meters = try step.distance.map { try PlausibleRoute.distance($0, field: "\(field).distance", router: .osrm) }
                let seconds = try step.duration.map { try PlausibleRoute.duration($0, field: "\(field).duration", router: .osrm) }
                let exit = step.maneuver.exit.flatMap { (1...100).contains($0) ? $0 : nil }
                let text = OSRMInstruction.text(type: step.maneuver.type, modifier: step.maneuver.modifier, name: step.name, exit: exit)
                result.append(RouteStep(instruction: text, distanceMeters: meters, durationSeconds: seconds, coordinate: at))
            }
        }
        return result
    }
}
