import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// Every row of GeographicLib's WGS84 reference (shared/data/geodesic, copied to Resources).
@Suite("GeodesicDistance against the WGS84 reference")
struct GeodesicDistanceTests {
    struct Row {
        let line: Int
        let lat1, lon1, lat2, lon2, distance, azi1, azi2: Double
    }

    static let rows: [Row] = {
        let url = Bundle.module.url(forResource: "Resources/wgs84-reference", withExtension: "tsv")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().enumerated().map { i, line in
            let c = line.split(separator: "\t").map { Double($0)! }
            return Row(line: i + 1, lat1: c[0], lon1: c[1], lat2: c[2], lon2: c[3], distance: c[4], azi1: c[5], azi2: c[6])
        }
    }()

    static func coordinate(_ lat: Double, _ lon: Double) -> Coordinate {
        try! Coordinate(latitude: lat, longitude: lon)
    }

    @Test func referenceFileIsComplete() {
        #expect(Self.rows.count == 2000)
    }

    @Test func distancesWithinOneMillimetreOutsideTheAntipodalBlock() {
        var worst = 0.0
        for row in Self.rows where !(1401...1600).contains(row.line) {
            let d = GeodesicDistance.meters(from: Self.coordinate(row.lat1, row.lon1), to: Self.coordinate(row.lat2, row.lon2))
            #expect(abs(d - row.distance) <= 0.001, "row \(row.line): \(d) vs \(row.distance)")
            worst = max(worst, abs(d - row.distance))
        }
        // Karney's algorithm is good to nanometres; the file itself is rounded to 1 µm.
        #expect(worst < 1e-5)
    }

    @Test func nearlyAntipodalRowsAreFiniteAndWithinATenthOfAPercent() {
        for row in Self.rows where (1401...1600).contains(row.line) {
            let d = GeodesicDistance.meters(from: Self.coordinate(row.lat1, row.lon1), to: Self.coordinate(row.lat2, row.lon2))
            #expect(d.isFinite, "row \(row.line)")
            #expect(abs(d - row.distance) <= row.distance * 0.001, "row \(row.line): \(d) vs \(row.distance)")
            // In fact they agree as closely as the rest.
            #expect(abs(d - row.distance) <= 0.001, "row \(row.line): \(d) vs \(row.distance)")
        }
    }

    /// Azimuths are compared only where they are unique (see shared/data/README.md).
    @Test func initialAndFinalBearingsWhereUnique() {
        var compared = 0
        for row in Self.rows {
            let exactAntipode = row.lat2 == -row.lat1 && abs(abs(row.lon2 - row.lon1) - 180) < 1e-9
            let atPole = abs(row.lat1) == 90 || abs(row.lat2) == 90
            var dlon = abs(row.lon2 - row.lon1).truncatingRemainder(dividingBy: 360)
            if dlon > 180 { dlon = 360 - dlon }
            let equatorialMirror = row.lat1 == 0 && row.lat2 == 0 && dlon > 179.395
            guard row.distance > 0.01, !exactAntipode, !atPole, !equatorialMirror else { continue }
            let g = GeodesicDistance.inverse(from: Self.coordinate(row.lat1, row.lon1), to: Self.coordinate(row.lat2, row.lon2))
            #expect(angleDifference(g.initialBearing, row.azi1) < 1e-6, "row \(row.line) azi1 \(g.initialBearing) vs \(row.azi1)")
            #expect(angleDifference(g.finalBearing, row.azi2) < 1e-6, "row \(row.line) azi2 \(g.finalBearing) vs \(row.azi2)")
            compared += 1
        }
        #expect(compared > 1800)
    }

    @Test func samePointIsZero() {
        let p = Self.coordinate(60.1699, 24.9384)
        #expect(GeodesicDistance.meters(from: p, to: p) == 0)
        #expect(GeodesicDistance.meters(from: Self.coordinate(0, 180), to: Self.coordinate(0, -180)) == 0)
    }

    private func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = abs(a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d = 360 - d }
        return d
    }
}

@Suite("CompassDirection")
struct CompassDirectionTests {
    @Test(arguments: [
        (0.0, "N"), (22.4, "N"), (22.6, "NE"), (90, "E"), (-90, "W"), (180, "S"), (-180, "S"), (337.6, "N"), (315, "NW"), (-135, "SW"),
    ])
    func sectors(_ degrees: Double, _ expected: String) {
        #expect(CompassDirection(degrees: degrees).rawValue == expected)
    }
}
