import Foundation

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
            throw HTTPErrorMapper.badBody(service: GoogleRoutesService.description, what: "not a ComputeRoutes response (\(DecodingErrorText.describe(error)))")
        }
        guard let route = decoded.routes?.first else { return nil }
        let distance = route.distanceMeters ?? 0
        guard distance.isFinite, distance >= 0 else {
            throw HTTPErrorMapper.badBody(service: GoogleRoutesService.description, what: "distanceMeters \(distance) is not a distance")
        }
        let seconds: Double
        if let text = route.duration {
            guard let parsed = ProtobufDuration.seconds(text), parsed >= 0 else {
                throw HTTPErrorMapper.badBody(service: GoogleRoutesService.description, what: "duration '\(text)' is not a duration like \"123s\"")
            }
            seconds = parsed
        } else {
            seconds = 0
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
              parts.count == 1 || (1...9).contains(parts[1].count) else { return nil }
        return Double(String(number))
    }
}
