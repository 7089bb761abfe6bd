import Foundation
import Testing

/// Examples/NearestCafes, the README's app example, built with no `package` access to
/// PlacesCore, run against the loopback Google fake: the public API is enough for an app
/// to get the nearest cafes, nearest first.
@Suite("Example: nearest cafes with the public API")
struct NearestCafesExampleTests {
    static let executable = PlacesBinary.packageExecutable("NearestCafes")

    static func run(_ arguments: [String], key: String?) throws -> PlacesBinary.Result {
        var environment = PlacesBinary.baseEnvironment()
        environment["GOOGLE_MAPS_API_KEY"] = key
        return try PlacesBinary.run(arguments, environment: environment, executable: executable)
    }

    @Test func getsTheNearestCafesNearestFirst() throws {
        let google = try FakeGooglePlaces()
        let r = try Self.run([google.baseURL], key: "example-key")
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1) }
        let distances = rows.compactMap { $0.first.flatMap { Int($0.dropLast(2)) } }
        #expect(!rows.isEmpty && distances.count == rows.count, "\(r)")
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 500 }, "\(distances)")
        // One searchNearby for cafes around the station, with the key in its header only.
        #expect(google.requests.count == 1)
        let request = try #require(google.requests.first)
        #expect(request.path == "/v1/places:searchNearby" && request.headers["x-goog-api-key"] == "example-key")
        let body = try JSONHelpers.object(String(decoding: request.body, as: UTF8.self))
        #expect(
            (body["includedTypes"] as? [String])?.contains("cafe") == true && body["rankPreference"] as? String == "DISTANCE", "\(body)")
    }

    @Test func aMissingKeyIsReportedInLibraryTerms() throws {
        let r = try Self.run([], key: nil)
        #expect(r.status == 1 && r.stdout.isEmpty && r.stderr == "NearestCafes: Google Places needs an API key\n", "\(r)")
    }
}
