import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesOSM
@testable import PlacesOSMExtract

/// Several providers at once (issue 16) through the binary, against the three loopback fakes
/// whose cafes disagree as real providers' do (`FakeCafeDisagreement`): one record per
/// place, `sameAs`, field precedence in provider order, the table's FROM column, dry runs,
/// a failing provider as one warning, `all`, and keys never printed.
@Suite("End to end: several providers merged")
struct MultiProviderEndToEndTests {
    let googleKey = "CANARY-google-\(UUID().uuidString.prefix(8))"
    let foursquareKey = "CANARY-fsq-\(UUID().uuidString.prefix(8))"

    /// The three fakes and an environment pointing at them, with canary keys.
    struct World {
        let google: FakeGooglePlaces
        let foursquare: FakeFoursquare
        let overpass: FakeOverpass
        var env: [String: String]
    }

    func world(
        google: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil,
        foursquare: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil
    ) throws -> World {
        let w = World(
            google: try FakeGooglePlaces(disagreeingCafes: true, override: google),
            foursquare: try FakeFoursquare(disagreeingCafes: true, override: foursquare),
            overpass: try FakeOverpass(), env: PlacesBinary.baseEnvironment())
        var env = w.env
        env["GOOGLE_MAPS_API_KEY"] = googleKey
        env["FOURSQUARE_API_KEY"] = foursquareKey
        env["PLACES_GOOGLE_PLACES_URL"] = w.google.baseURL
        env["PLACES_FOURSQUARE_URL"] = w.foursquare.baseURL
        env["PLACES_OVERPASS_URL"] = w.overpass.endpoint
        env["PLACES_NOW"] = "2026-11-25T10:00:00Z"
        return World(google: w.google, foursquare: w.foursquare, overpass: w.overpass, env: env)
    }

