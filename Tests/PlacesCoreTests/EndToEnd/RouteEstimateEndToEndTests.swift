import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesRouting
@testable import PlacesSupport

/// `places route-estimate` through the real binary: every router, every format, dry runs,
/// recordings, and the key never shown.
@Suite("End to end: route-estimate")
struct RouteEstimateEndToEndTests {
    static let canary = "CANARY-ROUTES-E2E-KEY-51d0"
    static let data = PlacesBinary.helsinkiData

    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env.merge(extra) { $1 }
        return env
    }

    @Test func estimateJSONFollowsTheContract() async throws {
        let r = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "60.1699,24.9384", "--to", "Espoo", "--mode", "drive", "--json",
        ])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(
            JSONHelpers.keyOrder(ofFirstObjectIn: r.stdout) == [
                "from", "to", "mode", "router", "distanceMeters", "durationSeconds", "straightLineMeters", "mapsUrl",
            ])
        let object = try JSONHelpers.object(r.stdout)
        let from = try #require(object["from"] as? [String: Any]), to = try #require(object["to"] as? [String: Any])
        #expect(from["latitude"] as? Double == 60.1699 && from["longitude"] as? Double == 24.9384)
        #expect(from["name"] is NSNull && from["id"] is NSNull)
        #expect(to["name"] as? String == "Espoo" && to["id"] is NSNull)
        #expect(object["mode"] as? String == "drive" && object["router"] as? String == "estimate")

        let a = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let b = try Coordinate(latitude: try #require(to["latitude"] as? Double), longitude: try #require(to["longitude"] as? Double))
        let straight = GeodesicDistance.meters(from: a, to: b)
        #expect(abs(try #require(object["straightLineMeters"] as? Double) - straight) <= 0.05)
        let expected = EstimateRouter.estimate(straightLineMeters: straight, mode: .drive)
        #expect(object["distanceMeters"] as? Double == expected.distanceMeters)
        #expect(object["durationSeconds"] as? Double == expected.durationSeconds)
        #expect(
            object["mapsUrl"] as? String
                == "https://www.google.com/maps/dir/?api=1&origin=60.1699,24.9384&destination=\(b.latitude),\(b.longitude)&travelmode=driving"
        )
        let order = JSONHelpers.keyOrder(ofFirstObjectIn: String(r.stdout.dropFirst()))
        #expect(order == ["latitude", "longitude", "name", "id"])
    }

    @Test func placeIDPointsComeFromTheDataFileAndNdjsonIsOneLine() async throws {
        let r = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "osm:way/185401488", "--to", "osm:node/1371746679", "--data", Self.data, "--format", "ndjson",
        ])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.split(separator: "\n").count == 1)
        let object = try JSONHelpers.object(r.stdout)
        let from = try #require(object["from"] as? [String: Any]), to = try #require(object["to"] as? [String: Any])
        #expect(from["id"] as? String == "osm:way/185401488" && from["name"] as? String == "Kampin kappeli")
        #expect(to["id"] as? String == "osm:node/1371746679" && to["name"] as? String == "D'Wok")
        #expect(to["latitude"] as? Double == 60.1692073 && to["longitude"] as? Double == 24.9355208)
        #expect(object["mode"] as? String == "walk")
    }

    @Test func tableSaysItIsAnEstimateAndLinksThreeMaps() async throws {
        let r = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--mode", "bike",
        ])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(
            r.stdout.hasPrefix(
                "This is an estimate, not a route: the straight line × 1.45 + 100 m for cycling at this distance, at 12.0 km/h."),
            "\(r.stdout)")
        let straight = GeodesicDistance.meters(
            from: try Coordinate(latitude: 60.1699, longitude: 24.9384), to: try Coordinate(latitude: 60.1675, longitude: 24.9522))
        let e = EstimateRouter.estimate(straightLineMeters: straight, mode: .bike)
        for line in [
            "Distance       \(DistanceText.format(e.distanceMeters))", "Duration       \(DistanceText.duration(e.durationSeconds))",
            "Straight line  \(DistanceText.format(straight))", "Mode           bike", "Router         estimate",
            "Google Maps    https://www.google.com/maps/dir/?api=1&origin=60.1699,24.9384&destination=60.1675,24.9522&travelmode=bicycling",
            "Apple Maps     https://maps.apple.com/?saddr=60.1699,24.9384&daddr=60.1675,24.9522",
            "OpenStreetMap  https://www.openstreetmap.org/directions?engine=fossgis_osrm_bike&route=60.1699,24.9384%3B60.1675,24.9522",
        ] {
            #expect(r.stdout.contains(line + "\n"), "missing \(line)\n\(r.stdout)")
        }
    }

    @Test func csvAndGeoJSON() async throws {
        let csv = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "Helsinki", "--to", "osm:node/1371746679", "--data", Self.data, "--format", "csv",
        ])
        #expect(csv.status == 0, "\(csv)")
        let lines = csv.stdout.split(separator: "\n")
        try #require(lines.count == 2, "\(csv)")
        #expect(
            lines[0]
                == "fromLatitude,fromLongitude,fromName,fromId,toLatitude,toLongitude,toName,toId,mode,router,distanceMeters,durationSeconds,straightLineMeters,mapsUrl"
        )
        #expect(
            lines[1].hasPrefix("60.16952,24.93545,Helsinki,,60.1692073,24.9355208,D'Wok,osm:node/1371746679,walk,estimate,"), "\(lines[1])")
        #expect(
            lines[1].hasSuffix(
                ",\"https://www.google.com/maps/dir/?api=1&origin=60.16952,24.93545&destination=60.1692073,24.9355208&travelmode=walking\"")
        )

        let geo = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--format", "geojson",
        ])
        let object = try JSONHelpers.object(geo.stdout)
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        try #require(features.count == 3)
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        #expect(line["coordinates"] as? [[Double]] == [[24.9384, 60.1699], [24.9522, 60.1675]])
        #expect((features[0]["properties"] as? [String: Any])?["router"] as? String == "estimate")
        #expect(features.dropFirst().map { ($0["properties"] as? [String: Any])?["role"] as? String } == ["from", "to"])
    }

    // MARK: - Web routers over loopback

    static let googleOK = #"{"routes":[{"distanceMeters":1843,"duration":"1342.5s"}]}"#
    static let osrmOK =
        #"{"code":"Ok","routes":[{"distance":601.9,"duration":433.5,"weight":433.5,"weight_name":"duration","legs":[]}],"waypoints":[{"distance":0,"name":"","location":[25,60]},{"distance":0,"name":"","location":[25.0054,60.0027]}]}"#

    @Test func googleRouterSendsTheKeyOnlyInItsHeaderAndNeverShowsIt() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.googleOK) }
        let env = Self.env(["GOOGLE_MAPS_API_KEY": Self.canary, "PLACES_GOOGLE_ROUTES_URL": server.baseURL])
        for format in ["json", "table", "csv"] {
            let r = try await PlacesBinary.runDetached(
                [
                    "route-estimate", "--from", "48.8584,2.2945", "--to", "48.8606,2.3376", "--router", "google", "--mode", "transit",
                    "--format", format,
                ], environment: env)
            #expect(r.status == 0, "\(r)")
            #expect(!r.stdout.contains(Self.canary) && !r.stderr.contains(Self.canary))
            if format == "json" {
                let object = try JSONHelpers.object(r.stdout)
                #expect(object["router"] as? String == "google" && object["mode"] as? String == "transit")
                #expect(object["distanceMeters"] as? Double == 1843 && object["durationSeconds"] as? Double == 1342.5)
            }
            if format == "table" {
                #expect(r.stdout.hasPrefix("Route by Google Routes (public transit).") && !r.stdout.contains("estimate"))
                #expect(r.stdout.contains("Duration       22 min\n"))
            }
        }
        let seen = try #require(server.requests.first)
        #expect(seen.header("X-Goog-Api-Key") == Self.canary && !seen.target.contains(Self.canary))
        #expect(seen.header("X-Goog-FieldMask") == "routes.distanceMeters,routes.duration")
    }

    @Test func googleErrorsExitWithOneLineAndNoKey() async throws {
        // The server echoes the key in its message; the error line must not.
        let rejected = try FakeHTTPServer { _ in
            .json(
                400,
                #"{"error":{"code":400,"message":"API key not valid: \#(Self.canary)","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}"#
            )
        }
        let empty = try FakeHTTPServer { _ in .json(200, "{}") }
        for (server, status, fragment) in [
            (rejected, Int32(77), "Google Routes rejected the key (400 INVALID_ARGUMENT, API_KEY_INVALID)"),
            (empty, 66, "found no driving route"),
        ] {
            let r = try await PlacesBinary.runDetached(
                ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google", "--mode", "drive"],
                environment: Self.env(["GOOGLE_MAPS_API_KEY": Self.canary, "PLACES_GOOGLE_ROUTES_URL": server.baseURL]))
            #expect(r.status == status, "\(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains(fragment), "\(r)")
            #expect(r.stdout.isEmpty && !r.stderr.contains(Self.canary), "\(r)")
        }
    }

    @Test func osrmRouterAnswersAndItsNoRouteIs66() async throws {
        let server = try FakeHTTPServer { request in
            request.path.contains("/driving/")
                ? .json(400, #"{"message":"Impossible route between points","code":"NoRoute"}"#) : .json(200, Self.osrmOK)
        }
        let env = Self.env(["PLACES_OSRM_URL": server.baseURL])
        let ok = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "60,25", "--to", "60.0027,25.0054", "--router", "osrm", "--json"], environment: env)
        #expect(ok.status == 0 && ok.stderr.isEmpty, "\(ok)")
        let object = try JSONHelpers.object(ok.stdout)
        #expect(
            object["router"] as? String == "osrm" && object["distanceMeters"] as? Double == 601.9
                && object["durationSeconds"] as? Double == 433.5)
        #expect(server.requests.first?.target == "/route/v1/walking/25,60;25.0054,60.0027?overview=false")

        let none = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "60,25", "--to", "60.05,25", "--router", "osrm", "--mode", "drive"], environment: env)
        #expect(none.status == 66, "\(none)")
        #expect(none.errorLines.count == 1 && none.errorLines[0].contains("OSRM found no driving route"), "\(none)")
        #expect(none.stdout.isEmpty)
    }

    // MARK: - Dry runs and recordings

    @Test func dryRunsPrintTheRequestWithTheKeyRedactedAndSendNothing() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.googleOK) }
        let env = Self.env([
            "GOOGLE_MAPS_API_KEY": Self.canary, "PLACES_GOOGLE_ROUTES_URL": server.baseURL, "PLACES_OSRM_URL": server.baseURL,
        ])
        let google = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "60.1699,24.9384", "--to", "Espoo", "--router", "google", "--mode", "bike", "--dry-run"],
            environment: env)
        #expect(google.status == 0, "\(google)")
        #expect(google.stdout.hasPrefix("POST \(server.baseURL)/directions/v2:computeRoutes\n"), "\(google)")
        #expect(
            google.stdout.contains("X-Goog-Api-Key: REDACTED\n")
                && google.stdout.contains("X-Goog-FieldMask: routes.distanceMeters,routes.duration\n"))
        #expect(google.stdout.contains("\"BICYCLE\"") && !google.stdout.contains("routingPreference"))
        #expect(google.stdout.contains("# dry run: nothing was sent"))
        #expect(!google.stdout.contains(Self.canary) && !google.stderr.contains(Self.canary))

        let noKey = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "google", "--dry-run"],
            environment: Self.env(["PLACES_GOOGLE_ROUTES_URL": server.baseURL]))
        #expect(noKey.status == 0 && noKey.stdout.contains("X-Goog-Api-Key: REDACTED"), "\(noKey)")

        let osrm = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "osrm", "--mode", "drive", "--dry-run"], environment: env)
        #expect(osrm.status == 0 && osrm.stdout.hasPrefix("GET \(server.baseURL)/route/v1/driving/2,1;4,3?overview=false\n"), "\(osrm)")

        let estimate = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "1,2", "--to", "3,4", "--dry-run"], environment: env)
        #expect(
            estimate.status == 0 && estimate.stdout == "# dry run: the estimate router works offline; no request would be sent\n",
            "\(estimate)")
        #expect(server.requests.isEmpty)
    }

    @Test func recordedRoutesReplayOfflineWithoutTheKey() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-routes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let google = try FakeHTTPServer { _ in .json(200, Self.googleOK) }
        let osrm = try FakeHTTPServer { _ in .json(200, Self.osrmOK) }
        let live = Self.env([
            "GOOGLE_MAPS_API_KEY": Self.canary, "PLACES_GOOGLE_ROUTES_URL": google.baseURL, "PLACES_OSRM_URL": osrm.baseURL,
        ])
        let args = [
            ["route-estimate", "--from", "60,25", "--to", "60.0027,25.0054", "--router", "google", "--json"],
            ["route-estimate", "--from", "60,25", "--to", "60.0027,25.0054", "--router", "osrm", "--json"],
        ]
        var recorded: [String] = []
        for a in args {
            let r = try await PlacesBinary.runDetached(a + ["--record", dir.path], environment: live)
            #expect(r.status == 0, "\(r)")
            recorded.append(r.stdout)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 2 && files[0].hasPrefix("google/") && files[1].hasPrefix("osrm/"), "\(files)")
        for file in files {
            #expect(!(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)).contains(Self.canary))
        }
        google.stop()
        osrm.stop()
        for (a, stdout) in zip(args, recorded) {
            let r = try await PlacesBinary.runDetached(a + ["--replay", dir.path], environment: Self.env())
            #expect(r.status == 0 && r.stdout == stdout, "\(r)")
        }
    }

    // MARK: - Errors

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: String
        var environment: [String: String] = [:]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["route-estimate", "--to", "1,2"], status: 64, message: "route-estimate needs --from"),
        Case(arguments: ["route-estimate"], status: 64, message: "needs --from and --to"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--mode", "wlak"], status: 64,
            message: "unknown --mode 'wlak' (did you mean walk?)"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "bing"], status: 64,
            message: "unknown --router 'bing'"),
        Case(arguments: ["route-estimate", "--from", "91,0", "--to", "3,4"], status: 64, message: "--from: latitude 91.0 is out of range"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "osm:area/1"], status: 64,
            message: "--to: 'osm:area/1' is not an OpenStreetMap id"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--format", "yaml"], status: 64,
            message: "unknown --format 'yaml'"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--mode", "transit", "--router", "osrm"], status: 64,
            message: "OSRM has no transit profile"),
        Case(
            arguments: ["route-estimate", "--from", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "--to", "3,4", "--data", data], status: 64,
            message: "--data reads an OpenStreetMap extract"),
        Case(
            arguments: ["route-estimate", "--from", "Atlantisxx", "--to", "3,4"], status: 66, message: "--from: no place named 'Atlantisxx'"
        ),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "osm:node/1", "--data", data], status: 66, message: "no place osm:node/1"
        ),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "osm:node/1", "--data", "/nonexistent/pois.json"], status: 66,
            message: "no such --data file"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "google"], status: 77,
            message: "Google Routes needs an API key: set GOOGLE_MAPS_API_KEY"),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "osrm"], status: 78,
            message: "PLACES_OSRM_URL='ftp://example.org' is not an http(s) URL",
            environment: ["PLACES_OSRM_URL": "ftp://example.org"]),
        Case(
            arguments: ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "osrm", "--timeout", "5", "--retries", "0"],
            status: 69, message: "cannot reach OSRM at 127.0.0.1",
            environment: ["PLACES_OSRM_URL": "http://127.0.0.1:9"]),
    ]

    @Test(arguments: cases)
    func exitCodeAndOneErrorLine(_ c: Case) async throws {
        let r = try await PlacesBinary.runDetached(c.arguments, environment: Self.env(c.environment))
        #expect(r.status == c.status, "\(r)")
        #expect(r.errorLines.count == 1, "\(r)")
        #expect(r.errorLines.first?.contains(c.message) == true, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
    }

    @Test func transitWithOSRMIsRefusedBeforeAnyRequest() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmOK) }
        let r = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "1,2", "--to", "3,4", "--mode", "transit", "--router", "osrm"],
            environment: Self.env(["PLACES_OSRM_URL": server.baseURL]))
        #expect(r.status == 64, "\(r)")
        #expect(server.requests.isEmpty)
    }

    @Test func timeoutIs69() async throws {
        let server = try FakeHTTPServer { _ in .stall(seconds: 4) }
        let r = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "1,2", "--to", "3,4", "--router", "osrm", "--mode", "bike", "--timeout", "0.5", "--retries", "0"],
            environment: Self.env(["PLACES_OSRM_URL": server.baseURL]))
        #expect(r.status == 69, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("did not answer in time"), "\(r)")
    }
}
