import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesOSMExtract

/// The time zone of a place is its nearest gazetteer city's; the per-cell shortcut must
/// give exactly what a search over every city gives.
@Suite("Time zone of the nearest gazetteer city")
struct NearestCityTimeZoneTests {
    /// The nearest city by brute force over every row (same tie rule: the first listed).
    /// A great-circle distance on a sphere narrows the field (it is within 0.6% of the
    /// ellipsoid's), then the geodesic decides among the cities that could be nearest.
    static func bruteForceZone(_ point: Coordinate, _ cities: CityTimeZones) -> String {
        func sphere(_ city: Int) -> Double {
            let p1 = point.latitude * .pi / 180, p2 = cities.latitudes[city] * .pi / 180
            let dl = (cities.longitudes[city] - point.longitude) * .pi / 180
            let h = sin((p2 - p1) / 2) * sin((p2 - p1) / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        }
        let spherical = (0..<cities.count).map(sphere)
        let bound = spherical.min()! * 1.02 + 1000
        var best = (city: 0, meters: Double.infinity)
        for city in 0..<cities.count where spherical[city] <= bound {
            let meters = GeodesicDistance.meters(from: point, to: cities.coordinate(city))
            if meters < best.meters { best = (city, meters) }
        }
        return cities.zoneNames[Int(cities.zones[best.city])]
    }

    @Test func theBundledGazetteerCarriesZones() {
        let cities = CityTimeZones.bundled
        #expect(cities.count == 34_006)
        #expect(cities.zoneNames.count > 300)
        #expect(cities.zoneNames.allSatisfy { $0.contains("/") || $0 == "UTC" })
    }

    @Test func knownPlaces() throws {
        var zones = NearestCityTimeZone()
        let expected: [(Double, Double, String)] = [
            (60.1699, 24.9384, "Europe/Helsinki"), (59.437, 24.7536, "Europe/Tallinn"), (40.7128, -74.006, "America/New_York"),
            (35.6762, 139.6503, "Asia/Tokyo"), (-33.8688, 151.2093, "Australia/Sydney"), (51.5072, -0.1276, "Europe/London"),
            (34.0522, -118.2437, "America/Los_Angeles"), (-22.9068, -43.1729, "America/Sao_Paulo"),
        ]
        for (lat, lon, zone) in expected {
            let point = try Coordinate(latitude: lat, longitude: lon)
            #expect(zones.zoneName(at: point) == zone, "\(lat),\(lon)")
            #expect(zones.timeZone(at: point)?.identifier == zone)
        }
    }

    /// Points at random over the world and densely along zone borders (Finland–Estonia,
    /// US Eastern–Central, Spain–Portugal, the antimeridian): cached cells agree with brute force.
    @Test func cellsAgreeWithBruteForce() throws {
        let cities = CityTimeZones.bundled
        var zones = NearestCityTimeZone(cities: cities)
        var random = SplitMix(seed: 42)
        var points: [Coordinate] = []
        for _ in 0..<60 {
            points.append(try Coordinate(latitude: random.unit() * 170 - 85, longitude: random.unit() * 360 - 180))
        }
        let borders: [(Double, Double, Double, Double)] = [
            (59.2, 60.6, 23.5, 26.0), (35.0, 37.5, -87.5, -84.0), (38.0, 42.5, -9.0, -6.0), (-20.0, -15.0, 177.0, 180.0),
            (64.0, 67.0, -180.0, -170.0),
        ]
        for (south, north, west, east) in borders {
            for _ in 0..<30 {
                points.append(
                    try Coordinate(latitude: south + random.unit() * (north - south), longitude: west + random.unit() * (east - west)))
            }
        }
        var distinct = Set<String>()
        for point in points {
            let zone = zones.zoneName(at: point)
            distinct.insert(zone ?? "nil")
            #expect(zone == Self.bruteForceZone(point, cities), "\(point)")
        }
        // The border regions really do straddle zones.
        #expect(distinct.count > 20)
    }
}