    /// Runs the binary and checks that neither key is printed, in any stream.
    func run(_ args: [String], _ env: [String: String]) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env)
        for key in [googleKey, foursquareKey] {
            #expect(!r.stdout.contains(key) && !r.stderr.contains(key), "a key was printed: \(args) \(r)")
        }
        return r
    }

    static let cafes = ["nearby", "--near", "Helsinki", "--type", "cafe"]

    /// The ids of a JSON record: its own, then sameAs.
    static func ids(_ record: [String: Any]) -> [String] {
        [record["id"] as? String].compactMap { $0 } + (record["sameAs"] as? [String] ?? [])
    }

    // MARK: - One record per place

    /// Every record is one place (or twins, `CafeTruth.twin`), no place is two records, no
    /// record holds two venues of one provider, and a record well inside the circle holds
    /// every provider's id for its place, OpenStreetMap's first, in the order osm, google, foursquare.
    static func checkAgainstTruth(_ records: [[String: Any]]) throws {
        var recordsOf: [String: Int] = [:]
        var complete = 0
        for record in records {
            let ids = Self.ids(record)
            // Never two venues of one provider in one record.
            let providers = ids.map { $0.split(separator: ":").first }
            #expect(Set(providers).count == providers.count, "two venues of one provider merged: \(ids)")
            // Every id of a record is the same place (or its twin), and no place is two records.
            let places = Set(ids.map { CafeTruth.placeOrTwins($0) ?? "unknown \($0)" })
            #expect(places.count == 1, "different places merged: \(ids) → \(places)")
            let place = try #require(places.first)
            recordsOf[place, default: 0] += 1
            let twins = CafeTruth.twin.values.filter { $0 == place }.count
            #expect(recordsOf[place]! <= max(1, twins), "\(place) is two records")
            // Provider order: id from the first provider that has it, the others in sameAs in order.
            let expected = CafeTruth.ids(
                of: try #require(ids.first.flatMap { CafeTruth.place[$0] }), providers: [.osm, .google, .foursquare])
            #expect(record["provider"] as? String == expected.first?.split(separator: ":").first.map(String.init))
            // A place well inside the circle is in every answer that has it: sameAs is complete.
            if let distance = record["distanceMeters"] as? Double, distance < 200, twins == 0 {
                #expect(ids == expected, "\(record["name"] ?? "no name"): \(ids) but the providers have \(expected)")
                if ids == expected { complete += 1 }
            }
        }
        #expect(complete >= 10, "most of the nearest cafes are checked in full: \(complete)")
    }

    @Test func threeProvidersGiveOneRecordPerCafeWithTheOthersIDsInSameAs() throws {
        let w = try world()
        let r = try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json"], w.env)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let records = try JSONHelpers.array(r.stdout)
        #expect(records.count == 20)
        #expect(w.google.requests.count == 1 && w.foursquare.requests.count == 1 && w.overpass.requests.count == 1)

        try Self.checkAgainstTruth(records)
        // The cafe OpenStreetMap lacks is Google's record with Foursquare's id.
        let kolmio = try #require(records.first { ($0["name"] as? String) == "Café Kolmio" })
        #expect(kolmio["provider"] as? String == "google")
        #expect(kolmio["sameAs"] as? [String] == ["foursquare:" + FakeFoursquare.placeID(forOSM: "unmapped/1")])
        // Three views of most places: sameAs holds the other two.
        #expect(records.filter { ($0["sameAs"] as? [String])?.count == 2 }.count >= 10)
        // sameAs is in the default set with several providers, right after the default fields.
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: r.stdout).last == "sameAs")

        // Deterministic, and the offline extract merges as Overpass does.
        let again = try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json"], w.env)
        #expect(again.stdout == r.stdout)
        let offline = try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--data", PlacesBinary.helsinkiData], w.env)
        #expect(offline.status == 0 && offline.stdout == r.stdout, "\(offline)")
    }

    @Test func theRecordedThreeProviderQueryReplaysWithNoKeyAndNoNetwork() throws {
        // Fixtures/golden/merged-nearby-cafes-json: recorded against these fakes, keys absent.
        let r = try PlacesBinary.run(
            Self.cafes + ["--radius", "800", "--provider", "osm,google,foursquare", "--json", "--replay", "Fixtures"],
            environment: FixtureScenario.offlineEnvironment)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let records = try JSONHelpers.array(r.stdout)
        #expect(records.count == 20)
        try Self.checkAgainstTruth(records)
        #expect(records.filter { ($0["sameAs"] as? [String])?.count == 2 }.count >= 10)
    }

    @Test func oneProviderHasNoSameAsUnlessAsked() throws {
        let w = try world()
        let one = try run(Self.cafes + ["--provider", "google", "--json", "--limit", "3"], w.env)
        #expect(one.status == 0, "\(one)")
        #expect(try JSONHelpers.array(one.stdout).allSatisfy { $0["sameAs"] == nil })
        let asked = try run(Self.cafes + ["--provider", "google", "--json", "--limit", "3", "--fields", "id,sameAs"], w.env)
        #expect(try JSONHelpers.array(asked.stdout).allSatisfy { ($0["sameAs"] as? [String]) == [] })
    }

    // MARK: - Field precedence

    /// Each provider alone, as the merge would ask it: id → record.
    func alone(_ provider: String, _ extra: [String], _ w: World) throws -> [String: [String: Any]] {
        let r = try run(Self.cafes + ["--provider", provider, "--json", "--fields", "all"] + extra, w.env)
        #expect(r.status == 0, "\(r)")
        return Dictionary(try JSONHelpers.array(r.stdout).map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
    }

    @Test func eachFieldComesFromTheFirstProviderInOrderThatKnowsIt() throws {
        let w = try world()
        let google = try alone("google", [], w)
        let osm = try alone("osm", [], w)
        #expect(osm.values.contains { $0["openNow"] is Bool }, "the extract has evaluated hours")
        #expect(osm.values.contains { $0["openNow"] is NSNull }, "and places without hours")

        for order in [["google", "osm"], ["osm", "google"]] {
            let r = try run(Self.cafes + ["--provider", order.joined(separator: ","), "--fields", "+openNow,+rating", "--json"], w.env)
            #expect(r.status == 0, "\(r)")
            let records = try JSONHelpers.array(r.stdout)
            #expect(records.count == 20)
            var fellBack = 0
            for record in records {
                let ids = Self.ids(record)
                let views = ids.compactMap { google[$0] ?? osm[$0] }
                #expect(views.count == ids.count, "every id is one of the providers' own: \(ids)")
                #expect(record["provider"] as? String == order.first { p in ids.contains { $0.hasPrefix(p + ":") } })
                // openNow: the first non-null in the order given.
                let first = views.lazy.compactMap { $0["openNow"] as? Bool }.first
                #expect(
                    record["openNow"] as? Bool == first,
                    "\(ids): openNow \(record["openNow"] ?? "none") but the views say \(views.map { $0["openNow"] ?? "none" })")
                // name, position and address are the first provider's.
                #expect(record["name"] as? String == views[0]["name"] as? String)
                #expect(record["address"] as? String == views[0]["address"] as? String)
                // rating: OpenStreetMap has none, so Google's whichever comes first.
                let googleView = ids.compactMap { google[$0] }.first
                #expect(record["rating"] as? Double == googleView?["rating"] as? Double)
                if views.count > 1, views[0]["openNow"] is NSNull, first != nil { fellBack += 1 }
            }
            if order == ["osm", "google"] { #expect(fellBack > 0, "some OSM cafes without hours take Google's openNow") }
        }
    }

    // MARK: - After the merge

    @Test func distanceFiltersSortAndLimitApplyToTheMergedRecords() throws {
        let w = try world()
        let all = try JSONHelpers.array(
            try run(
                Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--radius", "250", "--limit", "60", "--fields", "+rating"],
                w.env
            ).stdout)
        #expect(all.count > 12)
        // Distances are the record's own position's (the first provider's), nearest first.
        let distances = all.map { $0["distanceMeters"] as? Double ?? .nan }
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 250 })

        let five = try JSONHelpers.array(
            try run(
                Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--radius", "250", "--limit", "5", "--fields", "+rating"],
                w.env
            ).stdout)
        #expect(five.map(Self.ids) == all.prefix(5).map(Self.ids), "--limit takes the nearest merged records")
        // Also where the circle holds more than a provider's page: each provider is asked for
        // at least 20, so the 5 nearest records have every provider's view.
        let twenty = try JSONHelpers.array(try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json"], w.env).stdout)
        let nearest = try JSONHelpers.array(
            try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--limit", "5"], w.env).stdout)
        #expect(nearest.map(Self.ids) == twenty.prefix(5).map(Self.ids))
        #expect(w.foursquare.requests.last?.query["limit"] == "20")

        // --min-rating judges the merged record: OpenStreetMap's cafes pass on the rating
        // Google gives them, and one provider's answer is never filtered at the provider.
        let rated = try run(
            Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--radius", "250", "--limit", "60", "--min-rating", "4"], w.env)
        #expect(rated.status == 0, "\(rated)")
        let good = try JSONHelpers.array(rated.stdout)
        let expected = all.filter { ($0["rating"] as? Double).map { $0 >= 4 } ?? false }
        #expect(good.map(Self.ids) == expected.map(Self.ids))
        #expect(good.contains { $0["provider"] as? String == "osm" }, "OSM records with another provider's rating stay")
        #expect(w.google.requests.allSatisfy { !String(decoding: $0.body, as: UTF8.self).contains("minRating") })
        #expect(w.foursquare.requests.allSatisfy { $0.query["min_price"] == nil && $0.query["open_now"] == nil })

        let sorted = try JSONHelpers.array(
            try run(
                Self.cafes + [
                    "--provider", "osm,google,foursquare", "--json", "--radius", "250", "--limit", "60", "--sort", "rating", "--fields",
                    "+rating",
                ], w.env
            ).stdout)
        #expect(Set(sorted.map { Self.ids($0).joined(separator: " ") }) == Set(all.map { Self.ids($0).joined(separator: " ") }))
        let ratings = sorted.compactMap { $0["rating"] as? Double }
        #expect(ratings == ratings.sorted(by: >) && !ratings.isEmpty)
    }

    // MARK: - Table and dry run

    @Test func theTableSaysWhichProvidersEachRowCameFrom() throws {
        let w = try world()
        let r = try run(Self.cafes + ["--provider", "osm,google,foursquare"], w.env)
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("FROM") == true, "\(r)")
        let json = try JSONHelpers.array(try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json"], w.env).stdout)
        #expect(lines.count == json.count + 1)
        for (line, record) in zip(lines.dropFirst(), json) {
            let ids = Self.ids(record)
            let from = ["osm": "O", "google": "G", "foursquare": "F"].sorted { $0.key > $1.key }
            let letters = ["osm", "google", "foursquare"].map { p in
                ids.contains { $0.hasPrefix(p + ":") } ? from.first { $0.key == p }!.value : "-"
            }
            #expect(line.contains("  " + letters.joined(separator: " ") + "  "), "\(line) should show \(letters) for \(ids)")
        }
        #expect(lines.contains { $0.contains("Café Kolmio") && $0.contains("  - G F  ") })
    }

    @Test func dryRunShowsEveryProvidersRequestAndSendsNothing() throws {
        let w = try world()
        let r = try run(Self.cafes + ["--provider", "osm,google,foursquare", "--dry-run"], w.env)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("# osm (1 of 3)\nPOST \(w.overpass.endpoint)"), "\(r.stdout)")
        #expect(r.stdout.contains("# google (2 of 3)\nPOST \(w.google.baseURL)/v1/places:searchNearby"))
        #expect(r.stdout.contains("# foursquare (3 of 3)\nGET \(w.foursquare.baseURL)/places/search?"))
        #expect(r.stdout.contains("X-Goog-Api-Key: REDACTED") && r.stdout.contains("Authorization: REDACTED"))
        #expect(r.stdout.hasSuffix("# dry run: nothing was sent; the answers would be merged in the order osm,google,foursquare\n"))
        #expect(w.google.requests.isEmpty && w.foursquare.requests.isEmpty && w.overpass.requests.isEmpty)
    }

    // MARK: - Failures

    @Test(arguments: ["rejected key", "5xx after retries", "missing key", "key echoed in an error"])
    func aFailingProviderIsOneWarningNamingItWhileTheOthersAnswer(_ failure: String) throws {
        let echo = googleKey
        var w = try world(
            google: { _ in
                switch failure {
                case "5xx after retries":
                    return .json(503, #"{"error":{"code":503,"message":"Backend unavailable","status":"UNAVAILABLE"}}"#)
                case "key echoed in an error":
                    return .json(400, #"{"error":{"code":400,"message":"bad key \#(echo) here","status":"INVALID_ARGUMENT"}}"#)
                default: return nil
                }
            })
        switch failure {
        case "rejected key": w.env["GOOGLE_MAPS_API_KEY"] = FakeGooglePlaces.invalidKey
        case "missing key": w.env["GOOGLE_MAPS_API_KEY"] = nil
        default: break
        }
        let r = try run(Self.cafes + ["--provider", "osm,google,foursquare", "--json", "--retries", "1"], w.env)
        #expect(r.status == 0, "\(r)")
        // One warning (a retry is a note, as with one provider).
        let warnings = r.stderrLines.filter { $0.hasPrefix("places: warning:") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("places: warning: google left out: "), "\(r.stderr)")
        #expect(
            r.stderrLines.allSatisfy {
                $0.hasPrefix("places: warning:") || $0.hasPrefix("places: note: Google Places answered 503; retrying")
                    || $0.hasSuffix("closed for good left out: --include-closed lists them")
            }, "\(r.stderr)")
        let records = try JSONHelpers.array(r.stdout)
        #expect(records.count == 20)
        #expect(records.allSatisfy { record in Self.ids(record).allSatisfy { !$0.hasPrefix("google:") } })
        #expect(records.contains { (($0["sameAs"] as? [String]) ?? []).contains { $0.hasPrefix("foursquare:") } })
        if failure == "5xx after retries" { #expect(w.google.requests.count == 2, "the retries were made first") }
        if failure == "missing key" { #expect(r.stderr.contains("GOOGLE_MAPS_API_KEY") && w.google.requests.isEmpty) }
    }

    @Test func keysEchoedByEveryProviderAreNeverPrinted() throws {
        let (g, f) = (googleKey, foursquareKey)
        let w = try world(
            google: { _ in .json(400, #"{"error":{"code":400,"message":"key \#(g) is not valid","status":"INVALID_ARGUMENT"}}"#) },
            foursquare: { _ in .json(401, #"{"message":"Invalid request token \#(f.lowercased()) and \#(f)."}"#) })
        // run() checks both keys in stdout and stderr, for every format and the dry run.
        for extra in [["--json"], ["--format", "csv"], [], ["--dry-run"]] {
            let r = try run(Self.cafes + ["--provider", "google,foursquare,osm", "--retries", "0"] + extra, w.env)
            #expect(r.status == 0, "\(r)")
            #expect(!r.stderr.lowercased().contains(f.lowercased()), "\(r.stderr)")
            if extra != ["--dry-run"] {
                #expect(r.stderrLines.filter { $0.hasPrefix("places: warning:") }.count == 2, "\(r.stderr)")
            }
        }
    }

    @Test func whenAllFailTheFirstErrorDecidesTheExitCode() throws {
        let w = try world(foursquare: { _ in .json(503, #"{"message":"Service unavailable"}"#) })
        var env = w.env
        env["GOOGLE_MAPS_API_KEY"] = FakeGooglePlaces.invalidKey
        // Foursquare first: 5xx after the retries is 69, Google's rejected key the warning.
        let fsqFirst = try run(Self.cafes + ["--provider", "foursquare,google", "--retries", "0"], env)
        #expect(fsqFirst.status == 69, "\(fsqFirst)")
        #expect(fsqFirst.stdout.isEmpty)
        #expect(fsqFirst.errorLines.count == 1 && fsqFirst.stderrLines.count == 2, "\(fsqFirst.stderr)")
        #expect(fsqFirst.stderr.contains("places: warning: google left out: "))
        // Google first: the rejected key is 77.
        let googleFirst = try run(Self.cafes + ["--provider", "google,foursquare", "--retries", "0"], env)
        #expect(googleFirst.status == 77, "\(googleFirst)")
        #expect(
            googleFirst.errorLines.count == 1 && googleFirst.stderr.contains("places: warning: foursquare left out: "),
            "\(googleFirst.stderr)")
    }

    // MARK: - all

    @Test func allMeansEveryConfiguredProvider() throws {
        let w = try world()
        var googleOnly = w.env
        googleOnly["FOURSQUARE_API_KEY"] = nil
        let two = try run(Self.cafes + ["--provider", "all", "--json"], googleOnly)
        #expect(two.status == 0 && two.stderr.isEmpty, "\(two)")
        #expect(w.google.requests.count == 1 && w.overpass.requests.count == 1 && w.foursquare.requests.isEmpty)
        let providers = Set(try JSONHelpers.array(two.stdout).flatMap(Self.ids).map { String($0.prefix { $0 != ":" }) })
        #expect(providers == ["google", "osm"])

        let three = try run(Self.cafes + ["--provider", "all", "--json", "--data", PlacesBinary.helsinkiData], w.env)
        #expect(three.status == 0, "\(three)")
        #expect(w.foursquare.requests.count == 1 && w.overpass.requests.count == 1, "--data answers for osm")
        let all = try run(Self.cafes + ["--provider", "google,foursquare,osm", "--json", "--data", PlacesBinary.helsinkiData], w.env)
        #expect(three.stdout == all.stdout, "all is google, foursquare, osm in the default order")

        var noKeys = w.env
        noKeys["GOOGLE_MAPS_API_KEY"] = nil
        noKeys["FOURSQUARE_API_KEY"] = nil
        let osmOnly = try run(Self.cafes + ["--provider", "all", "--limit", "3", "--json"], noKeys)
        #expect(osmOnly.status == 0, "\(osmOnly)")
        #expect(
            try JSONHelpers.array(osmOnly.stdout).allSatisfy { $0["provider"] as? String == "osm" && ($0["sameAs"] as? [String]) == [] },
            "one configured provider is a one-provider search, with sameAs as all always has it")
        let table = try run(Self.cafes + ["--provider", "all", "--limit", "3"], noKeys)
        #expect(!table.stdout.contains("FROM"), "one provider: no FROM column")
    }

    @Test(arguments: ["osm,osm", "osm,,google", "all,osm", "osm,bing"])
    func aBadProviderListIsAUsageError(_ list: String) throws {
        let w = try world()
        let r = try run(Self.cafes + ["--provider", list], w.env)
        #expect(r.status == 64 && r.stdout.isEmpty && r.errorLines.count == 1 && r.stderrLines.count == 1, "\(r)")
    }
}
