import Foundation
import Testing

/// `--max-tier` / `$PLACES_MAX_TIER` and `--verbose` through the binary against the loopback
/// fakes: a request over the ceiling is refused (64) before anything is sent, naming what
/// raised the tier and how to drop it; the summary counts by service and tier.
@Suite("End to end: the cost ceiling and request counts")
struct CostCeilingEndToEndTests {
    let canary = "CANARY-cost-\(UUID().uuidString.prefix(8))"

    func googleEnv(_ fake: FakeGooglePlaces, extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        env.merge(extra) { $1 }
        return env
    }

    @Test func aFieldAboveTheCeilingIsRefusedBeforeAnyRequest() throws {
        let fake = try FakeGooglePlaces()
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--max-tier", "pro", "--fields", "+rating", "--verbose"],
            environment: googleEnv(fake))
        #expect(r.status == 64 && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
        #expect(fake.requests.isEmpty, "nothing may be sent above the ceiling")
        let line = try #require(r.errorLines.first)
        #expect(line.contains("--max-tier pro") && line.contains("Nearby Search Enterprise") && line.contains("set by: rating"), "\(line)")
        #expect(
            line.contains("leave rating out of --fields") && line.contains("--min-rating") && line.contains("--max-tier enterprise"),
            "\(line)")
        #expect(r.stderr.hasSuffix("places: sent no requests\n"), "\(r)")

        // A flag that needs the field raises it as well; the dry run is refused too.
        let sorted = try PlacesBinary.run(
            ["search", "sushi", "--near", "Helsinki", "--sort", "rating", "--dry-run"],
            environment: googleEnv(fake, extra: ["PLACES_MAX_TIER": "pro"]))
        #expect(sorted.status == 64 && sorted.stdout.isEmpty, "\(sorted)")
        #expect(
            sorted.stderr.contains("$PLACES_MAX_TIER=pro") && sorted.stderr.contains("rating, userRatingCount")
                && sorted.stderr.contains("PLACES_MAX_TIER=enterprise"), "\(sorted)")

        // Within the ceiling: sent as usual.
        let within = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--max-tier", "pro", "--json"], environment: googleEnv(fake))
        #expect(within.status == 0 && fake.requests.count == 1, "\(within)")
        let allowed = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--max-tier", "enterprise", "--fields", "+rating", "--json"],
            environment: googleEnv(fake, extra: ["PLACES_MAX_TIER": "essentials"]))
        #expect(allowed.status == 0 && fake.requests.count == 2, "the flag beats the variable: \(allowed)")
    }

    @Test func aCeilingNoFieldChoiceMeetsSaysSo() throws {
        let fake = try FakeGooglePlaces()
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--max-tier", "essentials", "--fields", "id,name"],
            environment: googleEnv(fake))
        #expect(r.status == 64 && fake.requests.isEmpty, "\(r)")
        #expect(r.stderr.contains("costs at least Pro whatever the fields") && r.stderr.contains("--max-tier pro"), "\(r)")
    }

    @Test(arguments: [
        (["--max-tier", "gold"], [String: String](), Int32(64), "--max-tier 'gold'"),
        ([], ["PLACES_MAX_TIER": "cheap"], 78, "$PLACES_MAX_TIER 'cheap'"),
    ])
    func anUnknownTierListsTheValidOnes(_ flags: [String], _ extra: [String: String], _ code: Int32, _ named: String) throws {
        let fake = try FakeGooglePlaces()
        let r = try PlacesBinary.run(["nearby", "--near", "Helsinki"] + flags, environment: googleEnv(fake, extra: extra))
        #expect(r.status == code && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
        #expect(
            r.stderr.contains(named) && r.stderr.contains("essentials, pro, enterprise, enterprise+atmosphere")
                && r.stderr.contains("pro, premium"), "\(r)")
        #expect(fake.requests.isEmpty)
    }

    @Test func foursquarePremiumFieldsAreAboveAProCeiling() throws {
        let fake = try FakeFoursquare()
        var env = PlacesBinary.baseEnvironment()
        env["FOURSQUARE_API_KEY"] = canary
        env["PLACES_FOURSQUARE_URL"] = fake.baseURL
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--provider", "foursquare", "--max-tier", "pro", "--open-now"], environment: env)
        #expect(r.status == 64 && fake.requests.isEmpty, "\(r)")
        #expect(
            r.stderr.contains("Place Search Premium") && r.stderr.contains("set by: hours") && r.stderr.contains("--open-now")
                && r.stderr.contains("--max-tier premium"), "\(r)")
        let google = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--provider", "foursquare", "--max-tier", "enterprise"], environment: env)
        #expect(google.status == 64 && fake.requests.isEmpty && google.stderr.contains("not a Foursquare tier"), "\(google)")
        let ok = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--provider", "foursquare", "--max-tier", "pro", "--verbose"], environment: env)
        #expect(ok.status == 0 && fake.requests.count >= 1, "\(ok)")
        #expect(
            ok.stderr.contains("places: sent \(fake.requests.count) request") && ok.stderr.contains("foursquare Place Search Pro ×"),
            "\(ok)")
    }

    @Test func verboseSumsTheTextSearchPages() throws {
        let fake = try FakeGooglePlaces()
        let r = try PlacesBinary.run(
            ["search", "ravintola", "--near", "Helsinki", "--limit", "30", "--verbose", "--json"],
            environment: googleEnv(fake))
        #expect(r.status == 0, "\(r)")
        let n = fake.requests.count
        #expect(n >= 1)
        #expect(r.stderr.contains("places: sent \(n) request\(n == 1 ? "" : "s"): google Text Search Pro ×\(n)\n"), "\(r)")
        // Without --verbose: no summary.
        let quiet = try PlacesBinary.run(["search", "ravintola", "--near", "Helsinki", "--json"], environment: googleEnv(fake))
        #expect(!quiet.stderr.contains("places: sent"), "\(quiet)")
    }

    @Test func favoriteAddIsProAndANoteChangeFetchesNothing() throws {
        let fake = try FakeGooglePlaces()
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let id = "google:" + (try #require(FakeGooglePlaces.places.first { $0["internationalPhoneNumber"] != nil }?["id"] as? String))
        let env = ["GOOGLE_MAPS_API_KEY": canary, "PLACES_GOOGLE_PLACES_URL": fake.baseURL]

        let add = try sandbox.run(["favorite", "add", id, "--max-tier", "pro", "--verbose"], environment: env)
        #expect(add.status == 0, "\(add)")
        #expect(fake.requests.count == 1)
        let mask = try #require(fake.requests.last?.header("X-Goog-FieldMask"))
        #expect(!mask.contains("websiteUri") && !mask.contains("internationalPhoneNumber"), "\(mask)")
        #expect(add.stderr.contains("google Place Details Pro ×1"), "\(add)")

        // Phone and website when asked for: Enterprise, refused under a Pro ceiling.
        let rich = try sandbox.run(["favorite", "add", id, "--fields", "+phone,+website", "--max-tier", "pro"], environment: env)
        #expect(rich.status == 64 && fake.requests.count == 1 && rich.stderr.contains("--fields"), "\(rich)")
        #expect(try sandbox.run(["favorite", "add", id, "--fields", "+phone,+website"], environment: env).status == 0)
        #expect(fake.requests.count == 2)
        #expect(fake.requests.last?.header("X-Goog-FieldMask")?.contains("websiteUri") == true)

        // A note on a favorite: no request; the snapshot (phone included) is kept.
        let before = try JSONHelpers.object(String(decoding: try #require(sandbox.bytes()), as: UTF8.self))
        let note = try sandbox.run(["favorite", "add", id, "--note", "Friday", "--verbose"], environment: env)
        #expect(note.status == 0 && fake.requests.count == 2, "\(note)")
        #expect(
            note.stderr.contains("added the note") && note.stderr.contains("not refreshed") && note.stderr.contains("sent no requests"),
            "\(note)")
        let after = try JSONHelpers.object(String(decoding: try #require(sandbox.bytes()), as: UTF8.self))
        let old = try #require((before["favorites"] as? [[String: Any]])?.first),
            new = try #require((after["favorites"] as? [[String: Any]])?.first)
        #expect(old["phone"] is String, "\(old)")
        #expect(
            new["note"] as? String == "Friday" && new["phone"] as? String == old["phone"] as? String
                && new["addedAt"] as? String == old["addedAt"] as? String)

        // Refreshed without --fields: a Pro lookup that keeps the phone it did not ask for.
        #expect(try sandbox.run(["favorite", "add", id], environment: env).status == 0)
        #expect(fake.requests.count == 3)
        let refreshed = try JSONHelpers.object(String(decoding: try #require(sandbox.bytes()), as: UTF8.self))
        let kept = try #require((refreshed["favorites"] as? [[String: Any]])?.first)
        #expect(kept["phone"] as? String == old["phone"] as? String && kept["note"] as? String == "Friday")
    }
}
