import Foundation
import Testing

@testable import PlacesCore

/// `places route-estimate --router estimate` through the real binary at every distance:
/// a long drive on trunk roads is close to the road, and a trip no one makes in that mode
/// gets exactly one note on stderr while the estimate is still printed.
@Suite("End to end: route-estimate at every distance")
struct RouteEstimateDistanceEndToEndTests {
    static func json(_ from: String, _ to: String, _ mode: String) async throws -> (object: [String: Any], stderr: String) {
        let r = try await PlacesBinary.runDetached(["route-estimate", "--from", from, "--to", to, "--mode", mode, "--json"])
        #expect(r.status == 0 && !r.stdout.isEmpty, "\(r)")
        return (try JSONHelpers.object(r.stdout), r.stderr)
    }

    static func noteLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("places: note: ") }
    }

    /// The acceptance check: the road is about 175 km and 2 h.
    @Test func helsinkiToTampereByCarIsWithinAFifthOfTheRoad() async throws {
        let (object, stderr) = try await Self.json("Helsinki", "Tampere", "drive")
        let distance = try #require(object["distanceMeters"] as? Double), duration = try #require(object["durationSeconds"] as? Double)
        #expect(abs(distance - 175_000) / 175_000 <= 0.2, "\(distance) m")
        #expect(abs(duration - 7_200) / 7_200 <= 0.2, "\(duration) s")
        #expect(stderr.isEmpty, "\(stderr)")

        let table = try await PlacesBinary.runDetached(["route-estimate", "--from", "Helsinki", "--to", "Tampere", "--mode", "drive"])
        #expect(table.status == 0 && table.stderr.isEmpty, "\(table)")
        #expect(
            table.stdout.hasPrefix(
                "This is an estimate, not a route: the straight line × 1.2 + 300 m for driving at this distance, at 85.3 km/h."),
            "\(table.stdout)")
        #expect(table.stdout.contains("Distance       193 km\n") && table.stdout.contains("Duration       2 h 16 min\n"), "\(table.stdout)")
    }

    @Test func aWalkToTokyoIsNotedAndStillEstimated() async throws {
        let (object, stderr) = try await Self.json("Helsinki", "Tokyo", "walk")
        let notes = Self.noteLines(stderr)
        #expect(notes.count == 1 && stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(
            notes.first?.contains("on foot is") == true && notes.first?.contains("more than anyone walks in one go") == true, "\(stderr)")
        #expect((object["distanceMeters"] as? Double ?? 0) > 9_000_000 && object["mode"] as? String == "walk")
    }

    @Test func aThreeThousandKilometreRideIsNoted() async throws {
        let (object, stderr) = try await Self.json("Helsinki", "Madrid,ES", "bike")
        #expect(
            Self.noteLines(stderr).count == 1 && stderr.contains("by bike is") && stderr.contains("more than anyone rides in one go"),
            "\(stderr)")
        let distance = try #require(object["distanceMeters"] as? Double)
        #expect(distance > 3_000_000 && distance < 4_000_000, "\(distance)")
    }

    @Test func aDriveOverTheSeaIsNoted() async throws {
        let (tallinn, ferry) = try await Self.json("Helsinki", "Tallinn", "drive")
        #expect(Self.noteLines(ferry).count == 1 && ferry.contains("km of open sea") && ferry.contains("car ferry"), "\(ferry)")
        #expect((tallinn["distanceMeters"] as? Double ?? 0) > 80_000)

        let (_, ocean) = try await Self.json("Helsinki", "New York City", "drive")
        #expect(
            Self.noteLines(ocean).count == 1 && ocean.contains("open sea, which no road crosses") && ocean.contains("by car is"), "\(ocean)"
        )
    }

    @Test func everydayTripsGetNoNote() async throws {
        for (from, to, mode) in [
            ("Helsinki", "Espoo", "walk"), ("Helsinki", "Tampere", "bike"), ("Helsinki", "Turku", "transit"),
            ("Paris,FR", "Madrid,ES", "drive"),
        ] {
            let (_, stderr) = try await Self.json(from, to, mode)
            #expect(stderr.isEmpty, "\(from) → \(to) \(mode): \(stderr)")
        }
    }
}
