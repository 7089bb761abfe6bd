import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// The parts of a `ComputeRoutesResponse` the field mask asks for.
struct GoogleRoutesResponse: Decodable {
    struct Route: Decodable {
        /// Proto3 JSON leaves out zero values, so a zero-length route has neither field.
        let distanceMeters: Double?
        /// A protobuf Duration string, e.g. `"1342s"` or `"12.5s"`.
        let duration: String?
    }

    /// Missing or empty when Google found no route.
    let routes: [Route]?

    /// The first route's measure; nil when there is no route. A body that is not the
    /// promised shape is bad data (65).
    static func measure(from body: Data) throws -> RouteMeasure? {
        let decoded: GoogleRoutesResponse
        do {
            decoded = try JSONDecoder().decode(GoogleRoutesResponse.self, from: body)
        } catch {
            throw HTTPErrorMapper.badBody(
                service: GoogleRoutesService.description, what: "not a ComputeRoutes response (\(DecodingErrorText.describe(error)))")
        }
        guard let route = decoded.routes?.first else { return nil }
        let router = GoogleRoutesService.description.service
        let distance = try PlausibleRoute.distance(route.distanceMeters ?? 0, field: "routes[0].distanceMeters", router: router)
        var seconds = 0.0
        if let text = route.duration {
            let shown = "\"\(text.prefix(40))\(text.count > 40 ? "..." : "")\""
            guard let parsed = ProtobufDuration.seconds(text) else {
                throw HTTPErrorMapper.badBody(
                    service: GoogleRoutesService.description,
                    what: "duration \(TerminalText.sanitizedLine(shown)) (routes[0].duration) is not a duration like \"123s\"")
            }
            seconds = try PlausibleRoute.duration(parsed, shown: shown, field: "routes[0].duration", router: router)
        }
        return RouteMeasure(distanceMeters: distance, durationSeconds: seconds)
    }
}

/// Protobuf's JSON form of a Duration: decimal seconds with an `s`, e.g. `"123s"`, `"12.5s"`, `"-1.5s"`.
enum ProtobufDuration {
    static func seconds(_ text: String) -> Double? {
        guard text.hasSuffix("s") else { return nil }
        let number = text.dropLast()
        var digits = number
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.count == 1 || (1...9).contains(parts[1].count)
        else { return nil }
        return Double(String(number))
    }
}
