import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy

@Suite("GeodesicBounds")
struct GeodesicBoundsTests {
    /// Every point within the radius is inside the box: random centres (poles and the
    /// antimeridian included), radii from a metre to 10,000 km, points packed near the box's edges.
    @Test func holdsEveryPointWithinTheRadius() throws {
        var random = SplitMix(seed: 7)
        var inside = 0
        for i in 0..<400 {
            let lat = i % 10 == 0 ? (random.unit() < 0.5 ? -1.0 : 1.0) * (89 + random.unit()) : random.unit() * 180 - 90
            let lon = i % 7 == 0 ? (random.unit() < 0.5 ? -1.0 : 1.0) * (179 + random.unit()) : random.unit() * 360 - 180
            let center = try Coordinate(latitude: lat, longitude: lon)
            let radius = pow(10, random.unit() * 7)
            let bounds = GeodesicBounds(center: center, radius: radius)
            let halfLat = (bounds.maxLatitude - bounds.minLatitude) / 2
            let halfLon = bounds.longitudeSpan?.halfWidth ?? 180
            for _ in 0..<300 {
                let pLat = max(-90, min(90, center.latitude + (random.unit() * 2.4 - 1.2) * max(halfLat, 1e-7)))
                var pLon = center.longitude + (random.unit() * 2.4 - 1.2) * max(halfLon, 1e-7)
                if pLon > 180 { pLon -= 360 }
                if pLon < -180 { pLon += 360 }
                let point = try Coordinate(latitude: pLat, longitude: pLon)
                if GeodesicDistance.meters(from: center, to: point) <= radius {
                    inside += 1
                    #expect(
                        bounds.contains(latitude: pLat, longitude: pLon), "\(center) r=\(radius): \(point) is within but outside \(bounds)")
                }
            }
        }
        #expect(inside > 20_000)
    }

    /// The floor never rules out a point within its distance: random centres (poles and the
    /// antimeridian included), distances from a metre to 20,000 km, a point on either side.
    @Test func theFloorRulesOutOnlyWhatIsFarther() throws {
        var random = SplitMix(seed: 11)
        var ruledOut = 0
        for i in 0..<20_000 {
            let lat = i % 10 == 0 ? (random.unit() < 0.5 ? -1.0 : 1.0) * (89 + random.unit()) : random.unit() * 180 - 90
            let lon = i % 7 == 0 ? (random.unit() < 0.5 ? -1.0 : 1.0) * (179 + random.unit()) : random.unit() * 360 - 180
            let center = try Coordinate(latitude: lat, longitude: lon)
            let spread = pow(10, random.unit() * 2.3 - 5)
            let pLat = max(-90, min(90, lat + (random.unit() * 2 - 1) * 90 * spread))
            var pLon = lon + (random.unit() * 2 - 1) * 180 * spread
            if pLon > 180 { pLon -= 360 }
            if pLon < -180 { pLon += 360 }
            let point = try Coordinate(latitude: pLat, longitude: pLon)
            let meters = GeodesicDistance.meters(from: center, to: point)
            for within in [meters, meters * (1 + 1e-12), meters * 1.01, meters * 0.99, meters * 0.5] {
                let floor = GeodesicDistanceFloor(center: center, within: within)
                if floor.rulesOut(latitude: pLat, longitude: pLon) {
                    ruledOut += 1
                    #expect(meters > within, "\(center) → \(point): \(meters) m ruled out beyond \(within) m")
                }
            }
        }
        // It is useful too: most points well beyond the distance are ruled out.
        #expect(ruledOut > 20_000, "\(ruledOut)")
    }

    @Test func isTightAwayFromThePoles() throws {
        let bounds = GeodesicBounds(center: try Coordinate(latitude: 60.17, longitude: 24.94), radius: 1000)
        // 1 km is 0.00898° of latitude at 60°N and 0.01797° of longitude.
        #expect(abs((bounds.maxLatitude - bounds.minLatitude) / 2 - 0.00898) < 0.0001)
        #expect(abs(bounds.longitudeSpan!.halfWidth - 0.01797) < 0.0002)
        #expect(!bounds.contains(latitude: 60.2, longitude: 24.94))
    }

    @Test func splitsAtTheAntimeridianAndOpensAtThePoles() throws {
        let east = GeodesicBounds(center: try Coordinate(latitude: 0, longitude: 179.99), radius: 5000)
        #expect(east.longitudeRanges.count == 2)
        #expect(east.contains(latitude: 0, longitude: -179.99))
        #expect(!east.contains(latitude: 0, longitude: 179.0))
        let pole = GeodesicBounds(center: try Coordinate(latitude: 89.99, longitude: 0), radius: 5000)
        #expect(pole.longitudeSpan == nil)
        #expect(pole.contains(latitude: 89.99, longitude: 180))
    }
}
