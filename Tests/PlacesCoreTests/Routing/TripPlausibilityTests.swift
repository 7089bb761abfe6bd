import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesRouting

/// The note on trips no one makes in a mode: more than a day of walking or riding, more
/// than a day and a night at the wheel, or a straight line over the open sea.
@Suite("Trip plausibility")
struct TripPlausibilityTests {
    static func point(_ lat: Double, _ lon: Double) -> Coordinate { try! Coordinate(latitude: lat, longitude: lon) }
    static let helsinki = point(60.16952, 24.93545), tampere = point(61.49911, 23.78712), tallinn = point(59.43696, 24.75353)
    static let espoo = point(60.2052, 24.6522), tokyo = point(35.6895, 139.69171), newYork = point(40.71427, -74.00597)
    static let paris = point(48.85341, 2.3488), madrid = point(40.4165, -3.70256)

    static func note(_ a: Coordinate, _ b: Coordinate, _ mode: TravelMode) -> String? {
        let straight = GeodesicDistance.meters(from: a, to: b)
        return TripPlausibility.note(
            from: a, to: b, straightLineMeters: straight, mode: mode,
            estimate: EstimateRouter.estimate(straightLineMeters: straight, mode: mode))
    }

    @Test func theSeaMaskKnowsLandFromSea() {
        let mask = SeaMask.shared
        for (lat, lon) in [(59.8, 24.9), (45.0, -30.0), (0.0, -140.0), (-40.0, 80.0), (32.0, 145.0)] {
            #expect(mask.isSea(latitude: lat, longitude: lon), "\(lat),\(lon) should be sea")
        }
        for (lat, lon) in [(61.5, 23.8), (48.85, 2.35), (23.0, 10.0), (-25.0, 135.0), (40.0, -100.0), (-80.0, 0.0), (61.0, 28.5)] {
            #expect(!mask.isSea(latitude: lat, longitude: lon), "\(lat),\(lon) should be land")
        }
        // The edges of the grid wrap and clamp instead of trapping.
        _ = mask.isSea(latitude: 90, longitude: 180)
        _ = mask.isSea(latitude: -90, longitude: -180)
    }

    @Test func seaUnderTheStraightLine() {
        func sea(_ a: Coordinate, _ b: Coordinate) -> Double {
            SeaCrossing.longestSeaMeters(from: a, to: b, straightLineMeters: GeodesicDistance.meters(from: a, to: b))
        }
        #expect(sea(Self.helsinki, Self.tallinn) > 50_000)  // the Gulf of Finland
        #expect(sea(Self.helsinki, Self.tampere) < 20_000)
        #expect(sea(Self.helsinki, Self.espoo) < 20_000)
        #expect(sea(Self.paris, Self.madrid) < 100_000)
        #expect(sea(Self.paris, Self.newYork) > 3_000_000)  // the Atlantic
        let midpoint = SeaCrossing.greatCircle(from: Self.helsinki, to: Self.tallinn, fraction: 0.5)
        #expect(abs(midpoint.latitude - 59.80) < 0.05 && abs(midpoint.longitude - 24.85) < 0.05, "\(midpoint)")
        #expect(SeaCrossing.longestSeaMeters(from: Self.helsinki, to: Self.helsinki, straightLineMeters: 0) == 0)
    }

    @Test func tripsPeopleMakeGetNoNote() {
        for (a, b, mode) in [
            (Self.helsinki, Self.tampere, TravelMode.drive), (Self.helsinki, Self.tampere, .transit), (Self.helsinki, Self.tampere, .bike),
            (Self.helsinki, Self.espoo, .walk), (Self.paris, Self.madrid, .drive), (Self.helsinki, Self.helsinki, .walk),
        ] {
            #expect(Self.note(a, b, mode) == nil, "\(mode)")
        }
    }

    @Test func tooLongForTheMode() throws {
        let walk = try #require(Self.note(Self.helsinki, Self.tampere, .walk))
        #expect(walk.contains("193 km on foot") && walk.contains("without a stop") && !walk.contains("sea"), "\(walk)")
        let ride = try #require(Self.note(Self.paris, Self.madrid, .bike))
        #expect(ride.contains("by bike") && ride.hasSuffix("the estimate leaves this out"), "\(ride)")
        #expect(Self.note(Self.paris, Self.madrid, .drive) == nil)
    }

    @Test func overTheSea() throws {
        let ferry = try #require(Self.note(Self.helsinki, Self.tallinn, .drive))
        #expect(
            ferry.hasPrefix("the straight line crosses about ") && ferry.contains("km of open sea") && ferry.contains("car ferry"),
            "\(ferry)")
        let ocean = try #require(Self.note(Self.helsinki, Self.newYork, .drive))
        #expect(ocean.contains("by car is") && ocean.contains("open sea, which no road crosses"), "\(ocean)")
        let both = try #require(Self.note(Self.helsinki, Self.tokyo, .walk))
        #expect(both.contains("on foot is") && both.contains("open sea") && !both.contains("\n"), "\(both)")
    }
}
