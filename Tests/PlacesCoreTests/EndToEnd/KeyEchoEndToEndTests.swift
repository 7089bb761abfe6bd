import Foundation
import Testing

/// Hostile servers that echo the key back — exact, lower- or upper-cased, percent-encoded,
/// JSON-escaped, or a mix — in an error body, in a 200 body as a place's name, and in a
/// header a recording would store. Through the binary: the key must reach no stdout, no
/// stderr and no file, in any form, for Google Places, Foursquare and Google Routes.
@Suite("End to end: a key echoed by a server is never printed or written")
struct KeyEchoEndToEndTests {
    /// Mixed case and `-`/`_`, like a real key.
    let canary = "AIzaSyCanary-E2e_\(UUID().uuidString.prefix(8))"

    /// One web API as the tests drive it.
    struct API: Sendable {
        let name: String
        let keyVariable: String
        let urlVariable: String
        let arguments: [String]
        /// A 200 body that puts `form` in something printed (a name, an address, a duration).
        let okBody: @Sendable (String) -> String
        /// What the 200 body becomes: 0 and a place, or 65 for a value that is not one.
        let okStatus: Int32
        /// An error body that quotes `form` after enough text that a message cut short would cut the key.
        let errorBody: @Sendable (String) -> String
        /// A body that does not echo.
        let plainBody: String
    }

    /// `lead`, filler, then `form` starting 15 characters before `cut`: a message cut at
    /// `cut` characters (as a server's message is, at 300, or a body that is not JSON, at 200)
    /// cuts the key, so scrubbing after the cut would miss the part left.
    static func straddling(_ lead: String, _ form: String, cut: Int) -> String {
        lead + String(repeating: "x", count: cut - 15 - lead.count - 5) + " for " + form + " and more"
    }

