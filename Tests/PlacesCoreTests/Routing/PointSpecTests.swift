import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import places_cli

/// POINT (`--from` / `--to`): each form parsed, and each resolved.
@Suite("Route points")
struct PointSpecTests {
    @Test(arguments: [
        ("60.1699,24.9384", 60.1699, 24.9384), ("-33.8688,151.2093", -33.8688, 151.2093),
        (" 60.1, 24.9 ", 60.1, 24.9), ("+1.5,-2", 1.5, -2.0), (".5,0", 0.5, 0.0),
    ])
    func coordinates(_ text: String, _ lat: Double, _ lon: Double) throws {
        #expect(try PointSpec.parse(text, flag: "--from") == .coordinate(try Coordinate(latitude: lat, longitude: lon)))
    }

    @Test(arguments: [
        ("91,0", "latitude 91.0 is out of range"), ("0,181", "longitude 181.0 is out of range"),
        ("60.17", "not a coordinate"), ("-nan,0", "not a coordinate"), ("1,2,3", "not a coordinate"),
    ])
    func malformedCoordinatesAreUsageErrorsNamingTheFlag(_ text: String, _ fragment: String) {
        #expect {
            try PointSpec.parse(text, flag: "--to")
        } throws: { error in
            guard let e = error as? UsageError else { return false }
            return ErrorReport.report(e)?.code == 64 && e.message.hasPrefix("--to: ") && e.message.contains(fragment)
        }
    }

    @Test func placeIDs() throws {
        #expect(try PointSpec.parse("osm:node/1369465615", flag: "--from") == .placeID(PlaceID(provider: .osm, rawID: "node/1369465615")))
        #expect(
            try PointSpec.parse("google:ChIJN1t_tDeuEmsRUsoyG83frY4", flag: "--from")
                == .placeID(PlaceID(provider: .google, rawID: "ChIJN1t_tDeuEmsRUsoyG83frY4")))
        #expect(try PointSpec.parse("OSM:way/8145437", flag: "--from") == .placeID(PlaceID(provider: .osm, rawID: "way/8145437")))
        #expect(throws: UsageError.self) { try PointSpec.parse("osm:area/5", flag: "--from") }
        #expect(throws: UsageError.self) { try PointSpec.parse("google:a/b", flag: "--from") }
    }

    @Test func namesAreEverythingElse() throws {
        for text in ["Helsinki", "Paris, FR", "Springfield,US-MA", "Zürich", "Foo:Bar", "St. John's"] {
            #expect(try PointSpec.parse(text, flag: "--from") == .placeName(text))
        }
        #expect(throws: UsageError.self) { try PointSpec.parse("   ", flag: "--from") }
    }

    // MARK: - Resolution

    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [PlaceID] = []
        func add(_ id: PlaceID) { lock.withLock { ids.append(id) } }
        var all: [PlaceID] { lock.withLock { ids } }
    }

    static let kamppi = Venue(
        id: PlaceID(provider: .osm, rawID: "node/42"), name: "Kamppi",
        coordinate: try! Coordinate(latitude: 60.1675, longitude: 24.9322))

    func resolver(favorite: Venue? = nil, calls: Calls) -> PointResolver {
        PointResolver(favorites: FavoriteSnapshotLookup { id in favorite?.id == id ? favorite : nil }) { id in
            calls.add(id)
            guard id == Self.kamppi.id else { throw PlacesError.notFound(message: "no place \(id)") }
            return Self.kamppi
        }
    }

    @Test func coordinateResolvesToItselfWithNoNameOrID() async throws {
        let c = try Coordinate(latitude: 1, longitude: 2)
        let point = try await resolver(calls: Calls()).resolve(.coordinate(c), flag: "--from", diagnostics: .silent)
        #expect(point == RoutePoint(coordinate: c))
    }

    @Test func gazetteerNameGivesTheCityNameAndNoID() async throws {
        let notes = NoteLog()
        let point = try await resolver(calls: Calls()).resolve(.placeName("helsingfors"), flag: "--from", diagnostics: notes.diagnostics)
        #expect(point.name == "Helsinki" && point.id == nil)
        #expect(abs(point.coordinate.latitude - 60.17) < 0.05 && abs(point.coordinate.longitude - 24.94) < 0.05)
        #expect(notes.lines.isEmpty)

        let paris = try await resolver(calls: Calls()).resolve(.placeName("Paris"), flag: "--to", diagnostics: notes.diagnostics)
        #expect(paris.name == "Paris")
        #expect(notes.lines.count == 1 && notes.lines[0].hasPrefix("places: note: --to: 'Paris' is ambiguous"), "\(notes.lines)")
    }

    @Test func unknownNameIsNotFoundWithAdviceForThisFlag() async {
        await #expect {
            _ = try await resolver(calls: Calls()).resolve(.placeName("Atlantisxx"), flag: "--to", diagnostics: .cli)
        } throws: { error in
            guard let e = error as? PlacesError else { return false }
            return e.kind == .notFound && e.message.hasPrefix("--to: no place named 'Atlantisxx'")
                && e.message.contains("give --to LAT,LON")
        }
    }

    @Test func placeIDGoesToItsProviderUnlessItIsAFavorite() async throws {
        let calls = Calls()
        let point = try await resolver(calls: calls).resolve(.placeID(Self.kamppi.id), flag: "--from", diagnostics: .silent)
        #expect(point == RoutePoint(coordinate: Self.kamppi.coordinate, name: "Kamppi", id: Self.kamppi.id))
        #expect(calls.all == [Self.kamppi.id])

        var saved = Self.kamppi
        saved.name = "Kamppi (saved)"
        let fromFavorites = Calls()
        let favorite = try await resolver(favorite: saved, calls: fromFavorites).resolve(
            .placeID(saved.id), flag: "--from", diagnostics: .silent)
        #expect(favorite.name == "Kamppi (saved)")
        #expect(fromFavorites.all.isEmpty)

        await #expect(throws: PlacesError.notFound(message: "no place osm:node/7")) {
            _ = try await resolver(calls: Calls()).resolve(
                .placeID(PlaceID(provider: .osm, rawID: "node/7")), flag: "--from", diagnostics: .silent)
        }
    }
}
