import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesRouting

/// The offline estimate: monotone in distance, at each mode's speed for the distance, never
/// shorter than the straight line, zero for a trip to the same point, and sensible from a
/// street corner to the other side of the world.
@Suite("Estimate router")
struct EstimateRouterTests {
    /// 0 m, then 1 m to 20,000 km, 60 steps a decade: dense at the short end and past every knot.
    static let lengths: [Double] = [0] + (0...(7 * 60 + 18)).map { pow(10, Double($0) / 60) }

    @Test(arguments: TravelMode.allCases)
    func distanceAndDurationGrowWithTheStraightLine(_ mode: TravelMode) {
        let estimates = Self.lengths.map { EstimateRouter.estimate(straightLineMeters: $0, mode: mode) }
        for (a, b) in zip(estimates, estimates.dropFirst()) {
            #expect(b.distanceMeters >= a.distanceMeters && b.durationSeconds >= a.durationSeconds, "\(mode): \(a) then \(b)")
        }
        #expect(estimates.last!.distanceMeters > estimates[1].distanceMeters)
    }

    @Test(arguments: TravelMode.allCases)
    func neverShorterThanTheStraightLineAndZeroForNoDistance(_ mode: TravelMode) {
        #expect(EstimateRouter.estimate(straightLineMeters: 0, mode: mode) == RouteMeasure(distanceMeters: 0, durationSeconds: 0))
        for d in Self.lengths where d >= 1 {
            #expect(EstimateRouter.estimate(straightLineMeters: d, mode: mode).distanceMeters >= d.rounded(), "\(mode) \(d)")
        }
    }

    @Test(arguments: TravelMode.allCases)
    func durationIsTheDistanceAtTheModesSpeedForThatDistance(_ mode: TravelMode) {
        for d in [500.0, 2_000, 10_000, 161_000, 2_000_000] {
            let c = EstimateCalibration.for(mode).at(straightLineMeters: d)
            let e = EstimateRouter.estimate(straightLineMeters: d, mode: mode)
            #expect(abs(e.distanceMeters - (c.circuity * d + min(c.fixedDetourMeters, d))) <= 0.5)
            #expect(abs(e.durationSeconds - (c.fixedSeconds + e.distanceMeters / c.speedMetersPerSecond)) <= 0.5)
        }
    }

    /// Walking keeps Bohannon's comfortable pace at every distance; the modes keep their
    /// order (walk < bike < transit < drive) at every distance; a long drive is at trunk-road
    /// speed and a short one at city speed.
    @Test func speedsAreTypicalForEachModeAtEveryDistance() {
        func kmh(_ mode: TravelMode, _ d: Double) -> Double {
            EstimateCalibration.for(mode).at(straightLineMeters: d).speedMetersPerSecond * 3.6
        }
        for d in Self.lengths {
            // Bohannon (1997): comfortable gait 1.272–1.462 m/s across ages and sexes.
            #expect(kmh(.walk, d) / 3.6 >= 1.27 && kmh(.walk, d) / 3.6 <= 1.47)
            #expect(kmh(.walk, d) < kmh(.bike, d) && kmh(.bike, d) < kmh(.transit, d) && kmh(.transit, d) < kmh(.drive, d), "at \(d) m")
            #expect(kmh(.bike, d) >= 5 && kmh(.bike, d) <= 20)
        }
        #expect(kmh(.drive, 500) <= 30.01 && kmh(.drive, 10_000) >= 40 && kmh(.drive, 10_000) <= 50)
        #expect(kmh(.drive, 161_000) >= 80 && kmh(.drive, 2_000_000) <= 100)
        // 1 km on foot takes 12 minutes, give or take a minute.
        let km = EstimateRouter.estimate(straightLineMeters: 1_000 / EstimateCalibration.walk.circuity.value(atMeters: 700), mode: .walk)
        #expect(abs(km.durationSeconds - 720) <= 60)
    }

    /// Circuity falls with distance, as the measured routes and the literature say: city
    /// streets for short trips, trunk roads for long ones.
    @Test func detourShrinksWithDistance() {
        func ratio(_ d: Double, _ mode: TravelMode = .drive) -> Double {
            EstimateRouter.estimate(straightLineMeters: d, mode: mode).distanceMeters / d
        }
        #expect(ratio(300) > ratio(1_000) && ratio(1_000) > ratio(5_000) && ratio(5_000) > ratio(40_000) && ratio(40_000) > ratio(160_000))
        #expect(ratio(300) > 2 && ratio(40_000) < 1.35)
        for mode in TravelMode.allCases {
            #expect(abs(ratio(161_000, mode) - 1.2) < 0.01 && abs(ratio(5_000_000, mode) - 1.2) < 0.001, "\(mode)")
        }
    }

    /// Helsinki → Tampere is 161 km in a straight line; the road is about 175 km and 2 h.
    @Test func helsinkiToTampereByCarIsCloseToTheRoad() {
        let e = EstimateRouter.estimate(straightLineMeters: 161_400, mode: .drive)
        #expect(abs(e.distanceMeters - 175_000) / 175_000 <= 0.2, "\(e)")
        #expect(abs(e.durationSeconds - 7_200) / 7_200 <= 0.2, "\(e)")
    }

    @Test func measuresTheEllipsoidalStraightLineAndNotesOnlyImplausibleTrips() async throws {
        let a = try Coordinate(latitude: 60.1699, longitude: 24.9384), b = try Coordinate(latitude: 60.1675, longitude: 24.9522)
        let notes = NoteLog()
        let m = try await EstimateRouter().measure(from: a, to: b, mode: .bike, diagnostics: notes.diagnostics)
        #expect(m == EstimateRouter.estimate(straightLineMeters: GeodesicDistance.meters(from: a, to: b), mode: .bike))
        let tampere = try Coordinate(latitude: 61.4978, longitude: 23.7610)
        _ = try await EstimateRouter().measure(from: a, to: tampere, mode: .drive, diagnostics: notes.diagnostics)
        #expect(notes.lines.isEmpty, "\(notes.lines)")
        _ = try await EstimateRouter().measure(from: a, to: tampere, mode: .walk, diagnostics: notes.diagnostics)
        #expect(notes.lines.count == 1 && notes.lines[0].contains("on foot"), "\(notes.lines)")
    }
}
