import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract

/// The `foursquare` provider through the binary, against `FakeFoursquare` over loopback.
@Suite("End to end: Foursquare Places")
struct FoursquareEndToEndTests {
    /// A canary key: it must appear in no stdout, stderr, fixture or error message.
    let canary = "CANARY-fsq-\(UUID().uuidString.prefix(8))"

    func env(_ fake: FakeFoursquare, key: String? = nil) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["FOURSQUARE_API_KEY"] = key ?? canary
        env["PLACES_FOURSQUARE_URL"] = fake.baseURL
        return env
    }

    func run(_ fake: FakeFoursquare, _ args: [String], key: String? = nil) throws -> PlacesBinary.Result {
        let provider = args.contains("--provider") || args.first == "details" ? [] : ["--provider", "foursquare"]
        let r = try PlacesBinary.run(args + provider, environment: env(fake, key: key))
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "the key leaked: \(r)")
        return r
    }

    @Test func nearbySendsTheDocumentedRequestWithProFieldsOnly() throws {
        let fake = try FakeFoursquare()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--type", "restaurant", "--limit", "5", "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.count == 1)
        let request = try #require(fake.requests.first)
        #expect(request.method == "GET" && request.path == "/places/search")
        #expect(request.header("Authorization") == "Bearer \(canary)")
        #expect(request.header("X-Places-Api-Version") == "2025-06-17")
        #expect(request.header("Accept") == "application/json")
        #expect(!request.target.contains(canary), "the key must never be in the URL")
        #expect(
            request.query == [
                "ll": "60.16952,24.93545", "radius": "1000", "fsq_category_ids": "4d4b7105d754a06374d81259",
                // A full page: places closed for good are left out afterwards, and a call costs the same.
                "sort": "DISTANCE", "limit": "50", "fields": "fsq_place_id,name,latitude,longitude,date_closed,location,categories",
            ])

        let venues = try JSONHelpers.array(r.stdout)
        try #require(venues.count == 5)
        #expect(venues.allSatisfy { ($0["id"] as? String)?.hasPrefix("foursquare:") == true && $0["provider"] as? String == "foursquare" })
        let distances = venues.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances.count == 5 && distances == distances.sorted())
        #expect(venues.allSatisfy { ($0["categories"] as? [String])?.contains("restaurant") == true })
        #expect(venues.allSatisfy { ($0["mapsUrl"] as? String)?.hasPrefix("https://www.google.com/maps/search/?api=1&query=") == true })
        #expect(venues.allSatisfy { ($0["address"] as? String)?.hasSuffix("Helsinki") == true })
        #expect(venues[0]["rating"] == nil, "rating was not asked for, so it is not a key")
    }

    @Test func premiumFieldsAreNamedOnlyWhenAFieldOrFlagNeedsThem() throws {
        let fake = try FakeFoursquare()
        _ = try run(fake, ["nearby", "--near", "Helsinki", "--fields", "id,name,distanceMeters", "--json"])
        #expect(fake.requests.last?.query["fields"] == "fsq_place_id,name,latitude,longitude,date_closed")

        let rich = try run(
            fake,
            [
                "nearby", "--near", "Helsinki", "--type", "cafe", "--limit", "40",
                "--fields", "+rating,+priceLevel,+openNow,+phone,+website", "--json",
            ])
        #expect(rich.status == 0, "\(rich)")
        #expect(
            fake.requests.last?.query["fields"]
                == "fsq_place_id,name,latitude,longitude,date_closed,location,categories,tel,website,rating,price,hours"
        )
        #expect(fake.requests.last?.query["fsq_category_ids"] == "63be6904847c3692a84b9bb6")
        let venues = try JSONHelpers.array(rich.stdout)
        #expect(venues.count > 10)
        for venue in venues {
            let id = String(try #require(venue["id"] as? String).dropFirst("foursquare:".count))
            let wire = try #require(FakeFoursquare.places.first { $0.id == id }?.wire)
            #expect(venue["rating"] as? Double == (wire["rating"] as! Double) / 2, "0–10 is halved")
            #expect(venue["priceLevel"] as? Int == wire["price"] as? Int)
            #expect(venue["openNow"] as? Bool == (wire["hours"] as! [String: Any])["open_now"] as? Bool)
            if (wire["website"] as! String).isEmpty { #expect(venue["website"] is NSNull, "\"\" is unknown, not a website") }
            #expect(venue["cuisines"] is [String])
        }
        #expect(venues.contains { $0["priceLevel"] is NSNull }, "a place without a price is null, not 0")
        #expect(venues.contains { $0["website"] is NSNull } && venues.contains { $0["website"] is String })

        let sorted = try run(fake, ["nearby", "--near", "Helsinki", "--sort", "rating", "--json"])
        #expect(fake.requests.last?.query["sort"] == "RATING")
        #expect(fake.requests.last?.query["fields"]?.hasSuffix(",rating") == true)
        #expect(try JSONHelpers.array(sorted.stdout).allSatisfy { $0["rating"] == nil }, "fetched for a flag, not printed as a key")

        _ = try run(fake, ["nearby", "--near", "Helsinki", "--open-now", "--price", "2-3"])
        let filters = try #require(fake.requests.last?.query)
        #expect(filters["open_now"] == "true" && filters["min_price"] == "2" && filters["max_price"] == "3")
        #expect(filters["fields"]?.hasSuffix(",price,hours") == true)
        _ = try run(fake, ["nearby", "--near", "Helsinki", "--price", "0-2"])
        #expect(fake.requests.last?.query["min_price"] == nil && fake.requests.last?.query["max_price"] == "2", "free cannot be asked for")
    }

    @Test func pagingFollowsTheLinkHeaderUntilTheLimit() throws {
        let fake = try FakeFoursquare()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--limit", "120", "--json"])
        #expect(r.status == 0, "\(r)")
        let requests = fake.requests
        try #require(requests.count == 3, "50 + 50 + 20 needs three pages")
        #expect(requests[0].query["limit"] == "50" && requests[0].query["cursor"] == nil)
        #expect(requests[1].query["cursor"]?.hasPrefix("50-") == true)
        #expect(requests[2].query["cursor"]?.hasPrefix("100-") == true)
        for page in requests.dropFirst() {
            #expect(page.header("Authorization") == "Bearer \(canary)" && page.header("X-Places-Api-Version") == "2025-06-17")
            var rest = page.query
            rest.removeValue(forKey: "cursor")
            #expect(rest == requests[0].query, "the Link URL repeats every parameter")
        }
        let venues = try JSONHelpers.array(r.stdout)
        #expect(venues.count == 120)
        #expect(Set(venues.compactMap { $0["id"] as? String }).count == 120)
        let distances = venues.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 1000 })
    }

    @Test func aNextLinkToAnotherHostIsRefusedAndARelativeOneIsFollowed() throws {
        let evil = try FakeFoursquare { request in
            guard case .respond(let status, var headers, let body) = FakeFoursquare.answer(request, places: FakeFoursquare.places) else {
                return nil
            }
            headers = headers.map { $0.0 == "Link" ? ("Link", "<https://attacker.example/places/search?cursor=50-x>; rel=\"next\"") : $0 }
            return .respond(status: status, headers: headers, body: body)
        }
        let refused = try run(evil, ["nearby", "--near", "Helsinki", "--limit", "60"])
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.errorLines.count == 1 && refused.errorLines[0].contains("points to https://attacker.example/places/search")
                && refused.errorLines[0].contains("not followed"), "\(refused)")
        #expect(evil.requests.count == 1, "the cursor was not followed")

        let relative = try FakeFoursquare { request in
            guard case .respond(let status, var headers, let body) = FakeFoursquare.answer(request, places: FakeFoursquare.places) else {
                return nil
            }
            headers = headers.map {
                $0.0 == "Link" ? ("Link", $0.1.replacingOccurrences(of: "http://\(request.header("Host")!)", with: "")) : $0
            }
            return .respond(status: status, headers: headers, body: body)
        }
        let followed = try run(relative, ["nearby", "--near", "Helsinki", "--limit", "60", "--json"])
        #expect(followed.status == 0, "\(followed)")
        #expect(relative.requests.count == 2 && relative.requests[1].query["cursor"] != nil)
        #expect(try JSONHelpers.array(followed.stdout).count == 60)
    }

    @Test func searchSendsTheQueryAndGroupsByCuisine() throws {
        let fake = try FakeFoursquare()
        let r = try run(
            fake, ["search", "restaurant", "--near", "Helsinki", "--radius", "2000", "--limit", "60", "--group-by", "cuisine", "--json"])
        #expect(r.status == 0, "\(r)")
        let first = try #require(fake.requests.first?.query)
        #expect(first["query"] == "restaurant" && first["sort"] == "RELEVANCE" && first["radius"] == "2000")
        #expect(first["fields"] == "fsq_place_id,name,latitude,longitude,date_closed,location,categories")
        let groups = try JSONHelpers.array(r.stdout)
        let names = groups.compactMap { $0["cuisine"] as? String }
        #expect(names.contains("sushi") && names.contains("italian"), "\(names)")
        #expect(names.last == "other")
        let sushi = try #require(groups.first { $0["cuisine"] as? String == "sushi" }?["restaurants"] as? [[String: Any]])
        #expect(sushi.allSatisfy { ($0["categories"] as? [String])?.contains("restaurant") == true })

        let noCentre = try run(fake, ["search", "sushi", "--json"])
        #expect(noCentre.status == 0, "\(noCentre)")
        #expect(fake.requests.last?.query["ll"] == nil && fake.requests.last?.query["radius"] == nil)
        #expect(try JSONHelpers.array(noCentre.stdout).allSatisfy { $0["distanceMeters"] is NSNull })
    }

    @Test func detailsAsksForOnePlaceAndItsHours() throws {
        let fake = try FakeFoursquare()
        let place = try #require(FakeFoursquare.places.first { $0.wire["tel"] != nil && ($0.wire["website"] as! String).isEmpty })
        let r = try run(fake, ["details", "foursquare:\(place.id)", "--fields", "+phone,+website,+openingHours,+openNow", "--json"])
        #expect(r.status == 0, "\(r)")
        let request = try #require(fake.requests.first)
        #expect(request.path == "/places/\(place.id)")
        #expect(request.query["fields"] == "fsq_place_id,name,latitude,longitude,date_closed,location,categories,tel,website,hours")
        let venue = try JSONHelpers.object(r.stdout)
        #expect(venue["id"] as? String == "foursquare:\(place.id)" && venue["name"] as? String == place.name)
        #expect(venue["phone"] as? String == place.wire["tel"] as? String)
        #expect(venue["website"] is NSNull)
        #expect((venue["openingHours"] as? [String])?.first?.hasPrefix("Mon-Sun ") == true)
        #expect(venue["distanceMeters"] is NSNull)

        let unknown = try run(fake, ["details", "foursquare:000000000000000000000000"])
        #expect(
            unknown.status == 66 && unknown.errorLines.count == 1
                && unknown.errorLines[0].contains("Foursquare has no place foursquare:000000000000000000000000"), "\(unknown)")
    }

    @Test func keysMissingInvalidAndFromTheV3APIAre77WithAdvice() throws {
        let fake = try FakeFoursquare()
        var noKey = env(fake)
        noKey.removeValue(forKey: "FOURSQUARE_API_KEY")
        let missing = try PlacesBinary.run(["nearby", "--provider", "foursquare", "--near", "Helsinki"], environment: noKey)
        #expect(missing.status == 77 && missing.errorLines.first?.contains("set FOURSQUARE_API_KEY") == true, "\(missing)")
        #expect(fake.requests.isEmpty, "no request without a key")

        let invalid = try run(fake, ["nearby", "--near", "Helsinki"], key: FakeFoursquare.invalidKey)
        #expect(invalid.status == 77 && invalid.errorLines.count == 1, "\(invalid)")
        #expect(
            invalid.errorLines.first?.contains("Foursquare rejected the key (401): check FOURSQUARE_API_KEY: it must be a Service API Key")
                == true, "\(invalid)")
        let legacy = try run(fake, ["nearby", "--near", "Helsinki"], key: FakeFoursquare.legacyKey)
        #expect(legacy.status == 77 && legacy.errorLines.first?.contains("like a key of the retired v3 API") == true, "\(legacy)")
        #expect(!legacy.stderr.contains(FakeFoursquare.legacyKey))
        #expect(fake.requests.last?.header("Authorization") == "Bearer \(FakeFoursquare.legacyKey)")
    }

    @Test func radiusOverTheLimitIsUsageBeforeAnyRequestAndEveryTypeHasAnID() throws {
        let fake = try FakeFoursquare()
        let far = try run(fake, ["nearby", "--near", "Helsinki", "--radius", "100001"])
        #expect(far.status == 64 && far.errorLines.first?.contains("over foursquare's limit of 100000 m") == true, "\(far)")
        #expect(fake.requests.isEmpty)
        let bikes = try run(fake, ["nearby", "--near", "Helsinki", "--type", "bicycle_rental", "--radius", "100000", "--json"])
        #expect(bikes.status == 0, "\(bikes)")
        #expect(fake.requests.last?.query["fsq_category_ids"] == "4e4c9077bd41f78e849722f9")
        #expect(try JSONHelpers.array(bikes.stdout).allSatisfy { ($0["categories"] as? [String]) == ["bicycle_rental"] })
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let exit: Int32
        let attempts: Int
        let fragment: String
        var testDescription: String { "HTTP \(status) → \(exit)" }
    }

    @Test(arguments: [
        StatusCase(status: 400, exit: 64, attempts: 1, fragment: "Foursquare refused the request (400): simulated"),
        StatusCase(
            status: 402, exit: 77, attempts: 1,
            fragment:
                "refused the request for payment (402): simulated; Premium fields (rating, price, opening hours) need purchased credits"),
        StatusCase(status: 403, exit: 77, attempts: 1, fragment: "Foursquare rejected the key (403)"),
        StatusCase(status: 404, exit: 66, attempts: 1, fragment: "no such place or resource (404)"),
        StatusCase(status: 429, exit: 75, attempts: 3, fragment: "rate-limited the request (429) after 3 attempts"),
        StatusCase(status: 500, exit: 69, attempts: 3, fragment: "failed with 500 after 3 attempts: simulated"),
        StatusCase(status: 503, exit: 69, attempts: 3, fragment: "failed with 503"),
    ])
    func errorStatusesMapToExitCodes(_ c: StatusCase) throws {
        let fake = try FakeFoursquare { _ in FakeFoursquare.error(c.status, "simulated") }
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--fields", "+rating", "--retries", "2"])
        #expect(r.status == c.exit, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains(c.fragment), "\(r)")
        #expect(fake.requests.count == c.attempts)
        #expect(r.stdout.isEmpty)
    }

    @Test func stalledTruncatedAndMalformedAnswers() throws {
        let stalled = try FakeFoursquare { _ in .stall(seconds: 30) }
        let timeout = try run(stalled, ["nearby", "--near", "Helsinki", "--timeout", "0.5", "--retries", "0"])
        #expect(timeout.status == 69 && timeout.errorLines.first?.contains("Foursquare did not answer in time") == true, "\(timeout)")

        let truncated = try FakeFoursquare { _ in
            .truncated(status: 200, declaredLength: 5000, body: Data("{\"results\":[{\"fsq_place_id\":".utf8))
        }
        let cut = try run(truncated, ["nearby", "--near", "Helsinki", "--retries", "0"])
        #expect(cut.status == 69 && cut.errorLines.count == 1, "\(cut)")

        for body in ["not json at all", "{\"results\": 5}", "{\"results\": [{\"fsq_place_id\": 7}]}"] {
            let bad = try FakeFoursquare { _ in .json(200, body) }
            let r = try run(bad, ["nearby", "--near", "Helsinki"])
            #expect(r.status == 65, "\(body): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains("Foursquare answered with a body that cannot be read"), "\(r)")
        }
    }

    @Test func dryRunSendsNothingAndSaysWhichFieldsArePremium() throws {
        let fake = try FakeFoursquare()
        let r = try run(fake, ["nearby", "--near", "Helsinki", "--type", "cafe", "--limit", "120", "--dry-run"])
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.isEmpty)
        #expect(
            r.stdout.hasPrefix(
                "GET \(fake.baseURL)/places/search?ll=60.16952,24.93545&radius=1000&fsq_category_ids=63be6904847c3692a84b9bb6&sort=DISTANCE&limit=50&fields=fsq_place_id,name,latitude,longitude,date_closed,location,categories\n"
            ), "\(r)")
        #expect(r.stdout.contains("Authorization: REDACTED\nX-Places-Api-Version: 2025-06-17\n"))
        #expect(r.stdout.contains("# billed as Place Search Pro (no Premium fields)"))
        #expect(r.stdout.contains("later pages follow the Link header"))
        var keyless = env(fake)
        keyless.removeValue(forKey: "FOURSQUARE_API_KEY")
        let premium = try PlacesBinary.run(
            ["search", "pizza", "--provider", "foursquare", "--min-rating", "4", "--dry-run"], environment: keyless)
        #expect(
            premium.status == 0 && premium.stdout.contains("# billed as Place Search Premium (needs credits; set by: rating)"), "\(premium)"
        )
    }

    @Test func recordThenReplayPagesWithoutNetworkOrKey() throws {
        let fake = try FakeFoursquare()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-fsq-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["nearby", "--provider", "foursquare", "--near", "Helsinki", "--limit", "70", "--fields", "+rating,+openNow"]
        let recorded = try run(fake, args + ["--record", dir.path])
        #expect(recorded.status == 0, "\(recorded)")
        #expect(fake.requests.count == 2)
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("foursquare/") })
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(canary), "\(file) holds the key")
            #expect(text.contains("\"Authorization\" : \"REDACTED\""))
        }
        fake.server.stop()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_FOURSQUARE_URL"] = "http://127.0.0.1:1"
        let replayed = try PlacesBinary.run(args + ["--replay", dir.path], environment: env)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout, "the replay pages through the recorded Link on the replayed host")
    }

    /// The committed fixtures: `--limit 120` replays three recorded pages (cursors 50 and 100
    /// follow the first), and needs every one of them: without the third it cannot finish.
    @Test func theRecordedLimit120ScenarioReplaysThreePages() throws {
        let fixtures = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures")
        let scenario = try #require(FixtureScenario.all().first { $0.name == "foursquare-nearby-120-three-pages" })
        #expect(scenario.arguments.contains("120"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-fsq-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("foursquare"), to: dir.appendingPathComponent("foursquare"))
        let args = scenario.arguments.map { $0 == "Fixtures" ? dir.path : $0 }
        let whole = try PlacesBinary.run(args, environment: FixtureScenario.offlineEnvironment)
        #expect(whole.status == 0 && whole.stdout == scenario.expectedStdout, "\(whole)")
        #expect(whole.stdout.split(separator: "\n").count == 121, "a header and 120 places")

        let folder = dir.appendingPathComponent("foursquare")
        var pages: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("/places/search?ll=60.16952,24.93545&radius=1000&sort=DISTANCE&limit=50&") else { continue }
            let cursor = text.firstMatch(of: /"url" : "[^"]*cursor=([0-9]+)-/).map { String($0.1) } ?? "none"
            pages[cursor] = file
        }
        #expect(pages.keys.sorted() == ["100", "50", "none"], "three recorded pages: \(pages)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(try #require(pages["100"])))
        let short = try PlacesBinary.run(args, environment: FixtureScenario.offlineEnvironment)
        // The miss compares it with the closest recording, page 2: only the cursor differs.
        #expect(
            short.status == 66 && short.errorLines.first?.contains("query.cursor: \"50-") == true
                && short.errorLines.first?.contains("recorded, \"100-") == true, "the third page is asked for: \(short)")
    }
}
