import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel

/// Issue 36, item 4: `--bbox SOUTH,WEST,NORTH,EAST`, the places inside a map's viewport, from
/// every provider: an extract through its index (against brute force over the Helsinki
/// extract), Overpass's bounding-box filter, Google's Text Search rectangle and Nearby
/// Search's covering circle, Foursquare's `ne`/`sw`; distances from the box's centre; a box
/// across the antimeridian; malformed boxes refused.
@Suite("--bbox: the places in a map's viewport")
struct BoundingBoxSearchTests {
    static let json = PlacesBinary.helsinkiData

    /// Every place of the Helsinki extract (its elements, read directly) with its position.
    static func extractPlaces() throws -> [(id: String, coordinate: Coordinate)] {
        let document = try JSONHelpers.object(String(decoding: try Data(contentsOf: URL(fileURLWithPath: json)), as: UTF8.self))
        let elements = try #require(document["elements"] as? [[String: Any]])
        return elements.compactMap { e in
            guard let type = e["type"] as? String, let id = e["id"] as? Int else { return nil }
            let center = e["center"] as? [String: Double]
            guard let lat = (e["lat"] as? Double) ?? center?["lat"], let lon = (e["lon"] as? Double) ?? center?["lon"] else { return nil }
            return ("osm:\(type)/\(id)", Coordinate(uncheckedLatitude: lat, longitude: lon))
        }
    }

    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return env
    }

    @Test func anExtractAnswersExactlyThePlacesInTheBoxWithDistancesFromItsCentre() throws {
        let dir = try TemporaryDirectory()
        let truth = try Self.extractPlaces()
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<12 {
            let south = 60.164 + generator.unit() * 0.012, west = 24.935 + generator.unit() * 0.016
            let box = BoundingBox(
                south: south, west: west, north: south + 0.0005 + generator.unit() * 0.0035, east: west + 0.0005 + generator.unit() * 0.0055
            )
            let text = "\(box.south),\(box.west),\(box.north),\(box.east)"
            let r = try PlacesBinary.run(
                [
                    "nearby", "--bbox", text, "--data", Self.json, "--limit", "5000", "--fields", "id,latitude,longitude,distanceMeters",
                    "--json",
                ],
                environment: environment(dir))
            #expect(r.status == 0, "\(r)")
            let found = try JSONHelpers.array(r.stdout)
            let expected = Set(truth.filter { box.contains($0.coordinate) }.map(\.id))
            #expect(Set(found.compactMap { $0["id"] as? String }) == expected, "box \(text)")
            for place in found {
                let point = Coordinate(uncheckedLatitude: place["latitude"] as? Double ?? 0, longitude: place["longitude"] as? Double ?? 0)
                let meters = GeodesicDistance.meters(from: box.centre, to: point)
                #expect(abs((place["distanceMeters"] as? Double ?? -1) - meters) <= 0.06, "\(place)")
            }
        }
    }

    @Test func aBoxAcrossTheAntimeridianIsOnePlace() throws {
        let dir = try TemporaryDirectory()
        let extract = """
            {"elements":[
            {"type":"node","id":1,"lat":-17.7,"lon":179.95,"tags":{"amenity":"cafe","name":"West of the line"}},
            {"type":"node","id":2,"lat":-17.7,"lon":-179.95,"tags":{"amenity":"cafe","name":"East of the line"}},
            {"type":"node","id":3,"lat":-17.7,"lon":0.0,"tags":{"amenity":"cafe","name":"Far away"}}]}
            """
        let path = try dir.write("fiji.json", Data(extract.utf8))
        let r = try PlacesBinary.run(
            ["nearby", "--bbox", "-17.8,179.9,-17.6,-179.9", "--data", path, "--json"], environment: environment(dir))
        #expect(r.status == 0, "\(r)")
        let found = try JSONHelpers.array(r.stdout)
        #expect(Set(found.compactMap { $0["name"] as? String }) == ["West of the line", "East of the line"])
        // Both ~5.3 km from the centre on the antimeridian, not half the world.
        #expect(found.allSatisfy { ($0["distanceMeters"] as? Double ?? 1e9) < 6_000 }, "\(found)")
        let box = try BoundingBox.validated(south: -17.8, west: 179.9, north: -17.6, east: -179.9)
        #expect(box.centre.longitude == 180 || box.centre.longitude == -180)
    }

    @Test func malformedBoxesAreUsageErrors() throws {
        let dir = try TemporaryDirectory()
        let cases = [
            "1,2,3", "1,2,3,4,5", "a,b,c,d", "nan,1,2,3", "60.18,24.93,60.16,24.96", "91,1,92,2", "10,181,11,182", "60,24,60,25",
            "60,24,61,24", "",
        ]
        for text in cases {
            let r = try PlacesBinary.run(["nearby", "--bbox", text, "--data", Self.json], environment: environment(dir))
            #expect(r.status == 64 && r.errorLines.count == 1 && r.stderr.contains("--bbox"), "\(text): \(r)")
        }
        for extra in [["--at", "60.17,24.94"], ["--near", "Helsinki"], ["--radius", "100"], ["--from", "Helsinki", "--to", "Espoo"]] {
            let r = try PlacesBinary.run(
                ["nearby", "--bbox", "60.16,24.93,60.18,24.96", "--data", Self.json] + extra, environment: environment(dir))
            #expect(r.status == 64 && r.errorLines.count == 1 && r.stderr.contains("--bbox"), "\(extra): \(r)")
        }
    }

    /// Overpass: a bounding-box filter (the fake evaluates it), the same places as the extract.
    @Test func overpassAsksForTheBoxAndAnswersItsPlaces() throws {
        let dir = try TemporaryDirectory()
        let fake = try FakeOverpass()
        var env = environment(dir)
        env["PLACES_OVERPASS_URL"] = fake.endpoint
        let box = "60.168,24.935,60.172,24.945"
        let online = try PlacesBinary.run(["nearby", "--bbox", box, "--provider", "osm", "--limit", "1000", "--json"], environment: env)
        let offline = try PlacesBinary.run(["nearby", "--bbox", box, "--data", Self.json, "--limit", "1000", "--json"], environment: env)
        #expect(online.status == 0 && offline.status == 0, "\(online) \(offline)")
        let form = String(decoding: try #require(fake.requests.first).body, as: UTF8.self)
        let query = String(form.dropFirst("data=".count)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? form
        #expect(query.contains("(60.168,24.935,60.172,24.945)") && !query.contains("around"), "\(query)")
        let ids = { (r: PlacesBinary.Result) in Set(try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }) }
        #expect(try ids(online) == ids(offline) && !ids(online).isEmpty)
    }

    /// Google: Text Search gets the box as its rectangle; Nearby Search the circle that covers
    /// it, and its answer is cut to the box. Foursquare: `ne` and `sw`, no `ll` or `radius`.
    @Test func googleAndFoursquareAskForTheBoxTheirWay() throws {
        let google = try FakeGooglePlaces(), foursquare = try FakeFoursquare()
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-google-key-2c81e5"
        env["FOURSQUARE_API_KEY"] = "FAKEFOURSQUAREKEYFAKEFOURSQUAREKEY00"
        env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
        let box = try BoundingBox.validated(south: 60.166, west: 24.935, north: 60.172, east: 24.948)
        let text = "60.166,24.935,60.172,24.948"
        for arguments in [
            ["nearby", "--bbox", text, "--provider", "google"], ["search", "restaurant", "--bbox", text, "--provider", "google"],
            ["nearby", "--bbox", text, "--provider", "foursquare"],
        ] {
            let r = try PlacesBinary.run(arguments + ["--json", "--include-closed"], environment: env)
            #expect(r.status == 0, "\(arguments): \(r)")
            let places = try JSONHelpers.array(r.stdout)
            #expect(!places.isEmpty, "\(arguments)")
            for place in places {
                let point = Coordinate(uncheckedLatitude: place["latitude"] as? Double ?? 0, longitude: place["longitude"] as? Double ?? 0)
                #expect(box.contains(point), "\(arguments): \(place)")
            }
        }
        let bodies = google.requests.compactMap { try? JSONHelpers.object(String(decoding: $0.body, as: UTF8.self)) }
        let nearby = try #require(bodies.first { $0["textQuery"] == nil })
        let circle = try #require((nearby["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        #expect((circle["radius"] as? Double ?? 0) >= box.coveringRadius - 1)
        let textSearch = try #require(bodies.first { $0["textQuery"] != nil })
        let rectangle = try #require((textSearch["locationRestriction"] as? [String: Any])?["rectangle"] as? [String: [String: Double]])
        #expect(
            rectangle["low"] == ["latitude": 60.166, "longitude": 24.935] && rectangle["high"] == ["latitude": 60.172, "longitude": 24.948])
        let search = try #require(foursquare.requests.first { $0.path == "/places/search" })
        #expect(search.query["ne"] == "60.172,24.948" && search.query["sw"] == "60.166,24.935")
        #expect(search.query["ll"] == nil && search.query["radius"] == nil)
    }

    /// An app asks with a box where it asks with a circle.
    @Test func theLibraryTakesABox() async throws {
        let dir = try TemporaryDirectory()
        let client = PlacesClient(source: .extract(URL(fileURLWithPath: Self.json), indexDirectory: URL(fileURLWithPath: dir.path)))
        let box = try BoundingBox.validated(south: 60.168, west: 24.935, north: 60.172, east: 24.945)
        let venues = try await client.nearby(NearbyRequest(box: box, limit: 1000))
        let expected = try Self.extractPlaces().filter { box.contains($0.coordinate) }
        #expect(Set(venues.map(\.id.description)) == Set(expected.map(\.id)))
        #expect(venues.allSatisfy { $0.distanceMeters != nil })
    }
}
