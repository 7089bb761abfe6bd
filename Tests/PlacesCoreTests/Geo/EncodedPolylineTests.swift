import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy

@Suite("Encoded polylines (precision 5 and 6)")
struct EncodedPolylineTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    /// The examples on Google's page (developers.google.com/maps/documentation/utilities/polylinealgorithm).
    @Test func googlesExamples() throws {
        let points = [Self.c(38.5, -120.2), Self.c(40.7, -120.95), Self.c(43.252, -126.453)]
        #expect(EncodedPolyline.encode(points) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let decoded = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(decoded == points)
        // One value alone: -179.9832104 is "`~oia@" (the page's worked example).
        #expect(EncodedPolyline.encode([Self.c(0, -179.9832104)]).hasSuffix("`~oia@"))
    }

    @Test func precisionSixRoundTripsToAMicrodegree() throws {
        var random = SplitMix(seed: 6)
        var points: [Coordinate] = []
        for _ in 0..<500 { points.append(Self.c(random.unit() * 180 - 90, random.unit() * 360 - 180)) }
        for precision in [EncodedPolyline.Precision.five, .six] {
            let back = try EncodedPolyline.decode(EncodedPolyline.encode(points, precision: precision), precision: precision)
            #expect(back.count == points.count)
            let tolerance = precision == .five ? 0.5e-5 + 1e-12 : 0.5e-6 + 1e-12
            for (a, b) in zip(points, back) {
                #expect(abs(a.latitude - b.latitude) <= tolerance && abs(a.longitude - b.longitude) <= tolerance)
            }
            // Differences are taken between rounded values: decoding and encoding again is the same text.
            #expect(EncodedPolyline.encode(back, precision: precision) == EncodedPolyline.encode(points, precision: precision))
        }
    }

    @Test func polylineSixReadAsFiveIsRefusedOffTheGlobe() {
        let text = EncodedPolyline.encode([Self.c(60.1699, 24.9384)], precision: .six)
        // 60.1699° at 1e6 read at 1e5 is 601.699°: off the globe, so refused.
        #expect(throws: EncodedPolyline.DecodingError.self) { _ = try EncodedPolyline.decode(text, precision: .five) }
    }

    @Test(arguments: [
        ("_p~iF~ps|U_ulL", "the last point has a latitude but no longitude"),
        ("_p~iF~ps|U_", "the text ends in the middle of a value"),
        ("_p~iF ps|U", "character 5 is not part of an encoded polyline (byte 32)"),
        ("_p~iF~ps|Ué", "character 10 is not part of an encoded polyline (byte 195)"),
        ("~~~~~~~~~~~~~~~~?", "the value ending near character 7 is too long to be a coordinate"),
        ("_gjaR?", "point 1 (100.0, 0.0) is off the globe"),
    ])
    func malformedTextIsRefusedSayingWhy(_ text: String, _ reason: String) {
        #expect(throws: EncodedPolyline.DecodingError(reason: reason)) { _ = try EncodedPolyline.decode(text) }
    }

    @Test func emptyTextIsNoPoints() throws {
        #expect(try EncodedPolyline.decode("").isEmpty)
        #expect(EncodedPolyline.encode([]) == "")
    }
}
