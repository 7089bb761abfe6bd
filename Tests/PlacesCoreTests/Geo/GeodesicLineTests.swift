import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesRouting

/// The direct problem, against GeographicLib's WGS84 reference: from each row's first point
/// and azimuth, the row's distance must land on its second point with its final azimuth.
@Suite("GeodesicLine (the direct problem) against the WGS84 reference")
struct GeodesicLineTests {
    typealias Row = GeodesicDistanceTests.Row

    /// Metres between two positions (the reference is rounded to 1e-10°, about 10 µm).
    static func gap(_ lat: Double, _ lon: Double, _ lat2: Double, _ lon2: Double) -> Double {
        GeodesicSolver.wgs84.inverse(lat1: lat, lon1: lon, lat2: lat2, lon2: lon2).distance
    }

    @Test func everyRowLandsOnItsSecondPointWithinAMillimetre() {
        var worst = 0.0
        var checked = 0
        for row in GeodesicDistanceTests.rows where abs(row.lat1) < 90 && row.distance > 0 {
            let line = GeodesicLine(latitude: row.lat1, longitude: row.lon1, azimuth: row.azi1)
            let p = line.position(at: row.distance)
            let miss = Self.gap(p.latitude, p.longitude, row.lat2, row.lon2)
            #expect(miss < 0.001, "row \(row.line): \(miss) m off")
            worst = max(worst, miss)
            checked += 1
        }
        #expect(checked > 1900)
        // GeographicLib's direct solution is good to nanometres; the file's rounding (1e-10° in
        // position, 1e-9° in azimuth: 0.1 mm over 10,000 km) is what is left.
        #expect(worst < 2e-4, "worst \(worst) m")
    }

    @Test func finalAzimuthsMatchWhereTheyAreUnique() {
        for row in GeodesicDistanceTests.rows
        where abs(row.lat1) < 89 && abs(row.lat2) < 89 && row.distance > 1 && row.distance < 19_000_000 {
            let p = GeodesicLine(latitude: row.lat1, longitude: row.lon1, azimuth: row.azi1).position(at: row.distance)
            var d = abs(p.azimuth - row.azi2).truncatingRemainder(dividingBy: 360)
            if d > 180 { d = 360 - d }
            #expect(d < 1e-6, "row \(row.line): \(p.azimuth) vs \(row.azi2)")
        }
    }

    @Test func zeroDistanceIsTheStartAndLongitudesUnrollPastTheAntimeridian() {
        let line = GeodesicLine(latitude: 10, longitude: 179.99, azimuth: 90)
        let start = line.position(at: 0)
        #expect(abs(start.latitude - 10) < 1e-12 && abs(start.longitude - 179.99) < 1e-12 && abs(start.azimuth - 90) < 1e-12)
        let east = line.position(at: 5_000)
        #expect(east.longitude > 180, "\(east.longitude)")
        #expect(Self.gap(10, 179.99, east.latitude, east.longitude - 360) > 4_999.999)
    }
}