    static let apis: [API] = [
        API(
            name: "Google Places", keyVariable: "GOOGLE_MAPS_API_KEY", urlVariable: "PLACES_GOOGLE_PLACES_URL",
            arguments: ["nearby", "--provider", "google", "--at", "60.17,24.94", "--radius", "500", "--retries", "0"],
            okBody: {
                #"{"places":[{"id":"ChIJecho","displayName":{"text":"Echo \#($0)","languageCode":"en"},"location":{"latitude":60.1701,"longitude":24.9401},"formattedAddress":"\#($0) 1, Helsinki","types":["restaurant"]}]}"#
            },
            okStatus: 0,
            errorBody: {
                #"{"error":{"code":400,"message":"\#(straddling("Invalid request ", $0, cut: 300))","status":"INVALID_ARGUMENT"}}"#
            },
            plainBody: #"{"places":[]}"#),
        API(
            name: "Foursquare", keyVariable: "FOURSQUARE_API_KEY", urlVariable: "PLACES_FOURSQUARE_URL",
            arguments: ["nearby", "--provider", "foursquare", "--at", "60.17,24.94", "--radius", "500", "--retries", "0"],
            okBody: {
                #"{"results":[{"fsq_place_id":"echo0001","name":"Echo \#($0)","latitude":60.1701,"longitude":24.9401,"location":{"formatted_address":"\#($0) 1, Helsinki"}}]}"#
            },
            okStatus: 0,
            errorBody: { #"{"message":"\#(straddling("Invalid request ", $0, cut: 300))"}"# },
            plainBody: #"{"results":[]}"#),
        API(
            name: "Google Routes", keyVariable: "GOOGLE_MAPS_API_KEY", urlVariable: "PLACES_GOOGLE_ROUTES_URL",
            arguments: [
                "route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google", "--mode", "drive",
                "--retries", "0",
            ],
            okBody: { #"{"routes":[{"distanceMeters":1843,"duration":"\#($0)s"}]}"# },
            okStatus: 65,
            errorBody: {
                #"{"error":{"code":400,"message":"\#(straddling("Invalid request ", $0, cut: 300))","status":"INVALID_ARGUMENT"}}"#
            },
            plainBody: #"{"routes":[{"distanceMeters":1843,"duration":"1342s"}]}"#),
    ]

    func environment(_ api: API, _ server: FakeHTTPServer) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env[api.keyVariable] = api.keyVariable == "FOURSQUARE_API_KEY" ? "Bearer \(canary)" : canary
        env[api.urlVariable] = server.baseURL
        return env
    }

    func expectNoLeak(_ r: PlacesBinary.Result, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !KeyForms.leaks(canary, in: r.stdout) && !KeyForms.leaks(canary, in: r.stderr), "\(context): the key leaked: \(r)",
            sourceLocation: sourceLocation)
    }

    func files(under directory: URL) -> [URL] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
        return paths.map { directory.appendingPathComponent($0) }.filter { !$0.hasDirectoryPath && (try? Data(contentsOf: $0)) != nil }
    }

    @Test(arguments: apis.map(\.name))
    func anErrorBodyEchoingTheKeyPrintsOneLineWithoutIt(_ name: String) async throws {
        let api = try #require(Self.apis.first { $0.name == name })
        for (form, echo) in KeyForms.echoes(of: canary) {
            for (status, body) in [(400, api.errorBody(echo)), (500, Self.straddling("Internal error ", echo, cut: 200))] {
                let server = try FakeHTTPServer { _ in .json(status, body) }
                defer { server.stop() }
                let r = try await PlacesBinary.runDetached(api.arguments, environment: environment(api, server))
                #expect(r.status == (status == 400 ? 64 : 69), "\(name), \(form), \(status): \(r)")
                #expect(r.errorLines.count == 1 && r.stdout.isEmpty, "\(name), \(form), \(status): \(r)")
                #expect(r.stderr.contains("REDACTED"), "\(name), \(form), \(status): the message should still quote the server: \(r)")
                expectNoLeak(r, "\(name), \(form), \(status)")
            }
        }
    }

    @Test(arguments: apis.map(\.name))
    func aSuccessfulBodyEchoingTheKeyPrintsItRedacted(_ name: String) async throws {
        let api = try #require(Self.apis.first { $0.name == name })
        for (form, echo) in KeyForms.echoes(of: canary) {
            let server = try FakeHTTPServer { _ in .json(200, api.okBody(echo)) }
            defer { server.stop() }
            for format in ["table", "json", "csv"] {
                let r = try await PlacesBinary.runDetached(api.arguments + ["--format", format], environment: environment(api, server))
                #expect(r.status == api.okStatus, "\(name), \(form), \(format): \(r)")
                #expect((r.status == 0 ? r.stdout : r.stderr).contains("REDACTED"), "\(name), \(form), \(format): \(r)")
                expectNoLeak(r, "\(name), \(form), \(format)")
            }
        }
    }

    /// The recorder sees the response before anything scrubs it: it must refuse to write a
    /// file holding the key in any form, in a header or in the body.
    @Test(arguments: apis.map(\.name))
    func aRecordingThatWouldHoldTheKeyIsRefusedAndNothingIsWritten(_ name: String) async throws {
        let api = try #require(Self.apis.first { $0.name == name })
        for (form, echo) in KeyForms.echoes(of: canary) {
            for (place, reply) in [
                ("header", FakeHTTPServer.Reply.json(200, api.plainBody, headers: [("X-Request-Echo", echo)])),
                ("body", .json(200, api.okBody(echo))),
            ] {
                let server = try FakeHTTPServer { _ in reply }
                defer { server.stop() }
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-echo-rec-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: directory) }
                let r = try await PlacesBinary.runDetached(
                    api.arguments + ["--record", directory.path], environment: environment(api, server))
                #expect(
                    r.status == 65 && r.errorLines.count == 1 && r.errorLines[0].contains("refusing to record"),
                    "\(name), \(form) in the \(place): \(r)")
                expectNoLeak(r, "\(name), \(form) in the \(place)")
                for file in files(under: directory) {
                    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                    #expect(!KeyForms.leaks(canary, in: text), "\(name), \(form) in the \(place): \(file.path) holds the key")
                }
            }
        }
    }

    /// Any 12 characters of a key in a row are a secret: issue 10's fuzz had Google Routes
    /// answer `"duration":"AIzaSyFuzzCanary"` (the key's first 16 characters), printed in the
    /// error line and recorded by `--record`. Now they are `REDACTED` in messages and on
    /// stdout, and a recording that would hold them is refused.
    @Test func aPieceOfTheKeyIsRedactedLikeTheKey() async throws {
        let routes = try #require(Self.apis.first { $0.name == "Google Routes" })
        let places = try #require(Self.apis.first { $0.name == "Google Places" })
        for (form, piece) in KeyForms.pieces(of: canary) {
            let server = try FakeHTTPServer { request in
                request.path.contains("computeRoutes")
                    ? .json(200, #"{"routes":[{"distanceMeters":1234,"duration":"\#(piece)"}]}"#)
                    : .json(200, places.okBody(piece))
            }
            defer { server.stop() }
            let route = try await PlacesBinary.runDetached(routes.arguments, environment: environment(routes, server))
            #expect(
                route.status == 65 && route.errorLines.count == 1 && route.errorLines[0].contains(#"duration "REDACTED""#),
                "\(form): \(route)")
            expectNoLeak(route, "Routes, \(form)")
            let nearby = try await PlacesBinary.runDetached(places.arguments + ["--json"], environment: environment(places, server))
            #expect(nearby.status == 0 && nearby.stdout.contains("Echo REDACTED"), "\(form): \(nearby)")
            expectNoLeak(nearby, "Places, \(form)")
        }
        // The recorder sees the answer before anything scrubs it.
        let server = try FakeHTTPServer { _ in .json(200, #"{"routes":[{"distanceMeters":1234,"duration":"\#(canary.prefix(16))"}]}"#) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-piece-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorded = try await PlacesBinary.runDetached(
            routes.arguments + ["--record", directory.path], environment: environment(routes, server))
        #expect(
            recorded.status == 65 && recorded.errorLines.count == 1 && recorded.errorLines[0].contains("refusing to record"), "\(recorded)")
        #expect(files(under: directory).isEmpty, "\(files(under: directory))")
        expectNoLeak(recorded, "--record")
    }

    /// A Foursquare key holding `/` and `+`: a piece of it echoed as a URL encoder or a JSON
    /// writer spells it is a piece too.
    @Test func anEncodedPieceOfAnOpaqueKeyIsRedacted() async throws {
        let api = try #require(Self.apis.first { $0.name == "Foursquare" })
        let key = "fsq3E2e+Canary/\(UUID().uuidString.prefix(8))=Key"
        for (form, piece) in KeyForms.pieces(of: key) {
            let server = try FakeHTTPServer { _ in .json(200, api.okBody(piece)) }
            defer { server.stop() }
            var env = PlacesBinary.baseEnvironment()
            env[api.keyVariable] = key
            env[api.urlVariable] = server.baseURL
            let r = try await PlacesBinary.runDetached(api.arguments + ["--json"], environment: env)
            #expect(r.status == 0 && r.stdout.contains("Echo REDACTED"), "\(form): \(r)")
            #expect(!KeyForms.leaks(key, in: r.stdout + r.stderr), "\(form): \(r)")
        }
    }

    /// A snapshot is made from the response: a key echoed as the place's name must not reach
    /// the favorites file (no output scrubber stands between a response and a file).
    @Test func aFavoriteMadeFromAnEchoingAnswerDoesNotStoreTheKey() async throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        for (form, echo) in KeyForms.echoes(of: canary) {
            let server = try FakeHTTPServer { _ in
                .json(
                    200,
                    #"{"id":"ChIJecho","displayName":{"text":"Echo \#(echo)"},"location":{"latitude":60.17,"longitude":24.94},"formattedAddress":"\#(echo) 1","websiteUri":"https://example.com/?k=\#(echo)"}"#
                )
            }
            defer { server.stop() }
            let r = try sandbox.run(
                ["favorite", "add", "google:ChIJecho", "--note", "echo test"],
                environment: ["GOOGLE_MAPS_API_KEY": canary, "PLACES_GOOGLE_PLACES_URL": server.baseURL])
            #expect(r.status == 0 && r.stderr.contains("Echo REDACTED"), "\(form): \(r)")
            expectNoLeak(r, form)
            let stored = String(decoding: try #require(sandbox.bytes()), as: UTF8.self)
            #expect(
                !KeyForms.leaks(canary, in: stored) && stored.contains("Echo REDACTED"),
                "\(form): the favorites file holds the key:\n\(stored)")
        }
    }

    /// The last line of defence: whatever prints the key — here the user's own arguments,
    /// which no response scrubbing sees — stdout and stderr carry it in no form.
    @Test func theKeyGivenAsAnArgumentIsScrubbedFromStdoutAndStderr() throws {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        let foursquareKey = "fsq-" + String(canary.reversed())
        env["FOURSQUARE_API_KEY"] = "Bearer \(foursquareKey)"
        for form in KeyForms.echoes(of: canary).map(\.text) {
            let search = try PlacesBinary.run(["search", form, "--provider", "google", "--dry-run"], environment: env)
            #expect(search.status == 0 && search.stdout.contains("REDACTED"), "\(search)")
            expectNoLeak(search, "search \(form)")
            let details = try PlacesBinary.run(["details", "google:\(form)", "--dry-run"], environment: env)
            #expect(details.status == 0 || details.status == 64, "some forms are not a valid id: \(details)")
            expectNoLeak(details, "details \(form)")
            let near = try PlacesBinary.run(["nearby", "--near", form, "--data", PlacesBinary.helsinkiData], environment: env)
            #expect(near.status == 66 && near.errorLines.count == 1, "\(near)")
            expectNoLeak(near, "--near \(form)")
        }
        // FOURSQUARE_API_KEY="Bearer KEY": KEY alone is a secret too.
        let foursquare = try PlacesBinary.run(
            ["search", foursquareKey.lowercased(), "--provider", "foursquare", "--dry-run"], environment: env)
        #expect(foursquare.status == 0 && foursquare.stdout.contains("query=REDACTED"), "\(foursquare)")
        #expect(!KeyForms.leaks(foursquareKey, in: foursquare.stdout + foursquare.stderr), "\(foursquare)")
    }

    /// A sibling: a password in a configured URL (`https://user:PASSWORD@mirror/`) is a
    /// secret too, in `providers` and in a dry run's request line.
    @Test func aPasswordInAConfiguredURLIsNeverShown() throws {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OVERPASS_URL"] = "https://me:\(canary)@mirror.example/api/interpreter?key=\(canary)"
        for args in [["providers"], ["providers", "--json"], ["nearby", "--provider", "osm", "--near", "Helsinki", "--dry-run"]] {
            let r = try PlacesBinary.run(args, environment: env)
            #expect(r.status == 0 && r.stdout.contains("https://me:REDACTED@mirror.example/api/interpreter?key=REDACTED"), "\(args): \(r)")
            expectNoLeak(r, "\(args)")
        }
    }
}
