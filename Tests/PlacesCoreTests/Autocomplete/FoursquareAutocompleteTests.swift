import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

@Suite("Foursquare autocomplete")
struct FoursquareAutocompleteTests {
    static let key = "FSQTESTKEYxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    static let kamppi = try! Coordinate(latitude: 60.1690, longitude: 24.9320)

    static func client(_ fake: FakeFoursquare, key: String = key) -> PlacesClient {
        PlacesClient(source: .foursquare(apiKey: key), configuration: .init(retries: 0, baseURL: URL(string: fake.baseURL)))
    }

    @Test func theRequestAndItsPredictions() async throws {
        let fake = try FakeFoursquare()
        let session = AutocompleteSession()
        let predictions = try await Self.client(fake).autocomplete(
            .init(input: "sush", center: Self.kamppi, radiusMeters: 2000, limit: 4),
            session: session)
        let sent = try #require(fake.requests.last)
        #expect(sent.method == "GET" && sent.path == "/autocomplete")
        #expect(
            sent.query == [
                "query": "sush", "ll": "60.169,24.932", "radius": "2000", "types": "place", "session_token": session.token, "limit": "4",
            ])
        #expect(sent.header("Authorization") == "Bearer \(Self.key)" && sent.header("X-Places-Api-Version") == "2025-06-17")
        #expect(!sent.target.contains(Self.key))
        #expect(!predictions.isEmpty && predictions.count <= 4)
        for prediction in predictions {
            #expect(prediction.kind == .place && prediction.id?.provider == .foursquare && prediction.coordinate != nil)
            #expect(
                AutocompleteWords.matches(
                    input: AutocompleteWords.words(of: "sush"), name: AutocompleteWords.words(of: prediction.mainText)))
        }
        let distances = predictions.compactMap(\.distanceMeters)
        #expect(distances.count == predictions.count && distances == distances.sorted())
        // Details ends the session in Foursquare's terms; its Place Details takes no token.
        let id = try #require(predictions.first?.id)
        let venue = try await Self.client(fake).details(id, session: session)
        #expect(venue.id == id && session.hasEnded && fake.requests.last?.query["session_token"] == nil)
    }

    @Test func queriesAndShortInput() async throws {
        let fake = try FakeFoursquare()
        let predictions = try await Self.client(fake).autocomplete(.init(input: "kahv", limit: 50, includeQueries: true))
        #expect(fake.requests.last?.query["types"] == "place,search")
        #expect(predictions.last?.kind == .query && predictions.last?.text == "kahv restaurants")
        await #expect(throws: PlacesError.self) { try await Self.client(fake).autocomplete(.init(input: "ka")) }
        #expect(fake.requests.count == 1)
        do {
            _ = try await Self.client(fake, key: FakeFoursquare.invalidKey).autocomplete(.init(input: "kahv"))
            Issue.record("a bad key was accepted")
        } catch let error as PlacesError {
            guard case .apiKeyRejected(.foursquare, _) = error else { Issue.record("\(error)"); return }
        }
    }
}
