import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesProviderKit

/// Autocomplete (New) against the loopback fake of Google's documented shapes.
@Suite("Google autocomplete and sessions")
struct GoogleAutocompleteTests {
    static let key = "AIzaSyTESTKEYxxxxxxxxxxxxxxxxxxxxxxxx1"
    static let kamppi = try! Coordinate(latitude: 60.1690, longitude: 24.9320)

    final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    static func client(
        _ fake: FakeGooglePlaces, key: String = key, locale: GoogleLocale = GoogleLocale(), notes: Notes? = nil
    ) -> PlacesClient {
        let diagnostics = Diagnostics { _, message in notes?.add(message) }
        let http = HTTPClient(transport: URLSessionTransport(), timeout: 10, policy: RetryPolicy(retries: 0), diagnostics: diagnostics)
        return PlacesClient(
            provider: GooglePlacesProvider(http: http, baseURL: fake.baseURL, key: key, locale: locale), diagnostics: diagnostics)
    }

    @Test func theRequestBodyFieldByField() async throws {
        let fake = try FakeGooglePlaces()
        let client = Self.client(fake, locale: GoogleLocale(languageCode: "fi", regionCode: "FI"))
        let session = try AutocompleteSession(token: "3519edfe-0f75-4a30-bfe4-7cbd89340b2c")
        _ = try await client.autocomplete(
            .init(
                input: "sush", center: Self.kamppi, radiusMeters: 1500, categories: [.restaurant, .cafe],
                includeQueries: true), session: session)
        let sent = try #require(fake.requests.last)
        #expect(sent.method == "POST" && sent.path == "/v1/places:autocomplete")
        #expect(sent.header("X-Goog-Api-Key") == Self.key && sent.header("X-Goog-FieldMask") == nil)
        #expect(sent.header("Content-Type") == "application/json")
        let body = try #require(sent.json)
        #expect(
            Set(body.keys) == [
                "input", "locationRestriction", "origin", "includedPrimaryTypes", "languageCode", "regionCode",
                "includeQueryPredictions", "sessionToken",
            ])
        #expect(body["input"] as? String == "sush")
        let circle = try #require((body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 1500)
        #expect(circle["center"] as? [String: Double] == ["latitude": 60.169, "longitude": 24.932])
        #expect(body["origin"] as? [String: Double] == ["latitude": 60.169, "longitude": 24.932])
        #expect(body["includedPrimaryTypes"] as? [String] == ["restaurant", "cafe", "coffee_shop"])
        #expect(body["languageCode"] as? String == "fi" && body["regionCode"] as? String == "FI")
        #expect(body["includeQueryPredictions"] as? Bool == true)
        #expect(body["sessionToken"] as? String == "3519edfe-0f75-4a30-bfe4-7cbd89340b2c")
        // The key goes in its header only.
        #expect(!sent.target.contains(Self.key) && !String(decoding: sent.body, as: UTF8.self).contains(Self.key))
    }

    @Test func withoutARadiusTheCentreBiasesAndWithoutOneNothingIsSentButTheInput() async throws {
        let fake = try FakeGooglePlaces()
        let client = Self.client(fake)
        _ = try await client.autocomplete(.init(input: "kah", center: Self.kamppi))
        let biased = try #require(fake.requests.last?.json)
        #expect(Set(biased.keys) == ["input", "locationBias", "origin"])
        let circle = try #require((biased["locationBias"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == GoogleRequestBuilder.biasRadius)
        _ = try await client.autocomplete(.init(input: "kah"))
        #expect(try #require(fake.requests.last?.json).keys.sorted() == ["input"])
    }

    @Test func predictionsCarryIdsTextsMatchesAndDistances() async throws {
        let fake = try FakeGooglePlaces()
        let predictions = try await Self.client(fake).autocomplete(
            .init(input: "sush", center: Self.kamppi, limit: 10, includeQueries: true))
        let places = predictions.filter { $0.kind == .place }
        #expect(!places.isEmpty && places.count <= 5)
        for place in places {
            let id = try #require(place.id)
            #expect(id.provider == .google && id.rawID.hasPrefix("ChIJ"))
            #expect(place.text.hasPrefix(place.mainText + ", ") && place.secondaryText != nil)
            #expect(
                AutocompleteWords.matches(input: AutocompleteWords.words(of: "sush"), name: AutocompleteWords.words(of: place.mainText)))
            let distance = try #require(place.distanceMeters)
            #expect(distance >= 0 && distance < 50_000)
            // The match starts where a word starts with "sush" (a zero start comes without startOffset).
            let match = try #require(place.mainTextMatches.first)
            let scalars = Array(place.mainText.unicodeScalars)
            #expect(match.count == 4 && String(String.UnicodeScalarView(scalars[match])).lowercased() == "sush")
        }
        let query = try #require(predictions.last)
        #expect(query.kind == .query && query.id == nil && query.text == "sush restaurants" && query.mainTextMatches == [0..<4])
    }

    @Test func theSessionTokenIsCarriedIntoDetailsWhichEndsIt() async throws {
        let fake = try FakeGooglePlaces()
        let client = Self.client(fake)
        let session = AutocompleteSession()
        for typed in ["s", "su", "sus", "sush"] {
            _ = try await client.autocomplete(.init(input: typed, center: Self.kamppi), session: session)
        }
        let picked = try #require(try await client.autocomplete(.init(input: "sushi", center: Self.kamppi), session: session).first?.id)
        let venue = try await client.details(picked, session: session)
        #expect(venue.id == picked && session.hasEnded && session.requestCount == 5)
        let tokens = fake.requests.filter { $0.method == "POST" }.compactMap { $0.json?["sessionToken"] as? String }
        #expect(tokens == Array(repeating: session.token, count: 5))
        let details = try #require(fake.requests.last)
        #expect(details.method == "GET" && details.path == "/v1/places/\(picked.rawID)")
        #expect(details.query["sessionToken"] == session.token)
        #expect(details.header("X-Goog-FieldMask") != nil)
        // An ended session is refused before anything is sent: reusing the token would bill each request.
        let sent = fake.requests.count
        await #expect(throws: PlacesError.self) { try await client.autocomplete(.init(input: "sushi"), session: session) }
        await #expect(throws: PlacesError.self) { try await client.details(picked, session: session) }
        #expect(fake.requests.count == sent)
        // Details without a session sends no token.
        _ = try await client.details(picked)
        #expect(fake.requests.last?.query["sessionToken"] == nil)
    }

    @Test func theDetailsThatEndsASessionSaysHowTheSessionIsBilled() throws {
        let builder = GoogleRequestBuilder(baseURL: "https://places.googleapis.com", key: Self.key, wording: .library)
        let pro = try builder.details(placeID: "ChIJ1", mask: GoogleFieldMask(fields: [.id, .name], method: .details), sessionToken: "tok")
        #expect(pro.url.query == "sessionToken=tok")
        #expect(pro.annotations.contains { $0.contains("every autocomplete request of the session is free") })
        // A venue needs its name (displayName, Pro): a session this tool ends is always free. The other rungs as Google words them:
        #expect(GoogleFieldMask(fields: [], method: .details).tier == .pro)
        #expect(GoogleAutocompleteBilling.endingNote(detailsTier: .essentials).contains("first 12 autocomplete requests stay billed"))
        #expect(GoogleAutocompleteBilling.endingNote(detailsTier: .essentialsIDsOnly).contains("abandoning"))
        let lone = try builder.autocomplete(.init(input: "x"), types: [], sessionToken: nil)
        #expect(lone.annotations == [GoogleAutocompleteBilling.autocompleteNote(sessionToken: nil)])
        #expect(lone.annotations[0].contains("every request is billed on its own"))
        #expect(lone.billing?.sku == "Autocomplete Requests" && lone.billing?.rung.argument == "essentials")
        #expect(lone.header("X-Goog-FieldMask") == nil)
    }

    @Test func errorsAreMappedAndNeverShowTheKey() async throws {
        let fake = try FakeGooglePlaces()
        do {
            _ = try await Self.client(fake, key: FakeGooglePlaces.invalidKey).autocomplete(.init(input: "sush"))
            Issue.record("an invalid key was accepted")
        } catch let error as PlacesError {
            guard case .apiKeyRejected(.googlePlaces, _) = error else { Issue.record("\(error)"); return }
        }
        await #expect(throws: PlacesError.missingAPIKey(.googlePlaces)) {
            try await Self.client(fake, key: "").autocomplete(.init(input: "sush"))
        }
        // A refusal that quotes the request (and so the key) is scrubbed.
        let echo = try FakeGooglePlaces { request in
            FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "bad request with key \(request.header("X-Goog-Api-Key") ?? "")")
        }
        do {
            _ = try await Self.client(echo).autocomplete(.init(input: "sush"))
            Issue.record("a 400 was accepted")
        } catch let error as PlacesError {
            guard case .requestRejected = error else { Issue.record("\(error)"); return }
            #expect(!error.message.contains(Self.key) && !"\(error)".contains(Self.key) && !String(reflecting: error).contains(Self.key))
        }
    }

    @Test func hostileNumbersAndShapesAreCheckedBeforeUse() async throws {
        let body = """
            {"suggestions": [
              {"placePrediction": {"placeId": "ChIJgood", "text": {"text": "Good, Street 1", "matches": [{"endOffset": 4}, {"startOffset": 3, "endOffset": 99}, {"startOffset": 1e300, "endOffset": 2}]},
                                   "structuredFormat": {"mainText": {"text": "Good", "matches": [{"endOffset": 2}]}}, "distanceMeters": 1e12}},
              {"placePrediction": {"text": {"text": "No id"}}},
              {"placePrediction": {"placeId": "a/b", "text": {"text": "Slash"}}},
              {"queryPrediction": {"text": {"text": "good food"}}},
              {}
            ]}
            """
        let fake = try FakeGooglePlaces { _ in .json(200, body) }
        let notes = Notes()
        let predictions = try await Self.client(fake, notes: notes).autocomplete(.init(input: "goo", includeQueries: true))
        #expect(predictions.map(\.text) == ["Good, Street 1", "good food"])
        #expect(predictions[0].distanceMeters == nil && predictions[0].mainTextMatches == [0..<2])
        #expect(notes.all.contains { $0.contains("3 suggestions without a usable place id") })
        #expect(notes.all.contains { $0.contains("out of range") })
        let empty = try FakeGooglePlaces { _ in .json(200, "{}") }
        #expect(try await Self.client(empty).autocomplete(.init(input: "zzzz")).isEmpty)
        let broken = try FakeGooglePlaces { _ in .json(200, "{\"suggestions\": 7}") }
        await #expect(throws: PlacesError.self) { try await Self.client(broken).autocomplete(.init(input: "x")) }
    }

    @Test func whatNoProviderCanAnswerIsRefusedBeforeAnythingIsSent() async throws {
        let fake = try FakeGooglePlaces()
        let client = Self.client(fake)
        for bad in [
            AutocompleteRequest(input: "  --  "), .init(input: "x", radiusMeters: 10),
            .init(input: "x", center: Self.kamppi, radiusMeters: 0),
            .init(input: "x", center: Self.kamppi, radiusMeters: 50_001), .init(input: "x", limit: 0), .init(input: "x", limit: 51),
            .init(input: "x", categories: [.restaurant, .cafe, .bar, .pub, .bakery]),
        ] {
            await #expect(throws: PlacesError.self, "\(bad)") { try await client.autocomplete(bad) }
        }
        #expect(fake.requests.isEmpty)
        let overpass = PlacesClient(source: .overpass())
        do {
            _ = try await overpass.autocomplete(.init(input: "sushi"))
            Issue.record("Overpass autocompleted")
        } catch let error as PlacesError {
            #expect(error.message.contains("google, foursquare, osm"))
        }
    }
}
