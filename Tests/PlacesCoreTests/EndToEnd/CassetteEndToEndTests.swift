import Foundation
import Testing

/// Cassettes kept for years, through the binary against the loopback fakes: misses that say
/// what changed, the missing-only mode, and `places cassettes list|check|unused`.
@Suite("End to end: cassettes")
struct CassetteEndToEndTests {
    let googleKey = "CANARY-google-\(UUID().uuidString.prefix(8))"
    let foursquareKey = "CANARY-fsq-\(UUID().uuidString.prefix(8))"

    static func temporaryDirectory() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-cassettes-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func env(google: FakeGooglePlaces? = nil, foursquare: FakeFoursquare? = nil, keys: Bool = true) -> [String: String] {
        // With a fake, the loopback must be reachable; without one, nothing is.
        var env = google == nil && foursquare == nil ? FixtureScenario.offlineEnvironment : PlacesBinary.baseEnvironment()
        if let google { env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL }
        if let foursquare { env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL }
        if keys {
            env["GOOGLE_MAPS_API_KEY"] = googleKey
            env["FOURSQUARE_API_KEY"] = foursquareKey
        }
        return env
    }

    func run(_ args: [String], _ env: [String: String]) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env)
        for key in [googleKey, foursquareKey] {
            #expect(!r.stdout.contains(key) && !r.stderr.contains(key), "a key leaked: \(r)")
        }
        return r
    }

    // MARK: - Misses

    @Test func aChangedRadiusNamesTheRadiusPathAndBothValues() throws {
        let google = try FakeGooglePlaces()
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["nearby", "--provider", "google", "--at", "60.1699,24.9384", "--type", "restaurant"]
        let recorded = try run(base + ["--radius", "800", "--record", dir], env(google: google))
        #expect(recorded.status == 0, "\(recorded)")

        let miss = try run(base + ["--radius", "900", "--replay", dir], env(keys: false))
        #expect(miss.status == 66, "\(miss)")
        #expect(miss.stdout.isEmpty)
        #expect(miss.stderr.hasPrefix("places: error: replay: "), "\(miss.stderr)")
        #expect(miss.stderr.contains("body.locationRestriction.circle.radius: 800 recorded, 900 asked"), "\(miss.stderr)")
        #expect(miss.stderr.contains("--replay \(dir) --record \(dir)"), "the advice is the missing-only mode: \(miss.stderr)")
        #expect(miss.stderr.components(separatedBy: "places: error:").count == 2)
    }

    @Test func aMissingReplayDirectoryIsNotFoundNamingIt() throws {
        let r = try run(["nearby", "--provider", "google", "--near", "Helsinki", "--replay", "Fixturez"], env(keys: false))
        #expect(r.status == 66, "\(r)")
        #expect(r.stderr == "places: error: no such replay directory: Fixturez\n")
    }

    @Test func withoutProviderAReplayUsesTheProviderTheDirectoryHolds() throws {
        let foursquare = try FakeFoursquare()
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["nearby", "--at", "60.1699,24.9384", "--limit", "3", "--fields", "id,name"]
        #expect(try run(base + ["--provider", "foursquare", "--record", dir], env(foursquare: foursquare)).status == 0)
        // No key and no --provider: osm would be the default; the directory says foursquare.
        let replayed = try run(base + ["--replay", dir], env(keys: false))
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout.contains("foursquare:"), "\(replayed)")

        // Fixtures holds three providers' exchanges: the error says to pass --provider.
        let mixed = try run(["nearby", "--near", "Helsinki", "--replay", "Fixtures"], env(keys: false))
        #expect(mixed.status == 64, "\(mixed)")
        #expect(mixed.stderr.contains("pass --provider"), "\(mixed)")
    }

    // MARK: - Missing-only mode

    static func exchangeFiles(_ dir: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") && !$0.contains("/.") }.sorted()
    }

    static func requestURL(_ file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return (object["request"] as? [String: Any])?["url"] as? String
    }

    @Test func missingOnlyModeSendsOnlyThePagesNotRecordedAndTheNextReplayNeedsNone() throws {
        let foursquare = try FakeFoursquare()
        let full = Self.temporaryDirectory(), partial = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: full); try? FileManager.default.removeItem(atPath: partial) }
        let args = [
            "nearby", "--provider", "foursquare", "--near", "Helsinki", "--limit", "120", "--fields", "id,name,distanceMeters", "--format",
            "csv",
        ]
        let recorded = try run(args + ["--record", full], env(foursquare: foursquare))
        #expect(recorded.status == 0, "\(recorded)")
        #expect(foursquare.requests.count == 3, "a 3-page search")
        // Keep page 1 only: the exchange whose request has no cursor.
        let pages = Self.exchangeFiles(full)
        #expect(pages.count == 3)
        let first = try #require(pages.first { Self.requestURL(full + "/" + $0)?.contains("cursor=") == false })
        try FileManager.default.createDirectory(atPath: partial + "/foursquare", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: full + "/" + first, toPath: partial + "/" + first)

        let before = foursquare.requests.count
        let refreshed = try run(args + ["--replay", partial, "--record", partial], env(foursquare: foursquare))
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(foursquare.requests.count - before == 2, "only pages 2 and 3 are sent")
        #expect(foursquare.requests.suffix(2).allSatisfy { $0.target.contains("cursor=") })
        #expect(refreshed.stdout == recorded.stdout)
        #expect(Self.exchangeFiles(partial) == pages, "the same files as a full recording")

        foursquare.server.stop()
        let replayed = try run(args + ["--replay", partial], env(keys: false))
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
    }

    /// The missing-only mode needs a key only for what is missing: a directory that holds
    /// everything replays with no key, and a miss without the key is 77 after a note naming
    /// the missing exchange, with nothing sent and nothing recorded.
    @Test func missingOnlyModeNeedsAKeyOnlyForAMiss() throws {
        let google = try FakeGooglePlaces()
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["nearby", "--provider", "google", "--at", "60.1699,24.9384", "--type", "restaurant", "--fields", "id,name"]
        let recorded = try run(base + ["--radius", "800", "--record", dir], env(google: google))
        #expect(recorded.status == 0, "\(recorded)")
        let files = Self.exchangeFiles(dir)
        let sent = google.requests.count

        let hit = try run(base + ["--radius", "800", "--replay", dir, "--record", dir], env(google: google, keys: false))
        #expect(hit.status == 0, "\(hit)")
        #expect(hit.stdout == recorded.stdout)

        let miss = try run(base + ["--radius", "900", "--replay", dir, "--record", dir], env(google: google, keys: false))
        #expect(miss.status == 77, "\(miss)")
        #expect(miss.stdout.isEmpty)
        #expect(miss.stderr.contains("places: note: replay: no recorded exchange in \(dir)/google matches"), "\(miss.stderr)")
        #expect(miss.stderr.contains("800 recorded, 900 asked"), "\(miss.stderr)")
        #expect(
            miss.errorLines == [
                "places: error: Google Places needs an API key: set GOOGLE_MAPS_API_KEY (or use --provider osm, which needs none)"
            ], "\(miss.stderr)")
        #expect(google.requests.count == sent, "neither the hit nor the keyless miss may reach the server")
        #expect(Self.exchangeFiles(dir) == files, "nothing recorded")

        let keyed = try run(base + ["--radius", "900", "--replay", dir, "--record", dir], env(google: google))
        #expect(keyed.status == 0, "\(keyed)")
        #expect(google.requests.count == sent + 1, "with the key, the miss is sent")
        #expect(Self.exchangeFiles(dir).count == files.count + 1)
    }

    @Test func anUnwritableRecordDirectoryFailsBeforeAnythingIsSent() throws {
        let google = try FakeGooglePlaces()
        let r = try run(["nearby", "--provider", "google", "--near", "Helsinki", "--record", "/proc/nope"], env(google: google))
        #expect(r.status == 78, "\(r)")
        #expect(r.stderr.contains("/proc/nope") && r.stderr.contains("nothing was sent"), "\(r)")
        #expect(google.requests.isEmpty, "no request may go out before the directory is known writable")

        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try run(
            ["nearby", "--provider", "google", "--near", "Helsinki", "--replay", dir, "--record", "/proc/nope"], env(google: google))
        #expect(missing.status == 64, "two different directories: \(missing)")
        #expect(google.requests.isEmpty)
    }

    @Test func anErrorAnswerIsRecordedWithANote() throws {
        let foursquare = try FakeFoursquare { _ in FakeFoursquare.error(401, "Invalid request token.") }
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(["nearby", "--provider", "foursquare", "--near", "Helsinki", "--record", dir], env(foursquare: foursquare))
        #expect(r.status == 77, "\(r)")
        let files = Self.exchangeFiles(dir)
        #expect(files.count == 1)
        #expect(r.stderr.contains("places: note: recorded \(files.first ?? "?") with HTTP status 401"), "\(r)")
    }

    // MARK: - places cassettes

    /// A directory with two Google exchanges recorded against the fake: a nearby search and a
    /// text search.
    func recordedPair(_ google: FakeGooglePlaces) throws -> (dir: String, nearby: [String], search: [String]) {
        let dir = Self.temporaryDirectory()
        let nearby = ["nearby", "--provider", "google", "--at", "60.1699,24.9384", "--type", "cafe", "--limit", "3"]
        let search = ["search", "sushi", "--provider", "google", "--at", "60.1699,24.9384", "--limit", "3"]
        for args in [nearby, search] {
            let r = try run(args + ["--record", dir], env(google: google))
            #expect(r.status == 0, "\(r)")
        }
        return (dir, nearby, search)
    }

    @Test func listNamesEachFileWithItsRequestStatusAndTheCommandThatRecordedIt() throws {
        let google = try FakeGooglePlaces()
        let (dir, _, _) = try recordedPair(google)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(["cassettes", "list", dir], env(keys: false))
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0].hasPrefix("FILE\tMETHOD\tENDPOINT\tSTATUS"), "\(r)")
        let nearby = try #require(lines.first { $0.contains("/v1/places:searchNearby") })
        #expect(nearby.hasPrefix("google/") && nearby.contains("\tPOST\t") && nearby.contains("\t200\t"), "\(nearby)")
        #expect(nearby.contains("radius=1000") && nearby.contains("includedTypes="), "\(nearby)")
        #expect(nearby.hasSuffix("\tplaces nearby --provider google --at 60.1699,24.9384 --type cafe --limit 3"), "\(nearby)")
        #expect(lines.contains { $0.hasSuffix("\tplaces search sushi --provider google --at 60.1699,24.9384 --limit 3") }, "\(r)")
        // Files recorded before the command was kept still list (and replay).
        let old = try run(["cassettes", "list", "Fixtures"], env(keys: false))
        #expect(old.status == 0 && old.stdout.contains("osm/"), "\(old)")
    }

    @Test func checkFailsOnAPlantedKeyInABodyAndInAHeader() throws {
        let google = try FakeGooglePlaces()
        let (dir, _, _) = try recordedPair(google)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clean = try run(["cassettes", "check", dir], env(keys: false))
        #expect(clean.status == 0 && clean.stdout.contains("2 exchange(s)") && clean.stderr.isEmpty, "\(clean)")

        let files = Self.exchangeFiles(dir)
        try #require(files.count == 2, "\(files)")
        let planted = "AIzaSy" + String(repeating: "Q7x", count: 11)
        // In a response body.
        let bodyFile = dir + "/" + files[0]
        let original = try String(contentsOfFile: bodyFile, encoding: .utf8)
        try original.replacingOccurrences(of: "\"response\" : {", with: "\"response\" : {\n    \"note\" : \"photo?key=\(planted)\",")
            .write(toFile: bodyFile, atomically: true, encoding: .utf8)
        let body = try run(["cassettes", "check", dir], env(keys: false))
        #expect(body.status == 65, "\(body)")
        #expect(body.stdout.isEmpty && body.errorLines.count == 1, "\(body)")
        #expect(body.stderr.contains("\(files[0]): response.note holds a Google API key"), "\(body)")
        #expect(!body.stderr.contains(planted), "a finding never shows the value")
        try original.write(toFile: bodyFile, atomically: true, encoding: .utf8)

        // In a request header.
        let headerFile = dir + "/" + files[1]
        let text = try String(contentsOfFile: headerFile, encoding: .utf8)
        #expect(text.contains("\"X-Goog-Api-Key\" : \"REDACTED\""))
        try text.replacingOccurrences(of: "\"X-Goog-Api-Key\" : \"REDACTED\"", with: "\"X-Goog-Api-Key\" : \"\(planted)\"")
            .write(toFile: headerFile, atomically: true, encoding: .utf8)
        let header = try run(["cassettes", "check", dir], env(keys: false))
        #expect(header.status == 65, "\(header)")
        #expect(header.stderr.contains("\(files[1]): request.headers.X-Goog-Api-Key holds a value, not REDACTED"), "\(header)")
        #expect(!header.stderr.contains(planted))

        // A file that does not parse is a problem too.
        try "{\"request\": 1}".write(toFile: headerFile, atomically: true, encoding: .utf8)
        let broken = try run(["cassettes", "check", dir], env(keys: false))
        #expect(broken.status == 65 && broken.stderr.contains("is not a recorded exchange"), "\(broken)")
    }

    @Test func unusedListsExactlyTheFileNoLoggedReplayUsedAndDeleteRemovesIt() throws {
        let google = try FakeGooglePlaces()
        let (dir, nearby, search) = try recordedPair(google)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = dir + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        var logged = env(keys: false)
        logged["PLACES_REPLAY_LOG"] = log
        #expect(try run(nearby + ["--replay", dir], logged).status == 0)

        let searchFile = try #require(Self.exchangeFiles(dir).first { Self.requestURL(dir + "/" + $0)?.contains("searchText") == true })
        let unused = try run(["cassettes", "unused", dir], logged)
        #expect(unused.status == 0, "\(unused)")
        #expect(unused.stdout == searchFile + "\n", "\(unused)")

        let pruned = try run(["cassettes", "unused", dir, "--log", log, "--delete"], env(keys: false))
        #expect(pruned.status == 0 && pruned.stdout == searchFile + "\n", "\(pruned)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + searchFile))
        #expect(Self.exchangeFiles(dir).count == 1)
        #expect(try run(nearby + ["--replay", dir], env(keys: false)).status == 0, "the used file is kept")
        #expect(try run(search + ["--replay", dir], env(keys: false)).status == 66)

        let noLog = try run(["cassettes", "unused", dir], env(keys: false))
        #expect(noLog.status == 64 && noLog.stderr.contains("PLACES_REPLAY_LOG"), "\(noLog)")
    }
}
