import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// The Routes API asked for a route's line and steps: the field mask adds the encoded
/// polyline and, with steps, each step's navigation instruction, length, static duration and
/// start (names from google-maps-routing's `Route`, `RouteLeg`, `RouteLegStep`,
/// `NavigationInstruction`; notes/wire-facts.md §5), and the body asks for
/// `polylineQuality: HIGH_QUALITY` (the default is `OVERVIEW`, a simplified line). Billing is
/// by the request's features, not its mask: still Compute Routes Essentials.
enum GoogleRoutesGeometry {
    static let lineMask = "routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline"
    static let stepsMask =
        ",routes.legs.steps.distanceMeters,routes.legs.steps.staticDuration,routes.legs.steps.startLocation.latLng,"
        + "routes.legs.steps.navigationInstruction.instructions,routes.legs.steps.navigationInstruction.maneuver"

    static func request(_ measuring: HTTPRequest, from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool) -> HTTPRequest {
        var request = measuring
        request.headers = request.headers.map { header in
            header.name == "X-Goog-FieldMask" ? (header.name, lineMask + (steps ? stepsMask : "")) : header
        }
        var body = GoogleRoutesRequest.body(from: from, to: to, mode: mode)
        if case .object(var pairs) = body {
            pairs.append(("polylineQuality", .string("HIGH_QUALITY")))
            body = .object(pairs)
        }
        request.body = Data(body.compact.utf8)
        return request
    }

    struct Wire: Decodable {
        struct Route: Decodable {
            struct Polyline: Decodable { let encodedPolyline: String? }
            struct Leg: Decodable { let steps: [Step]? }
            struct Step: Decodable {
                struct Location: Decodable { let latLng: GoogleLatLng? }
                struct Instruction: Decodable { let maneuver: String?; let instructions: String? }
                let distanceMeters: Double?
                let staticDuration: String?
                let startLocation: Location?
                let navigationInstruction: Instruction?
            }
            let polyline: Polyline?
            let legs: [Leg]?
        }
        let routes: [Route]?
    }

    /// The first route's line and steps from an answer whose measure was already read.
    static func geometry(from body: Data, measure: RouteMeasure, steps: Bool, diagnostics: Diagnostics) throws -> RouteGeometry {
        let service = GoogleRoutesService.description
        let decoded: Wire
        do {
            decoded = try JSONDecoder().decode(Wire.self, from: body)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: "not a ComputeRoutes response (\(DecodingErrorText.describe(error)))")
        }
        guard let route = decoded.routes?.first, let text = route.polyline?.encodedPolyline else {
            throw HTTPErrorMapper.badBody(
                service: service, what: "the route has no line (routes[0].polyline.encodedPolyline) although the field mask asked for it")
        }
        let line = try PlausibleRoute.line(
            text, field: "routes[0].polyline.encodedPolyline", service: service, diagnostics: diagnostics)
        var found: [RouteStep]?
        if steps {
            var list: [RouteStep] = []
            for (l, leg) in (route.legs ?? []).enumerated() {
                for (s, step) in (leg.steps ?? []).enumerated() {
                    let field = "routes[0].legs[\(l)].steps[\(s)]"
                    guard let at = step.startLocation?.latLng?.coordinate else {
                        throw HTTPErrorMapper.badBody(
                            service: service, what: "\(field).startLocation.latLng is not a position on the globe")
                    }
                    let meters = try step.distanceMeters.map {
                        try PlausibleRoute.distance($0, field: "\(field).distanceMeters", router: .googleRoutes)
                    }
                    var seconds: Double?
                    if let text = step.staticDuration {
                        guard let parsed = ProtobufDuration.seconds(text) else {
                            throw HTTPErrorMapper.badBody(service: service, what: "\(field).staticDuration is not a duration like \"123s\"")
                        }
                        seconds = try PlausibleRoute.duration(
                            parsed, shown: "\"\(text.prefix(40))\"", field: "\(field).staticDuration", router: .googleRoutes)
                    }
                    let instruction =
                        step.navigationInstruction?.instructions.flatMap { $0.isEmpty ? nil : $0 }
                        ?? step.navigationInstruction?.maneuver.map(Self.words) ?? "Continue"
                    list.append(RouteStep(instruction: instruction, distanceMeters: meters, durationSeconds: seconds, coordinate: at))
                }
            }
            found = list
        }
        return RouteGeometry(
            distanceMeters: measure.distanceMeters, durationSeconds: measure.durationSeconds, coordinates: line, steps: found,
            isStraightLine: false)
    }

    /// `TURN_SLIGHT_LEFT` as "Turn slight left", for a step without text.
    static func words(_ maneuver: String) -> String {
        let lower = maneuver.lowercased().replacingOccurrences(of: "_", with: " ")
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }
}

extension GoogleRoutesRouter {
    /// The route with its line (high quality) and, with `steps`, Google's navigation instructions.
    package func route(
        from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool, diagnostics: Diagnostics
    ) async throws -> RouteGeometry {
        let wording = diagnostics.wording
        let measuring = try GoogleRoutesRequest.make(baseURL: baseURL, key: key, from: from, to: to, mode: mode, wording: wording)
        let request = GoogleRoutesGeometry.request(measuring, from: from, to: to, mode: mode, steps: steps)
        let (measure, body) = try await send(request, mode: mode, diagnostics: diagnostics)
        return try GoogleRoutesGeometry.geometry(from: body, measure: measure, steps: steps, diagnostics: diagnostics)
    }
}
