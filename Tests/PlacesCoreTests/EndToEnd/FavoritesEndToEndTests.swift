import Foundation
import Testing

/// `places favorite add|remove|list` and favorites in `nearby`/`search`/`details`,
/// through the built binary, each test with its own favorites file.
@Suite("End to end: favorites")
struct FavoritesEndToEndTests {
    /// Loiste and Kampin kappeli are 207.5 m and 27.3 m from the Helsinki gazetteer point.
    static let loiste = "osm:node/1369465615"
    static let kappeli = "osm:way/185401488"

    @Test func addListRemoveAndAddAgain() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        #expect(try s.run(["favorite", "list", "--json"]).stdout == "[]\n")

        let add = try s.run(["favorite", "add", Self.loiste, "--note", "Friday lunch"], data: true)
        #expect(add.status == 0 && add.stdout.isEmpty, "\(add)")
        #expect(add.stderr.contains("added \(Self.loiste) (Loiste)"), "\(add)")

        let list = try s.run(["favorite", "list", "--json"])
        let entry = try #require(try JSONHelpers.array(list.stdout).first)
        #expect(
            JSONHelpers.keyOrder(ofFirstObjectIn: list.stdout) == [
                "id", "provider", "name", "latitude", "longitude", "address", "distanceMeters", "categories", "cuisines", "mapsUrl",
                "isFavorite", "addedAt", "note", "alias",
            ])
        #expect(entry["id"] as? String == Self.loiste && entry["name"] as? String == "Loiste")
        #expect(entry["isFavorite"] as? Bool == true && entry["note"] as? String == "Friday lunch")
        #expect(entry["distanceMeters"] is NSNull)
        let addedAt = try #require(entry["addedAt"] as? String)
        #expect(addedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)

        // The snapshot holds what the provider said, website and phone included.
        let stored = try JSONHelpers.object(String(decoding: try #require(s.bytes()), as: UTF8.self))
        let snapshot = try #require((stored["favorites"] as? [[String: Any]])?.first)
        #expect(snapshot["website"] as? String == "http://www.ravintolaloiste.fi/")
        #expect(snapshot["phone"] as? String == "+358 9 4337 6315")
        #expect(stored["version"] as? Int == 1)

        // Again without --note: one entry, same addedAt, the note kept, and stderr says so.
        Thread.sleep(forTimeInterval: 1.1)
        let again = try s.run(["favorite", "add", Self.loiste], data: true)
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stderr.contains("already a favorite") && again.stderr.contains("kept its addedAt \(addedAt)")
                && again.stderr.contains("kept its note"), "\(again)")
        var entries = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(entries.count == 1 && entries[0]["addedAt"] as? String == addedAt && entries[0]["note"] as? String == "Friday lunch")

        // With --note: replaced.
        let renote = try s.run(["favorite", "add", Self.loiste, "--note", "Sunday brunch"], data: true)
        #expect(renote.stderr.contains("replaced its note"), "\(renote)")
        entries = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(entries.count == 1 && entries[0]["addedAt"] as? String == addedAt && entries[0]["note"] as? String == "Sunday brunch")

        // An empty --note clears it (null, not ""); both spellings of the flag work.
        let clear = try s.run(["favorite", "add", Self.loiste, "--note", ""], data: true)
        #expect(clear.status == 0 && clear.stderr.contains("cleared its note"), "\(clear)")
        entries = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(entries.count == 1 && entries[0]["addedAt"] as? String == addedAt && entries[0]["note"] is NSNull, "\(entries)")
        let clearAgain = try s.run(["favorite", "add", Self.loiste, "--note="], data: true)
        #expect(clearAgain.status == 0 && clearAgain.stderr.contains("it had no note"), "\(clearAgain)")
        #expect(!(try String(contentsOfFile: s.path, encoding: .utf8)).contains("\"note\" : \"\""), "an empty note is not stored")

        let remove = try s.run(["favorite", "remove", Self.loiste])
        #expect(remove.status == 0 && remove.stderr.contains("removed \(Self.loiste) (Loiste)"), "\(remove)")
        #expect(try s.run(["favorite", "list", "--json"]).stdout == "[]\n")

        let removeAgain = try s.run(["favorite", "remove", Self.loiste])
        #expect(removeAgain.status == 66 && removeAgain.errorLines.count == 1, "\(removeAgain)")
        #expect(removeAgain.errorLines.first?.contains("is not in your favorites (\(s.path))") == true)
    }

    @Test func unknownPlaceOrBadIdAddsNothing() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let unknown = try s.run(["favorite", "add", "osm:node/1"], data: true)
        #expect(unknown.status == 66 && unknown.errorLines.count == 1, "\(unknown)")
        let bad = try s.run(["favorite", "add", "nocolon"], data: true)
        #expect(bad.status == 64 && bad.errorLines.count == 1, "\(bad)")
        #expect(s.bytes() == nil)
        let removeMissing = try s.run(["favorite", "remove", Self.loiste])
        #expect(removeMissing.status == 66, "\(removeMissing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.directory.path).isEmpty)
    }

    /// Two favorites with addedAt written out of id order: listed oldest first, or nearest first.
    @Test func listIsOldestFirstOrNearestFirstInEveryFormat() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        try Data(
            """
            {"version": 1, "favorites": [
              {"id": "\(Self.kappeli)", "name": "Kampin kappeli", "latitude": 60.1694454, "longitude": 24.9359191,
               "categories": ["place_of_worship"], "addedAt": "2024-03-01T08:00:00Z", "note": "quiet, \\"really\\""},
              {"id": "\(Self.loiste)", "name": "Loiste", "latitude": 60.1702394, "longitude": 24.938897,
               "categories": ["restaurant"], "addedAt": "2023-12-24T18:00:00Z", "note": null}]}
            """.utf8
        ).write(to: s.file)
        let byAge = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(byAge.map { $0["id"] as? String } == [Self.loiste, Self.kappeli])

        let near = try JSONHelpers.array(s.run(["favorite", "list", "--near", "Helsinki", "--json"]).stdout)
        #expect(near.map { $0["id"] as? String } == [Self.kappeli, Self.loiste])
        #expect(near.map { $0["distanceMeters"] as? Double } == [27.3, 207.5])

        let csv = try s.run(["favorite", "list", "--format", "csv"]).stdout.split(separator: "\n").map(String.init)
        try #require(csv.count == 3, "\(csv)")
        #expect(
            csv[0] == "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite,addedAt,note,alias"
        )
        #expect(csv[2].hasSuffix(",true,2024-03-01T08:00:00Z,\"quiet, \"\"really\"\"\","), "\(csv)")

        let ndjson = try s.run(["favorite", "list", "--format", "ndjson"]).stdout.split(separator: "\n")
        #expect(
            try ndjson.map { try JSONHelpers.object(String($0))["addedAt"] as? String } == ["2023-12-24T18:00:00Z", "2024-03-01T08:00:00Z"])

        let geo = try JSONHelpers.object(s.run(["favorite", "list", "--format", "geojson"]).stdout)
        let properties = try #require((geo["features"] as? [[String: Any]])?.compactMap { $0["properties"] as? [String: Any] })
        #expect(properties.map { $0["note"] is NSNull } == [true, false])

        let table = try s.run(["favorite", "list", "--at", "60.1699,24.9384"]).stdout.split(separator: "\n").map(String.init)
        try #require(table.count == 3, "\(table)")
        #expect(
            table[0].hasPrefix("NAME") && table[0].contains("DISTANCE") && table[0].contains("ADDED") && table[0].contains("NOTE")
                && table[0].hasSuffix("ALIAS"), "\(table)")
        #expect(table[1].hasPrefix("Loiste") && table[1].contains("47 m"), "\(table)")

        let fields = try s.run(["favorite", "list", "--json", "--fields", "note,id"])
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: fields.stdout) == ["id", "note"])
        let plus = try s.run(["favorite", "list", "--json", "--fields", "+rating"])
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: plus.stdout).suffix(4) == ["rating", "addedAt", "note", "alias"])
        let unknown = try s.run(["favorite", "list", "--fields", "nots"])
        #expect(unknown.status == 64 && unknown.errorLines.first?.contains("did you mean note?") == true, "\(unknown)")
    }

    /// Listing reads only the file: every web endpoint unreachable, no keys, a web provider as default.
    @Test func listWorksWithTheNetworkUnreachable() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        #expect(try s.run(["favorite", "add", Self.loiste, "--note", "offline"], data: true).status == 0)
        var env = s.environment
        for name in [
            "PLACES_GOOGLE_PLACES_URL", "PLACES_GOOGLE_ROUTES_URL", "PLACES_FOURSQUARE_URL", "PLACES_OVERPASS_URL", "PLACES_OSRM_URL",
        ] {
            env[name] = "http://127.0.0.1:1"
        }
        env["PLACES_PROVIDER"] = "google"
        for format in ["table", "json", "csv", "ndjson", "geojson"] {
            let r = try PlacesBinary.run(["favorite", "list", "--near", "Helsinki", "--format", format], environment: env)
            #expect(r.status == 0 && r.stdout.contains("Loiste") && r.stdout.contains("offline"), "\(format): \(r)")
            #expect(r.errorLines.isEmpty, "\(r)")
        }
    }

    @Test func searchesMarkFavoritesAndFavoritesOnlyComesBeforeLimit() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let nearest = try JSONHelpers.array(s.run(["nearby", "--near", "Helsinki", "--limit", "6", "--json"], data: true).stdout)
        #expect(nearest.allSatisfy { $0["isFavorite"] as? Bool == false })
        let ids = nearest.compactMap { $0["id"] as? String }
        try #require(ids.count == 6, "\(nearest)")
        // The 2nd, 4th and 6th nearest: --limit 2 must give the 2nd and 4th, not the first two places.
        for id in [ids[1], ids[3], ids[5]] {
            #expect(try s.run(["favorite", "add", id], data: true).status == 0)
        }
        let marked = try JSONHelpers.array(s.run(["nearby", "--near", "Helsinki", "--limit", "6", "--json"], data: true).stdout)
        #expect(marked.map { $0["isFavorite"] as? Bool } == [false, true, false, true, false, true])

        let only = try s.run(
            ["nearby", "--near", "Helsinki", "--favorites-only", "--limit", "2", "--format", "csv", "--fields", "id,isFavorite"], data: true
        )
        #expect(only.stdout == "id,isFavorite\n\(ids[1]),true\n\(ids[3]),true\n", "\(only)")

        let search = try s.run(["search", "Loiste", "--json"], data: true)
        #expect(try JSONHelpers.array(search.stdout).first?["isFavorite"] as? Bool == false)
        #expect(try s.run(["favorite", "add", Self.loiste], data: true).status == 0)
        let searchAgain = try s.run(["search", "Loiste", "--favorites-only", "--json"], data: true)
        #expect(try JSONHelpers.array(searchAgain.stdout).map { $0["isFavorite"] as? Bool } == [true], "\(searchAgain)")

        let details = try s.run(["details", Self.loiste, "--json"], data: true)
        #expect(try JSONHelpers.object(details.stdout)["isFavorite"] as? Bool == true)
    }

    @Test func noFavoritesFileMeansNoFavoritesAndNothingCreated() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let r = try s.run(["nearby", "--near", "Helsinki", "--limit", "3", "--json"], data: true)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let only = try s.run(["nearby", "--near", "Helsinki", "--favorites-only", "--json"], data: true)
        #expect(only.status == 0 && only.stdout == "[]\n" && only.stderr.contains("no favorites yet"), "\(only)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.directory.path).isEmpty)
    }

    /// A file that is not favorites: every favorite command is 65 and leaves it byte for
    /// byte; nearby still answers, with a warning; --favorites-only cannot, so it is 65.
    @Test(arguments: [
        "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"cut short",
        "{\"version\": 2, \"favorites\": [], \"from\": \"a newer places\"}\n",
    ])
    func anUnreadableFileIsLeftByteForByte(_ content: String) throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let original = Data(content.utf8)
        try original.write(to: s.file)
        for args in [
            ["favorite", "add", Self.loiste, "--data", PlacesBinary.helsinkiData], ["favorite", "remove", Self.loiste],
            ["favorite", "list"], ["nearby", "--near", "Helsinki", "--favorites-only", "--data", PlacesBinary.helsinkiData],
        ] {
            let r = try s.run(args)
            #expect(r.status == 65, "\(args): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains(s.path) && r.errorLines[0].contains("left unchanged"), "\(r)")
            #expect(s.bytes() == original)
        }
        let nearby = try s.run(["nearby", "--near", "Helsinki", "--limit", "2", "--json"], data: true)
        #expect(nearby.status == 0, "\(nearby)")
        #expect(try JSONHelpers.array(nearby.stdout).count == 2)
        #expect(nearby.stderr.hasPrefix("places: warning: the favorites file \(s.path)") && nearby.errorLines.isEmpty, "\(nearby)")
        #expect(s.bytes() == original)
    }

    @Test func aPathThatIsADirectoryOrCannotBeWrittenIs78() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let directory = ["PLACES_FAVORITES_FILE": s.directory.path]
        for args in [["favorite", "list"], ["favorite", "add", Self.loiste, "--data", PlacesBinary.helsinkiData]] {
            let r = try s.run(args, environment: directory)
            #expect(r.status == 78 && r.errorLines.count == 1 && r.errorLines[0].contains("\(s.directory.path) is a directory"), "\(r)")
        }
        // A directory that cannot be written: as root, permissions do not stop writes, but /proc does.
        let unwritable: String
        if getuid() == 0 {
            unwritable = "/proc/self/favorites.json"
        } else {
            let locked = s.directory.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
            unwritable = locked.appendingPathComponent("favorites.json").path
        }
        let r = try s.run(["favorite", "add", Self.loiste], data: true, environment: ["PLACES_FAVORITES_FILE": unwritable])
        #expect(r.status == 78 && r.errorLines.count == 1 && r.errorLines[0].contains(unwritable), "\(r)")
        // ...and it is found before the provider is asked: a web lookup may be billed.
        let google = try FakeGooglePlaces()
        defer { google.server.stop() }
        let web = try s.run(
            ["favorite", "add", "google:ChIJunwritable"],
            environment: [
                "PLACES_FAVORITES_FILE": unwritable, "GOOGLE_MAPS_API_KEY": "test-key", "PLACES_GOOGLE_PLACES_URL": google.baseURL,
            ])
        #expect(web.status == 78 && web.errorLines.count == 1 && web.errorLines[0].contains(unwritable), "\(web)")
        #expect(google.requests.isEmpty, "favorite add asked Google before finding it could not save: \(google.requests.map(\.target))")
        let underAFile = s.directory.appendingPathComponent("file")
        try Data().write(to: underAFile)
        let r2 = try s.run(
            ["favorite", "add", Self.loiste], data: true, environment: ["PLACES_FAVORITES_FILE": underAFile.path + "/favorites.json"])
        #expect(r2.status == 78 && r2.errorLines.count == 1, "\(r2)")
    }

    @Test func xdgDataHomeAndHomeDecideTheDefaultPlace() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        var env = PlacesBinary.baseEnvironment(home: s.directory.appendingPathComponent("home").path)
        env["PLACES_FAVORITES_FILE"] = nil
        env["XDG_DATA_HOME"] = s.directory.appendingPathComponent("xdg").path
        #expect(try PlacesBinary.run(["favorite", "add", Self.loiste, "--data", PlacesBinary.helsinkiData], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: s.directory.appendingPathComponent("xdg/places/favorites.json").path))
        env["XDG_DATA_HOME"] = nil
        #expect(try PlacesBinary.run(["favorite", "add", Self.kappeli, "--data", PlacesBinary.helsinkiData], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: s.directory.appendingPathComponent("home/.local/share/places/favorites.json").path))
    }
}
