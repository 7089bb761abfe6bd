import Foundation
import PlacesCore
import Testing

@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesModel
@testable import PlacesOSMExtract

/// `PlacesClient` through the public API only (no `@testable`): what an app can do.
@Suite("PlacesClient, as an app uses it")
struct PlacesClientTests {
    static let helsinki = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let extract = URL(fileURLWithPath: PlacesBinary.helsinkiData)

    final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    @Test func nearbyFromGoogleIsNearestFirstWithDistancesAndTheLimit() async throws {
        let google = try FakeGooglePlaces()
        let client = PlacesClient(source: .google(apiKey: "test-key"), configuration: .init(baseURL: URL(string: google.baseURL)))
        let cafes = try await client.nearby(.init(center: Self.helsinki, radiusMeters: 800, categories: [.cafe], limit: 5))
        #expect(!cafes.isEmpty && cafes.count <= 5)
        let distances = cafes.compactMap(\.distanceMeters)
        #expect(distances.count == cafes.count && distances == distances.sorted() && distances.allSatisfy { $0 <= 800 })
        #expect(cafes.allSatisfy { $0.provider == .google && $0.categories.contains("cafe") })
        // The key went in its header, as Google documents; the fake refuses any other.
        #expect(google.requests.first?.headers["x-goog-api-key"] == "test-key")
    }

    @Test func anExtractAnswersOfflineAndFiltersByName() async throws {
        let client = PlacesClient(source: .extract(Self.extract))
        let found = try await client.search(.init(query: "sushi", center: Self.helsinki, radiusMeters: 2000, sort: .distance))
        #expect(!found.isEmpty)
        #expect(found.compactMap(\.distanceMeters) == found.compactMap(\.distanceMeters).sorted())
        let named = try await client.nearby(.init(center: Self.helsinki, radiusMeters: 1500, nameFilter: "loiste"))
        #expect(named.map(\.name) == ["Loiste"])
        let loiste = try await client.details(named[0].id)
        #expect(loiste.name == "Loiste" && loiste.distanceMeters == nil)
    }

    @Test func favoritesAreMarkedAndCanBeAllThatIsAsked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FavoritesStore(file: directory.appendingPathComponent("favorites.json"))
        let client = PlacesClient(source: .extract(Self.extract), configuration: .init(favorites: store))
        let around = try await client.nearby(.init(center: Self.helsinki, radiusMeters: 500, limit: 3))
        #expect(around.count == 3 && around.allSatisfy { !$0.isFavorite })
        #expect(try await client.nearby(.init(center: Self.helsinki, favoritesOnly: true)).isEmpty)

