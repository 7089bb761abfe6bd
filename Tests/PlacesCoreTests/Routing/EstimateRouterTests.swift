import Foundation
import Testing
@testable import PlacesCore

/// The offline estimate: monotone in distance, at each mode's speed, never shorter than
/// the straight line, and zero for a trip to the same point.
@Suite("Estimate router")
struct EstimateRouterTests {
    static let lengths: [Double] = (0...400).map { Double($0) * Double($0) * 0.3 }  // 0 m … 48 km, dense at the short end

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
    func durationIsTheDistanceAtTheModesSpeed(_ mode: TravelMode) {
        let c = EstimateCalibration.for(mode)
        for d in [500.0, 2_000, 10_000] {
            let e = EstimateRouter.estimate(straightLineMeters: d, mode: mode)
            #expect(abs(e.durationSeconds - (c.fixedSeconds + e.distanceMeters / c.speedMetersPerSecond)) <= 0.5)
        }
    }

    @Test func speedsAreTypicalForEachMode() {
        let walk = EstimateCalibration.walk.speedMetersPerSecond, bike = EstimateCalibration.bike.speedMetersPerSecond
        let drive = EstimateCalibration.drive.speedMetersPerSecond, transit = EstimateCalibration.transit.speedMetersPerSecond
        // Bohannon (1997): comfortable gait 1.272–1.462 m/s across ages and sexes.
        #expect(walk >= 1.27 && walk <= 1.47)
        #expect(walk < bike && bike < transit && transit < drive)
        #expect(bike * 3.6 >= 10 && bike * 3.6 <= 20)
        #expect(drive * 3.6 >= 15 && drive * 3.6 <= 50)
        // 1 km on foot takes 12 minutes, give or take a minute.
        let km = EstimateRouter.estimate(straightLineMeters: 1_000 / EstimateCalibration.walk.circuity, mode: .walk)
        #expect(abs(km.durationSeconds - 720) <= 60)
    }

    /// Driving circuity falls with distance, as the measured routes and the literature say.
    @Test func drivingDetourShrinksWithDistance() {
        func ratio(_ d: Double) -> Double { EstimateRouter.estimate(straightLineMeters: d, mode: .drive).distanceMeters / d }
        #expect(ratio(300) > ratio(1_000) && ratio(1_000) > ratio(5_000) && ratio(5_000) > ratio(40_000))
        #expect(ratio(40_000) < 1.6 && ratio(300) > 2)
    }

    @Test func measuresTheEllipsoidalStraightLineAndNotesLongTrips() async throws {
        let a = try Coordinate(latitude: 60.1699, longitude: 24.9384), b = try Coordinate(latitude: 60.1675, longitude: 24.9522)
        let notes = NoteLog()
        let m = try await EstimateRouter().measure(from: a, to: b, mode: .bike, diagnostics: notes.diagnostics)
        #expect(m == EstimateRouter.estimate(straightLineMeters: GeodesicDistance.meters(from: a, to: b), mode: .bike))
        #expect(notes.lines.isEmpty)
        let far = try Coordinate(latitude: 61.4978, longitude: 23.7610)  // Tampere
        _ = try await EstimateRouter().measure(from: a, to: far, mode: .drive, diagnostics: notes.diagnostics)
        #expect(notes.lines.count == 1 && notes.lines[0].contains("calibrated on trips under 20 km"))
    }
}
