import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel

@Suite("VenuePipeline box prefilter")
struct VenuePipelinePrefilterTests {
    /// The box only skips work: a nearby search keeps exactly the venues within the radius.
    @Test func keepsExactlyTheVenuesWithinTheRadius() throws {
        var random = SplitMix(seed: 3)
        for _ in 0..<40 {
            let center = try Coordinate(latitude: random.unit() * 178 - 89, longitude: random.unit() * 360 - 180)
            let radius = pow(10, 1 + random.unit() * 5)
            let spread = radius / 111_000 * 1.5
            var venues: [Venue] = []
            for i in 0..<300 {
                let lat = max(-90, min(90, center.latitude + (random.unit() * 2 - 1) * spread))
                let stretch = spread / max(cos(lat * .pi / 180), 0.01)
                let lon = max(-180, min(180, center.longitude + (random.unit() * 2 - 1) * stretch))
                venues.append(
                    Venue(
                        id: PlaceID(provider: .osm, rawID: "node/\(i + 1)"), name: "v\(i)",
                        coordinate: try Coordinate(latitude: lat, longitude: lon)))
            }
            let request = SearchRequest(kind: .nearby, center: center, radiusMeters: radius, limit: 1000)
            let kept = VenuePipeline.run(venues, for: request, provider: .osm).venues.map(\.id)
            let measured = VenuePipeline.withDistances(venues, from: center).enumerated().filter { $0.element.distanceMeters! <= radius }
            let expected = measured.sorted { a, b in
                a.element.distanceMeters! != b.element.distanceMeters!
                    ? a.element.distanceMeters! < b.element.distanceMeters! : a.offset < b.offset
            }.map(\.element.id)
            #expect(kept == expected)
            #expect(!kept.isEmpty)
        }
    }
}