        try store.save(around[1], note: "lunch")
        #expect(try store.favorites().map(\.id) == [around[1].id] && store.favorites()[0].note == "lunch")
        let marked = try await client.nearby(.init(center: Self.helsinki, radiusMeters: 500, limit: 3))
        #expect(marked.map(\.isFavorite) == [false, true, false])
        #expect(try await client.nearby(.init(center: Self.helsinki, favoritesOnly: true)).map(\.id) == [around[1].id])
        #expect(try store.remove(around[1].id) && !store.remove(around[1].id))
    }

    @Test func groupingByCuisineIsAFunctionOnVenues() async throws {
        let client = PlacesClient(source: .extract(Self.extract))
        let food = try await client.nearby(.init(center: Self.helsinki, radiusMeters: 1000, categories: [.restaurant], limit: 50))
        let groups = food.groupedByCuisine()
        #expect(!groups.isEmpty && groups.allSatisfy { !$0.restaurants.isEmpty })
        #expect(groups.dropLast().allSatisfy { $0.name != Cuisine.otherName })
    }

    @Test func errorsAreTypedAndReadInLibraryTerms() async throws {
        let noKey = PlacesClient(source: .google(apiKey: ""))
        await #expect(throws: PlacesError.missingAPIKey(.googlePlaces)) {
            _ = try await noKey.nearby(.init(center: Self.helsinki))
        }
        let client = PlacesClient(source: .extract(Self.extract))
        do {
            _ = try await client.search(.init(query: "sushi", sort: .distance))
            Issue.record("expected an error")
        } catch let error as PlacesError {
            #expect(error == .invalidRequest(.sort, message: "sorting by distance needs a center"))
            #expect(error.localizedDescription == "sorting by distance needs a center")
        }
        let missing = PlacesClient(source: .extract(URL(fileURLWithPath: "/nonexistent/x.json")))
        await #expect(throws: PlacesError.notFound(message: "no such extract file: /nonexistent/x.json")) {
            _ = try await missing.nearby(.init(center: Self.helsinki))
        }
        let google = PlacesClient(source: .google(apiKey: "k"))
        await #expect(throws: PlacesError.self) {
            _ = try await google.nearby(.init(center: Self.helsinki, radiusMeters: 60_000))
        }
        await #expect(throws: PlacesError.invalidRequest(.placeID, message: "osm:node/1 is a osm id; this client asks google")) {
            _ = try await google.details(PlaceID(provider: .osm, rawID: "node/1"))
        }
    }

    @Test func aRejectedKeyAndARateLimitCarryWhatAnAppActsOn() async throws {
        let rejecting = try FakeGooglePlaces()
        let bad = PlacesClient(
            source: .google(apiKey: FakeGooglePlaces.invalidKey), configuration: .init(baseURL: URL(string: rejecting.baseURL)))
        do {
            _ = try await bad.nearby(.init(center: Self.helsinki))
            Issue.record("expected an error")
        } catch PlacesError.apiKeyRejected(let service, let message) {
            #expect(service == .googlePlaces && message.hasPrefix("Google Places rejected the API key ("), "\(message)")
            #expect(!message.contains("GOOGLE_MAPS_API_KEY"))
        }
        let busy = try FakeHTTPServer { _ in .json(429, "{}", headers: [("Retry-After", "30")]) }
        let limited = PlacesClient(source: .foursquare(apiKey: "k"), configuration: .init(retries: 0, baseURL: URL(string: busy.baseURL)))
        do {
            _ = try await limited.nearby(.init(center: Self.helsinki))
            Issue.record("expected an error")
        } catch PlacesError.rateLimited(let service, let retryAfter, _) {
            #expect(service == .foursquare && retryAfter == 30)
        }
    }

    @Test func notesReachTheHandlerInLibraryTerms() async throws {
        let google = try FakeGooglePlaces()
        let notes = Notes()
        let client = PlacesClient(
            source: .google(apiKey: "k"), configuration: .init(baseURL: URL(string: google.baseURL), notes: notes.add))
        _ = try await client.nearby(.init(center: Self.helsinki, limit: 40, includeClosed: true))
        #expect(
            notes.all == [
                "Google's Nearby Search returns at most 20 places and cannot page; showing up to 20 (a text search gives up to 60)"
            ])
    }

    /// What the CLI tells about an extract's answer, an app hears too, in library words.
    @Test func anExtractSaysWhenTheCentreIsFarFromAllItsPlaces() async throws {
        let notes = Notes()
        let client = PlacesClient(source: .extract(Self.extract), configuration: .init(notes: notes.add))
        let tokyo = try Coordinate(latitude: 35.6812, longitude: 139.7671)
        #expect(try await client.nearby(.init(center: tokyo, radiusMeters: 1000)).isEmpty)
        #expect(notes.all.count == 1)
        #expect(notes.all.first?.hasPrefix("35.6812,139.7671 is at least ") == true, "\(notes.all)")
        #expect(notes.all.first?.hasSuffix("farther than the radius of 1000 m") == true, "\(notes.all)")
        // What is at a point far away says nothing of the kind: its places are a side dish.
        let there = try await client.reverse(ReverseRequest(point: tokyo))
        #expect(there.places.isEmpty && notes.all.count == 1, "\(notes.all)")

        let swapped = Notes()
        let mixedUp = PlacesClient(source: .extract(Self.extract), configuration: .init(notes: swapped.add))
        let backwards = try Coordinate(latitude: 24.9384, longitude: 60.1699)
        #expect(try await mixedUp.nearby(.init(center: backwards, radiusMeters: 1000)).isEmpty)
        #expect(
            swapped.all.first?.hasSuffix("; latitude and longitude may be swapped: 60.1699,24.9384 is within the radius of its places")
                == true, "\(swapped.all)")
    }

    /// A web provider is asked for at most 1,000 places, by an app as by the CLI; an extract
    /// has no such ceiling.
    @Test func aLimitOverAWebProvidersCeilingIsLoweredWithANote() async throws {
        let google = try FakeGooglePlaces()
        let notes = Notes()
        let client = PlacesClient(
            source: .google(apiKey: "k"), configuration: .init(baseURL: URL(string: google.baseURL), notes: notes.add))
        _ = try await client.search(.init(query: "cafe", center: Self.helsinki, limit: 5000))
        #expect(
            notes.all.contains("a limit of 5000 is over google's ceiling of 1000: showing at most 1000 (an extract has no ceiling)"),
            "\(notes.all)")

        let offline = Notes()
        let extract = PlacesClient(source: .extract(Self.extract), configuration: .init(notes: offline.add))
        let all = try await extract.nearby(.init(center: Self.helsinki, radiusMeters: 5000, limit: 5000))
        #expect(all.count > 1000, "an extract has no ceiling: \(all.count)")
        #expect(!offline.all.contains { $0.contains("ceiling") }, "\(offline.all)")
    }

    /// With a file for ended sessions, a later client (another run) refuses a token whose
    /// session a details call ended, before anything is asked.
    @Test func anEndedSessionIsRefusedByALaterClient() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-sessions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let record = directory.appendingPathComponent("ended-sessions")
        let configuration = PlacesClient.Configuration(endedSessionsFile: record)
        let first = PlacesClient(source: .extract(Self.extract), configuration: configuration)
        let session = AutocompleteSession()
        let predictions = try await first.autocomplete(.init(input: "loiste", center: Self.helsinki), session: session)
        let id = try #require(predictions.first?.id)
        _ = try await first.details(id, session: session)
        #expect(try String(contentsOf: record, encoding: .utf8).contains(session.token))

        let later = PlacesClient(source: .extract(Self.extract), configuration: configuration)
        let carried = try AutocompleteSession(token: session.token)
        do {
            _ = try await later.autocomplete(.init(input: "loiste", center: Self.helsinki), session: carried)
            Issue.record("an ended session's token was accepted")
        } catch PlacesError.invalidRequest(let field, let message) {
            #expect(field == .sessionToken && message.contains("has ended"), "\(message)")
        }
        let fresh = try await later.autocomplete(.init(input: "loiste", center: Self.helsinki), session: AutocompleteSession())
        #expect(fresh.map(\.id) == predictions.map(\.id))
    }
}
