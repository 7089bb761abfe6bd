import Foundation
import Testing

@testable import PlacesCore

/// The `google` provider through the binary, against `FakeGooglePlaces` over loopback.
@Suite("End to end: Google Places (New)")
struct GooglePlacesEndToEndTests {
    /// A canary key: it must appear in no stdout, stderr, fixture or error message.
    let canary = "CANARY-google-\(UUID().uuidString.prefix(8))"

    func env(_ fake: FakeGooglePlaces, key: String? = nil, extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = key ?? canary
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        env.merge(extra) { $1 }
        return env
    }

    func run(_ fake: FakeGooglePlaces, _ args: [String], key: String? = nil) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env(fake, key: key))
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "the key leaked: \(r)")
        return r
    }

    @Test func nearbySendsTheDocumentedRequestWithAProMask() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--type", "restaurant", "--limit", "5", "--json", "--include-closed"])
        #expect(r.status == 0, "\(r)")
        let request = try #require(fake.requests.first)
        #expect(fake.requests.count == 1)
        #expect(request.method == "POST" && request.path == "/v1/places:searchNearby")
        #expect(request.header("X-Goog-Api-Key") == canary)
        #expect(!request.target.contains(canary), "the key must never be in the URL")
        #expect(request.header("Content-Type") == "application/json")
        #expect(
            request.header("X-Goog-FieldMask")
                == "places.id,places.displayName,places.location,places.formattedAddress,places.types,places.googleMapsUri,places.businessStatus"
        )
        let body = try #require(request.json)
        #expect(body["includedTypes"] as? [String] == ["restaurant"])
        #expect(body["maxResultCount"] as? Int == 5)
        #expect(body["rankPreference"] as? String == "DISTANCE")
        let circle = try #require((body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 1000)
        #expect((circle["center"] as? [String: Double])?["latitude"] == 60.16952)

        let venues = try JSONHelpers.array(r.stdout)
        try #require(venues.count == 5)
        #expect(venues.allSatisfy { ($0["id"] as? String)?.hasPrefix("google:ChIJ") == true && $0["provider"] as? String == "google" })
        let distances = venues.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances == distances.sorted() && distances.count == 5)
        #expect((venues[0]["mapsUrl"] as? String)?.hasPrefix("https://maps.google.com/?cid=") == true)
        #expect(venues.allSatisfy { ($0["categories"] as? [String])?.contains("restaurant") == true })
        #expect(venues[0]["rating"] == nil, "rating was not asked for, so it is not a key")
    }

    @Test func costlyFieldsJoinTheMaskOnlyWhenAsked() throws {
        let fake = try FakeGooglePlaces()
        let exact = try run(fake, ["nearby", "--near", "Helsinki", "--fields", "id,name,distanceMeters", "--json"])
        #expect(exact.status == 0, "\(exact)")
        #expect(fake.requests.last?.header("X-Goog-FieldMask") == "places.id,places.displayName,places.location,places.businessStatus")

        let rich = try run(
            fake,
            [
                "nearby", "--near", "Helsinki", "--type", "cafe", "--fields", "+rating,+ratingCount,+priceLevel,+openNow,+phone,+website",
                "--json",
            ])
        #expect(
            fake.requests.last?.header("X-Goog-FieldMask")
                == "places.id,places.displayName,places.location,places.formattedAddress,places.types,places.googleMapsUri,places.rating,places.userRatingCount,places.priceLevel,places.currentOpeningHours,places.internationalPhoneNumber,places.websiteUri,places.businessStatus"
        )
        let venues = try JSONHelpers.array(rich.stdout)
        #expect(!venues.isEmpty)
        #expect(venues.allSatisfy { ($0["rating"] as? Double).map { (0...5).contains($0) } == true })
        #expect(venues.contains { ($0["priceLevel"] as? Int).map { (1...4).contains($0) } == true })
        #expect(venues.contains { $0["priceLevel"] is NSNull }, "a place without a price level is null, not 0")
        #expect(venues.allSatisfy { $0["openNow"] is Bool })

        // A flag that needs a field fetches it, but does not print it as a JSON key.
        let sorted = try run(fake, ["nearby", "--near", "Helsinki", "--sort", "rating", "--json"])
        #expect(fake.requests.last?.header("X-Goog-FieldMask")?.contains("places.rating") == true)
        #expect(fake.requests.last?.json?["rankPreference"] as? String == "POPULARITY")
        let ratings = try JSONHelpers.array(sorted.stdout)
        #expect(ratings.allSatisfy { $0["rating"] == nil })
    }

    @Test func nearbyOverTwentyGivesTwentyAndANote() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--limit", "50", "--radius", "3000", "--json", "--include-closed"])
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.first?.json?["maxResultCount"] as? Int == 20)
        #expect(try JSONHelpers.array(r.stdout).count == 20)
        #expect(r.stderr.contains("at most 20"))
    }

    @Test func searchTextPagesWithTheTokenAndKeepsOnlyTheCircle() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["search", "restaurant", "--near", "Helsinki", "--radius", "3000", "--limit", "30", "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.count == 2)
        let first = try #require(fake.requests.first?.json), second = try #require(fake.requests.last?.json)
        #expect(fake.requests.first?.header("X-Goog-FieldMask")?.hasSuffix(",nextPageToken") == true)
        #expect(first["pageToken"] == nil)
        #expect((second["pageToken"] as? String)?.hasPrefix("AeCrK-20-") == true)
        var rest = second
        rest.removeValue(forKey: "pageToken")
        #expect(NSDictionary(dictionary: rest).isEqual(to: first), "all parameters but the token must repeat")
        #expect(first["pageSize"] as? Int == 20)
        let rect = try #require((first["locationRestriction"] as? [String: Any])?["rectangle"] as? [String: [String: Double]])
        #expect((rect["low"]?["latitude"] ?? 90) < 60.16952 && (rect["high"]?["latitude"] ?? -90) > 60.16952, "\(rect)")
        let venues = try JSONHelpers.array(r.stdout)
        #expect(venues.count == 30)
        #expect(venues.allSatisfy { ($0["distanceMeters"] as? Double ?? .infinity) <= 3000 })
    }

    @Test func searchWithoutRadiusBiasesWithACircle() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["search", "sushi", "--near", "Helsinki", "--open-now", "--min-rating", "4.2", "--price", "1-2", "--json"])
        #expect(r.status == 0, "\(r)")
        let body = try #require(fake.requests.first?.json)
        #expect(body["locationRestriction"] == nil)
        #expect(((body["locationBias"] as? [String: Any])?["circle"] as? [String: Any])?["radius"] as? Double == 1000)
        #expect(body["openNow"] as? Bool == true)
        #expect(body["minRating"] as? Double == 4.0)
        #expect(body["priceLevels"] as? [String] == ["PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE"])
        #expect(body["textQuery"] as? String == "sushi")
    }

    @Test func detailsUsesABareMaskAndGivesHoursAndKeylessPhotoURLs() throws {
        let fake = try FakeGooglePlaces()
        let id = try #require(
            FakeGooglePlaces.places.first { ($0["displayName"] as! [String: Any])["text"] as? String == "Loiste" }?["id"] as? String)
        let r = try run(fake, ["details", "google:\(id)", "--fields", "+phone,+website,+openingHours,+photos", "--json"])
        #expect(r.status == 0, "\(r)")
        let request = try #require(fake.requests.first)
        #expect(request.method == "GET" && request.path == "/v1/places/\(id)")
        let mask = try #require(request.header("X-Goog-FieldMask"))
        #expect(!mask.contains("places."))
        #expect(mask.contains("currentOpeningHours") && mask.contains("photos"))
        let venue = try JSONHelpers.object(r.stdout)
        #expect(venue["name"] as? String == "Loiste")
        #expect((venue["openingHours"] as? [String])?.count == 7)
        let photo = try #require((venue["photos"] as? [String])?.first)
        #expect(photo.hasPrefix(fake.baseURL + "/v1/places/\(id)/photos/") && photo.hasSuffix("/media?maxWidthPx=1600"))
        #expect(!photo.contains("key="))
        let table = try run(fake, ["details", "google:\(id)", "--fields", "+openingHours"])
        #expect(table.stdout.contains("Hours") && table.stdout.contains("Monday:"))
    }

    @Test func unknownPlaceIs66() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["details", "google:ChIJdoesnotexist"])
        #expect(r.status == 66, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("google:ChIJdoesnotexist"))
    }

    @Test func keysMissingInvalidAndRefusedAre77WithAdvice() throws {
        let fake = try FakeGooglePlaces()
        var env = self.env(fake)
        env.removeValue(forKey: "GOOGLE_MAPS_API_KEY")
        let missing = try PlacesBinary.run(["nearby", "--provider", "google", "--near", "Helsinki"], environment: env)
        #expect(missing.status == 77 && missing.errorLines.first?.contains("set GOOGLE_MAPS_API_KEY") == true, "\(missing)")
        #expect(fake.requests.isEmpty, "no request without a key")

        let invalid = try run(fake, ["nearby", "--near", "Helsinki"], key: FakeGooglePlaces.invalidKey)
        #expect(invalid.status == 77, "\(invalid)")
        #expect(
            invalid.errorLines.first?.contains(
                "Google Places rejected the key (400 INVALID_ARGUMENT, API_KEY_INVALID): check GOOGLE_MAPS_API_KEY") == true, "\(invalid)")
        let revoked = try run(fake, ["nearby", "--near", "Helsinki"], key: FakeGooglePlaces.revokedKey)
        #expect(revoked.status == 77, "\(revoked)")
        #expect(
            revoked.errorLines.first?.contains(
                "(403 PERMISSION_DENIED, SERVICE_DISABLED): check GOOGLE_MAPS_API_KEY and that Places API (New) is enabled for its project")
                == true, "\(revoked)")
    }

    @Test func typeGoogleLacksIsUsageBeforeAnyRequest() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--type", "bicycle_rental"])
        #expect(r.status == 64 && r.errorLines.count == 1, "\(r)")
        #expect(r.errorLines.first?.contains("no Google Places equivalent") == true, "\(r)")
        #expect(fake.requests.isEmpty)
        let far = try run(fake, ["nearby", "--near", "Helsinki", "--radius", "50001"])
        #expect(far.status == 64 && far.errorLines.first?.contains("over google's limit of 50000 m") == true, "\(far)")
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let exit: Int32
        let attempts: Int
        let fragment: String
        var testDescription: String { "HTTP \(status) → \(exit)" }
    }

    @Test(arguments: [
        StatusCase(status: 400, exit: 64, attempts: 1, fragment: "refused the request (400 INVALID_ARGUMENT)"),
        StatusCase(status: 404, exit: 66, attempts: 1, fragment: "no such place"),
        StatusCase(status: 429, exit: 75, attempts: 3, fragment: "rate-limited"),
        StatusCase(status: 500, exit: 69, attempts: 3, fragment: "failed with 500"),
        StatusCase(status: 503, exit: 69, attempts: 3, fragment: "failed with 503"),
    ])
    func errorStatusesMapToExitCodes(_ c: StatusCase) throws {
        let status = ["400": "INVALID_ARGUMENT", "404": "NOT_FOUND", "429": "RESOURCE_EXHAUSTED", "500": "INTERNAL", "503": "UNAVAILABLE"][
            "\(c.status)"]!
        let fake = try FakeGooglePlaces { _ in FakeGooglePlaces.error(c.status, status, "simulated", reason: nil) }
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--retries", "2"])
        #expect(r.status == c.exit, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains(c.fragment), "\(r)")
        #expect(fake.requests.count == c.attempts)
        #expect(r.stdout.isEmpty)
    }

    @Test func rateLimitWithRetryAfterThenSuccess() throws {
        let count = LockedCounter()
        let fake = try FakeGooglePlaces { _ in
            count.next() == 1
                ? .json(429, "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\"}}", headers: [("Retry-After", "1")]) : nil
        }
        let started = Date()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(Date().timeIntervalSince(started) >= 0.9, "Retry-After: 1 was not honoured")
        #expect(fake.requests.count == 2)
        #expect(r.stderr.contains("answered 429; retrying in 1.0 s"))
        #expect(try !JSONHelpers.array(r.stdout).isEmpty)
        let long = try FakeGooglePlaces { _ in .json(429, "{}", headers: [("Retry-After", "3600")]) }
        let refused = try run(long, ["nearby", "--near", "Helsinki"])
        #expect(refused.status == 75 && refused.errorLines.first?.contains("asks to wait 3600 s") == true, "\(refused)")
        #expect(long.requests.count == 1)
    }

    @Test func stalledTruncatedAndMalformedAnswers() throws {
        // The fake would answer after 30 s; a timeout error shows the client kept its own deadline.
        let stalled = try FakeGooglePlaces { _ in .stall(seconds: 30) }
        let started = Date()
        let timeout = try run(stalled, ["nearby", "--near", "Helsinki", "--timeout", "0.5", "--retries", "1"])
        #expect(timeout.status == 69 && timeout.errorLines.first?.contains("did not answer in time (2 attempts)") == true, "\(timeout)")
        #expect(stalled.requests.count == 2)
        #expect(Date().timeIntervalSince(started) >= 1.0, "two 0.5 s attempts cannot end sooner")

        let truncated = try FakeGooglePlaces { _ in .truncated(status: 200, declaredLength: 5000, body: Data("{\"places\":[{\"id\":".utf8))
        }
        let cut = try run(truncated, ["nearby", "--near", "Helsinki", "--retries", "0"])
        #expect(cut.status == 69 && cut.errorLines.count == 1, "\(cut)")

        for body in ["not json at all", "{\"places\": 5}", "{\"places\": [{\"id\": 7}]}"] {
            let bad = try FakeGooglePlaces { _ in .json(200, body) }
            let r = try run(bad, ["nearby", "--near", "Helsinki"])
            #expect(r.status == 65, "\(body): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains("Google Places answered with a body that cannot be read"), "\(r)")
        }
    }

    @Test func dryRunSendsNothingAndShowsTheTier() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--type", "restaurant", "--dry-run"])
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.isEmpty)
        #expect(r.stdout.hasPrefix("POST \(fake.baseURL)/v1/places:searchNearby\n"))
        #expect(r.stdout.contains("X-Goog-Api-Key: REDACTED"))
        #expect(r.stdout.contains("# billed as Nearby Search Pro"))
        var env = self.env(fake)
        env.removeValue(forKey: "GOOGLE_MAPS_API_KEY")
        let keyless = try PlacesBinary.run(
            ["search", "pizza", "--provider", "google", "--fields", "+rating", "--dry-run"], environment: env)
        #expect(keyless.status == 0 && keyless.stdout.contains("# billed as Text Search Enterprise (set by: rating)"), "\(keyless)")
    }

    /// `photos` is asked for only when printed: not by details' default, nor by --fields all.
    @Test func detailsAsksForPhotosOnlyWhenTheyArePrinted() throws {
        let fake = try FakeGooglePlaces()
        func mask(_ extra: [String]) throws -> String {
            let r = try run(fake, ["details", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "--dry-run"] + extra)
            #expect(r.status == 0, "\(r)")
            return try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("X-Goog-FieldMask: ") }.map(String.init), "\(r)")
        }
        #expect(try mask([]) == "X-Goog-FieldMask: id,displayName,location,formattedAddress,types,googleMapsUri,businessStatus")
        #expect(try !mask(["--fields", "all"]).contains("photos"))
        #expect(try !mask(["--fields", "all", "--json"]).contains("photos"))
        #expect(try mask(["--fields", "+photos"]).hasSuffix(",photos,businessStatus"))
        #expect(try mask(["--fields", "id,photos"]) == "X-Goog-FieldMask: id,displayName,location,photos,businessStatus")
        #expect(fake.requests.isEmpty)
    }

    @Test func recordThenReplayReproducesStdoutWithoutNetworkOrKey() throws {
        let fake = try FakeGooglePlaces()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["search", "pizza", "--provider", "google", "--near", "Helsinki", "--radius", "2000", "--fields", "+rating,+openNow"]
        let recorded = try run(fake, args + ["--record", dir.path])
        #expect(recorded.status == 0, "\(recorded)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == fake.requests.count && !files.isEmpty)
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(canary), "\(file) holds the key")
        }
        fake.server.stop()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_GOOGLE_PLACES_URL"] = "http://127.0.0.1:1"
        let replayed = try PlacesBinary.run(args + ["--replay", dir.path], environment: env)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
        let miss = try PlacesBinary.run(
            ["search", "kebab", "--provider", "google", "--near", "Helsinki", "--replay", dir.path], environment: env)
        #expect(miss.status == 66 && miss.errorLines.first?.contains("replay: no recorded exchange in ") == true, "\(miss)")
    }
}

/// A thread-safe counter for fake servers that change their answer over time.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}
