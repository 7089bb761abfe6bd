import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract

/// `places autocomplete` and `details --session` through the binary: Google and Foursquare
/// against their loopback fakes, the Helsinki extract offline.
@Suite("End to end: autocomplete and sessions")
struct AutocompleteEndToEndTests {
    /// A canary key: it must appear in no stdout or stderr.
    let canary = "CANARY-ac-\(UUID().uuidString.prefix(8))"
    static let token = "3519edfe-0f75-4a30-bfe4-7cbd89340b2c"

    func env(google: FakeGooglePlaces? = nil, foursquare: FakeFoursquare? = nil) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["FOURSQUARE_API_KEY"] = canary
        env["PLACES_GOOGLE_PLACES_URL"] = google?.baseURL ?? "http://127.0.0.1:9"
        env["PLACES_FOURSQUARE_URL"] = foursquare?.baseURL ?? "http://127.0.0.1:9"
        return env
    }

    func run(_ args: [String], google: FakeGooglePlaces? = nil, foursquare: FakeFoursquare? = nil) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env(google: google, foursquare: foursquare))
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "the key leaked: \(r)")
        return r
    }

    @Test func googleGetsTheDocumentedBodyFieldByField() throws {
        let fake = try FakeGooglePlaces()
        let r = try run(
            [
                "autocomplete", "sush", "--at", "60.169,24.932", "--radius", "1500", "--type", "restaurant", "--language", "fi",
                "--region", "FI", "--session", Self.token, "--provider", "google", "--json",
            ], google: fake)
        #expect(r.status == 0, "\(r)")
        #expect(fake.requests.count == 1)
        let sent = try #require(fake.requests.first)
        #expect(sent.method == "POST" && sent.path == "/v1/places:autocomplete" && sent.header("X-Goog-FieldMask") == nil)
        #expect(sent.header("X-Goog-Api-Key") == canary && !sent.target.contains(canary))
        let body = try #require(sent.json)
        #expect(body["input"] as? String == "sush")
        let circle = try #require((body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 1500 && circle["center"] as? [String: Double] == ["latitude": 60.169, "longitude": 24.932])
        #expect(body["origin"] as? [String: Double] == ["latitude": 60.169, "longitude": 24.932])
        #expect(body["includedPrimaryTypes"] as? [String] == ["restaurant"])
        #expect(body["languageCode"] as? String == "fi" && body["regionCode"] as? String == "FI")
        #expect(body["sessionToken"] as? String == Self.token && body["locationBias"] == nil)
        let out = try JSONHelpers.object(r.stdout)
        #expect(out["sessionToken"] as? String == Self.token)
        let predictions = try #require(out["predictions"] as? [[String: Any]])
        #expect(!predictions.isEmpty)
        for p in predictions where p["kind"] as? String == "place" {
            #expect(Set(p.keys).isSuperset(of: ["kind", "id", "text", "mainText", "secondaryText", "types", "distanceMeters"]), "\(p)")
            #expect((p["id"] as? String)?.hasPrefix("google:ChIJ") == true && p["distanceMeters"] is Double)
        }
    }

    @Test func sessionNewPrintsTheTokenWhichDetailsCarriesAndEnds() throws {
        let fake = try FakeGooglePlaces()
        let first = try run(
            ["autocomplete", "sus", "--near", "Helsinki", "--session", "new", "--provider", "google", "--json"], google: fake)
        #expect(first.status == 0, "\(first)")
        let token = try #require(JSONHelpers.object(first.stdout)["sessionToken"] as? String)
        #expect(SessionToken.problem(with: token) == nil && UUID(uuidString: token) != nil)
        #expect(first.stderr.contains(token) && first.stderr.contains("--session \(token)"), "\(first.stderr)")
        #expect(fake.requests.last?.json?["sessionToken"] as? String == token)
        let second = try run(
            ["autocomplete", "sush", "--near", "Helsinki", "--session", token, "--provider", "google", "--format", "ndjson"], google: fake)
        #expect(second.status == 0 && fake.requests.last?.json?["sessionToken"] as? String == token, "\(second)")
        let record = try JSONHelpers.object(String(second.stdout.split(separator: "\n")[0]))
        let id = try #require(record["id"] as? String)
        #expect(record["sessionToken"] as? String == token)
        let details = try run(["details", id, "--session", token, "--json"], google: fake)
        #expect(details.status == 0, "\(details)")
        let sent = try #require(fake.requests.last)
        #expect(sent.method == "GET" && sent.query["sessionToken"] == token && sent.path == "/v1/places/\(id.dropFirst("google:".count))")
        #expect(try JSONHelpers.object(details.stdout)["id"] as? String == id)
        // The ended session's token is refused from now on, before anything is sent: Google would bill each request.
        let before = fake.requests.count
        for args in [["autocomplete", "sushi", "--provider", "google", "--session", token], ["details", id, "--session", token]] {
            let reused = try run(args, google: fake)
            #expect(reused.status == 64 && reused.stderr.contains("has ended") && reused.stderr.contains("--session new"), "\(reused)")
        }
        #expect(fake.requests.count == before)
        // Without --session, no token is sent.
        _ = try run(["details", id, "--json"], google: fake)
        #expect(fake.requests.last?.query["sessionToken"] == nil)
    }

    @Test func aBadTokenIsAUsageErrorBeforeAnythingIsSent() throws {
        let fake = try FakeGooglePlaces()
        for token in ["not a token", "abc=", String(repeating: "a", count: 37), "", "käy"] {
            for args in [
                ["autocomplete", "sush", "--provider", "google", "--session", token], ["details", "google:ChIJabc", "--session", token],
            ] {
                let r = try run(args, google: fake)
                #expect(r.status == 64 && r.stdout.isEmpty, "\(args): \(r)")
                #expect(r.stderr.hasPrefix("places: error: --session") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            }
        }
        #expect(fake.requests.isEmpty)
    }

    @Test func dryRunShowsEachRequestAndHowItIsBilled() throws {
        let lone = try run(["autocomplete", "sush", "--near", "Helsinki", "--provider", "google", "--dry-run"])
        #expect(lone.status == 0 && lone.stdout.contains("POST ") && lone.stdout.contains("/v1/places:autocomplete"), "\(lone)")
        #expect(lone.stdout.contains("Autocomplete Requests") && lone.stdout.contains("billed on its own"), "\(lone)")
        #expect(lone.stdout.contains("REDACTED") && lone.stdout.contains("\"input\""))
        let session = try run(["autocomplete", "sush", "--provider", "google", "--session", Self.token, "--dry-run"])
        #expect(
            session.stdout.contains(Self.token) && session.stdout.contains("unless this session ends with a Place Details call"),
            "\(session)")
        let ending = try run(["details", "google:ChIJabc", "--session", Self.token, "--dry-run"])
        #expect(ending.status == 0 && ending.stdout.contains("sessionToken=\(Self.token)"), "\(ending)")
        #expect(ending.stdout.contains("ends the autocomplete session") && ending.stdout.contains("free"), "\(ending)")
        let foursquare = try run(["autocomplete", "sushi", "--provider", "foursquare", "--session", Self.token, "--dry-run"])
        #expect(
            foursquare.status == 0 && foursquare.stdout.contains("/autocomplete?")
                && foursquare.stdout.contains("session_token=\(Self.token)"), "\(foursquare)")
    }

    @Test func everyFormatOfflineAndNearestFirst() throws {
        let data = PlacesBinary.helsinkiData
        let json = try run(["autocomplete", "sush", "--at", "60.169,24.932", "--data", data, "--limit", "8", "--json"])
        #expect(json.status == 0, "\(json)")
        let records = try JSONHelpers.array(json.stdout)
        #expect(records.count == 8)
        let distances = records.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances.count == 8 && distances == distances.sorted())
        #expect(
            records.allSatisfy {
                ($0["id"] as? String)?.hasPrefix("osm:") == true && ($0["mainText"] as? String)?.lowercased().contains("sush") == true
            })
        #expect(records.contains { $0["mainText"] as? String == "Hanko Sushi" } || records.count == 8)
        let id = try #require(records.first?["id"] as? String)
        let details = try run(["details", id, "--data", data, "--json"])
        #expect(details.status == 0, "\(details)")
        let venue = try JSONHelpers.object(details.stdout)
        #expect(venue["name"] as? String == records.first?["mainText"] as? String, "\(details)")

        let ndjson = try run(["autocomplete", "sush", "--at", "60.169,24.932", "--data", data, "--limit", "8", "--format", "ndjson"])
        #expect(ndjson.stdout.split(separator: "\n").count == 8)
        let csv = try run(["autocomplete", "sush", "--at", "60.169,24.932", "--data", data, "--limit", "8", "--format", "csv"])
        #expect(
            csv.stdout.hasPrefix("kind,id,text,mainText,secondaryText,types,distanceMeters,latitude,longitude\n")
                && csv.stdout.split(separator: "\n").count == 9)
        let geojson = try JSONHelpers.object(
            try run(["autocomplete", "sush", "--at", "60.169,24.932", "--data", data, "--limit", "8", "--format", "geojson"]).stdout)
        #expect((geojson["features"] as? [[String: Any]])?.count == 8)
        let table = try run(["autocomplete", "sush", "--at", "60.169,24.932", "--data", data, "--limit", "8"])
        #expect(table.stdout.hasPrefix("NAME") && table.stdout.contains(id), "\(table)")
        let kah = try run(["autocomplete", "kah", "--data", data, "--json"])
        #expect(try JSONHelpers.array(kah.stdout).contains { $0["mainText"] as? String == "Kahvi Charlotta" }, "\(kah)")
        let none = try run(["autocomplete", "zzqx", "--data", data, "--json"])
        #expect(none.status == 0 && none.stdout == "[]\n", "\(none)")
    }

    @Test func googlePredictionsInEveryFormat() throws {
        let fake = try FakeGooglePlaces()
        for format in ["table", "json", "ndjson", "csv", "geojson"] {
            let r = try run(["autocomplete", "sush", "--near", "Helsinki", "--provider", "google", "--format", format], google: fake)
            #expect(r.status == 0 && r.stdout.contains("google:ChIJ"), "\(format): \(r)")
        }
        let geojson = try JSONHelpers.object(
            try run(["autocomplete", "sush", "--provider", "google", "--format", "geojson"], google: fake).stdout)
        // Google's predictions have no position: features with a null geometry.
        #expect((geojson["features"] as? [[String: Any]])?.allSatisfy { $0["geometry"] is NSNull } == true)
    }

    @Test func foursquareThroughTheBinary() throws {
        let fake = try FakeFoursquare()
        let r = try run(
            ["autocomplete", "sush", "--at", "60.169,24.932", "--provider", "foursquare", "--session", Self.token, "--json"],
            foursquare: fake)
        #expect(r.status == 0, "\(r)")
        let sent = try #require(fake.requests.last)
        #expect(sent.path == "/autocomplete" && sent.query["query"] == "sush" && sent.query["ll"] == "60.169,24.932")
        #expect(sent.query["session_token"] == Self.token && sent.header("Authorization") == "Bearer \(canary)")
        let predictions = try #require(try JSONHelpers.object(r.stdout)["predictions"] as? [[String: Any]])
        #expect(
            !predictions.isEmpty
                && predictions.allSatisfy { ($0["id"] as? String)?.hasPrefix("foursquare:") == true && $0["latitude"] is Double })
        let short = try run(["autocomplete", "su", "--provider", "foursquare"], foursquare: fake)
        #expect(short.status == 64 && short.stderr.contains("at least 3 characters"), "\(short)")
    }

    @Test func providersThatCannotAndErrorsMapped() throws {
        let overpass = try run(["autocomplete", "sushi", "--provider", "osm"])
        #expect(overpass.status == 64 && overpass.stderr.contains("--provider google") && overpass.stderr.contains("--data"), "\(overpass)")
        let several = try run(["autocomplete", "sushi", "--provider", "google,foursquare"])
        #expect(several.status == 64 && several.stderr.hasPrefix("places: error:"), "\(several)")
        let empty = try run(["autocomplete", "  ", "--provider", "google"])
        #expect(empty.status == 64, "\(empty)")
        let rejected = try FakeGooglePlaces { _ in
            FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID")
        }
        let r = try run(["autocomplete", "sush", "--provider", "google"], google: rejected)
        #expect(r.status == 77 && r.stderr.hasPrefix("places: error:") && r.stdout.isEmpty, "\(r)")
        let echo = try FakeGooglePlaces { request in
            FakeGooglePlaces.error(500, "INTERNAL", "failed for key \(request.header("X-Goog-Api-Key") ?? "")")
        }
        let leaked = try run(["autocomplete", "sush", "--provider", "google", "--retries", "0"], google: echo)
        #expect(leaked.status != 0 && leaked.status != 70, "\(leaked)")
    }
}
