import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// `nearby`/`search --from --to` and `route-estimate --steps` through the binary: offline
/// answers against brute force over every place of the bundled extract (the estimate's
/// straight line, and an OSRM line served by the loopback fake), Google's one Text Search
/// along the route checked field by field with detours read from its routing summaries,
/// steps from OSRM and Google Routes, the route in GeoJSON, and dry runs.
@Suite("Along a route, end to end")
struct AlongRouteEndToEndTests {
    typealias W = AlongRouteWorld
    static let canary = "AIzaSyROUTE-canary-key-0123456789abcd"

    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env.merge(extra) { $1 }
        return env
    }

    static let everyPlace = AlongRouteOfflineTests.everyPlace

    static func ids(_ stdout: String) throws -> [String] {
        try JSONHelpers.array(stdout).compactMap { $0["id"] as? String }
    }

    @Test(arguments: [(150.0, "nearby"), (600, "nearby"), (1200, "search")])
    func offlineStraightLineMatchesBruteForce(_ radius: Double, _ command: String) async throws {
        let (a, b) = (W.c(60.1650, 24.9300), W.c(60.1900, 24.9600))
        let arguments =
            [command] + (command == "search" ? ["sushi"] : []) + [
                "--from", "\(a.latitude),\(a.longitude)", "--to", "\(b.latitude),\(b.longitude)", "--radius", "\(radius)",
                "--data", W.helsinki, "--limit", "1000", "--json",
            ]
        let result = try await PlacesBinary.runDetached(arguments, environment: Self.env())
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("along the straight line"), "\(result)")
        var pool = W.measured(Self.everyPlace, line: [a, b])
        if command == "search" {
            let request = W.request(line: [a, b], radius: radius, query: "sushi")
            pool = pool.filter { OSMSearchMatcher.matches($0.venue, request: request) }
        }
        let expected = W.bruteForce(pool, radius: radius)
        #expect(!expected.isEmpty)
        #expect(try Self.ids(result.stdout) == expected.map(\.venue.id.description))
        let first = try #require(try JSONHelpers.array(result.stdout).first)
        #expect(abs((first["alongMeters"] as? Double ?? -1) - (expected[0].along * 10).rounded() / 10) < 0.051)
        #expect(abs((first["routeOffsetMeters"] as? Double ?? -1) - (expected[0].offset * 10).rounded() / 10) < 0.051)
        #expect(first.keys.contains("detourSeconds") && first["detourSeconds"] is NSNull)
    }

    @Test func offlineOSRMLineMatchesBruteForceAndGeoJSONDrawsIt() async throws {
        let line = W.windingLine(steps: 160, seed: 31)
        let osrm = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.osrmAnswer(line: line)) }
        let env = Self.env(["PLACES_OSRM_URL": osrm.baseURL])
        let args = [
            "nearby", "--from", "60.1699,24.9384", "--to", "60.19,24.97", "--router", "osrm", "--radius", "250", "--data", W.helsinki,
            "--limit", "1000",
        ]
        let result = try await PlacesBinary.runDetached(args + ["--json"], environment: env)
        #expect(result.status == 0, "\(result)")
        #expect(
            osrm.requests.first?.target == "/route/v1/walking/24.9384,60.1699;24.97,60.19?overview=full&geometries=polyline&steps=false")
        let expected = W.bruteForce(W.measured(Self.everyPlace, line: line), radius: 250)
        #expect(expected.count > 50)
        #expect(try Self.ids(result.stdout) == expected.map(\.venue.id.description))

        let map = try await PlacesBinary.runDetached(args + ["--format", "geojson", "--limit", "5"], environment: env)
        #expect(map.status == 0, "\(map)")
        let features = try #require(try JSONHelpers.object(map.stdout)["features"] as? [[String: Any]])
        #expect(features.count == 6)
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let drawn = try #require(geometry["coordinates"] as? [[Double]])
        #expect(drawn.count == line.count && drawn.first == [line[0].longitude, line[0].latitude])
        #expect((features[0]["properties"] as? [String: Any])?["role"] as? String == "route")
    }

    /// Google's answer: three places and their routing summaries (one empty, as Google gives
    /// for a place without one).
    static let googleAnswer = #"""
        {"places":[
          {"id":"ChIJp1","displayName":{"text":"Apteekki Kamppi"},"location":{"latitude":60.1702,"longitude":24.9371},"types":["pharmacy"]},
          {"id":"ChIJp2","displayName":{"text":"Apteekki Kallio"},"location":{"latitude":60.1840,"longitude":24.9500},"types":["pharmacy"]},
          {"id":"ChIJp3","displayName":{"text":"Yliopiston Apteekki"},"location":{"latitude":60.1772,"longitude":24.9512},"types":["pharmacy"]}],
         "routingSummaries":[
          {"legs":[{"duration":"100s","distanceMeters":500},{"duration":"1900s","distanceMeters":2300}],"directionsUri":"https://www.google.com/maps/dir/x"},
          {"legs":[{"duration":"1960.5s","distanceMeters":2705},{"duration":"20s","distanceMeters":40}]},
          {}]}
        """#

    @Test func googleSearchesAlongTheRouteInOneTextSearchAndReadsDetours() async throws {
        let line = W.windingLine(steps: 80, seed: 5)
        let osrm = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.osrmAnswer(line: line)) }
        let google = try FakeHTTPServer { _ in .json(200, Self.googleAnswer) }
        let env = Self.env([
            "PLACES_OSRM_URL": osrm.baseURL, "PLACES_GOOGLE_PLACES_URL": google.baseURL, "GOOGLE_MAPS_API_KEY": Self.canary,
        ])
        let result = try await PlacesBinary.runDetached(
            [
                "search", "pharmacy", "--from", "60.1699,24.9384", "--to", "60.19,24.97", "--router", "osrm", "--mode", "drive",
                "--provider", "google", "--radius", "3000", "--sort", "detour", "--json",
            ], environment: env)
        #expect(result.status == 0, "\(result)")
        #expect(osrm.requests.first?.path == "/route/v1/driving/24.9384,60.1699;24.97,60.19")
        #expect(google.requests.count == 1)
        let sent = try #require(google.requests.first)
        #expect(sent.path == "/v1/places:searchText")
        #expect(sent.header("X-Goog-Api-Key") == Self.canary)
        #expect(
            sent.header("X-Goog-FieldMask")
                == "places.id,places.displayName,places.location,places.formattedAddress,places.types,places.googleMapsUri,places.businessStatus,routingSummaries,nextPageToken"
        )
        // SearchTextRequest (Places API v1 discovery document): textQuery, pageSize,
        // searchAlongRouteParameters.polyline.encodedPolyline; DRIVE is the default travel
        // mode, so no routingParameters; no location bias or restriction with a route.
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        #expect(Set(body.keys) == ["textQuery", "pageSize", "rankPreference", "searchAlongRouteParameters"])
        #expect(body["textQuery"] as? String == "pharmacy" && body["pageSize"] as? Int == 20)
        let along = try #require(body["searchAlongRouteParameters"] as? [String: Any])
        let polyline = try #require(along["polyline"] as? [String: Any])
        #expect(polyline.keys.sorted() == ["encodedPolyline"])
        #expect(polyline["encodedPolyline"] as? String == EncodedPolyline.encode(line))

        // The route's figures are OSRM's: 2710.4 m, 1950.2 s. Detours are the legs' sums less them.
        let venues = try JSONHelpers.array(result.stdout)
        #expect(venues.map { $0["id"] as? String } == ["google:ChIJp2", "google:ChIJp1", "google:ChIJp3"])
        #expect(venues[0]["detourSeconds"] as? Double == (1960.5 + 20 - 1950.2).rounded())
        #expect(venues[0]["detourMeters"] as? Double == (2705 + 40 - 2710.4).rounded())
        #expect(
            venues[1]["detourSeconds"] as? Double == (2000 - 1950.2).rounded()
                && venues[1]["detourMeters"] as? Double == (2800 - 2710.4).rounded())
        #expect(venues[2]["detourSeconds"] is NSNull && venues[2]["detourMeters"] is NSNull)
        #expect(venues.allSatisfy { $0["alongMeters"] is Double && $0["routeOffsetMeters"] is Double })
        #expect(!result.stdout.contains(Self.canary) && !result.stderr.contains(Self.canary))
    }

    @Test func dryRunPrintsTheRoutesRequestAndTheSearchsWithBilling() async throws {
        let server = try FakeHTTPServer { _ in .json(500, "{}") }
        let env = Self.env([
            "PLACES_GOOGLE_ROUTES_URL": server.baseURL, "PLACES_GOOGLE_PLACES_URL": server.baseURL, "GOOGLE_MAPS_API_KEY": Self.canary,
        ])
        let result = try await PlacesBinary.runDetached(
            [
                "nearby", "--type", "pharmacy", "--from", "60.1699,24.9384", "--to", "60.19,24.97", "--router", "google", "--mode", "drive",
                "--provider", "google", "--dry-run",
            ], environment: env)
        #expect(result.status == 0, "\(result)")
        #expect(server.requests.isEmpty)
        let out = result.stdout
        let routes = try #require(out.range(of: "POST \(server.baseURL)/directions/v2:computeRoutes"))
        let search = try #require(out.range(of: "POST \(server.baseURL)/v1/places:searchText"))
        #expect(routes.lowerBound < search.lowerBound)
        #expect(out.contains("X-Goog-FieldMask: routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline\n"))
        #expect(out.contains("# billing: Routes API Compute Routes, Essentials tier"))
        #expect(
            out.contains("routingSummaries") && out.contains("# billed as Text Search Enterprise + Atmosphere (set by: routingSummaries)"))
        #expect(out.contains("# nearby along a route: a Text Search with the type as its query"))
        #expect(out.contains("\"searchAlongRouteParameters\""))
        #expect(!out.contains(Self.canary))

        // --max-tier applies to the search too: the route (Essentials) is drawn, the search
        // (Enterprise + Atmosphere, for the detours) is refused before it is sent.
        let routesServer = try FakeHTTPServer { _ in
            .json(200, RouteGeometryTests.routesAnswer(line: [W.c(60.1699, 24.9384), W.c(60.19, 24.97)]))
        }
        let places = try FakeHTTPServer { _ in .json(200, Self.googleAnswer) }
        let cappedEnv = Self.env([
            "PLACES_GOOGLE_ROUTES_URL": routesServer.baseURL, "PLACES_GOOGLE_PLACES_URL": places.baseURL,
            "GOOGLE_MAPS_API_KEY": Self.canary,
        ])
        let capped = try await PlacesBinary.runDetached(
            [
                "nearby", "--type", "pharmacy", "--from", "60.1699,24.9384", "--to", "60.19,24.97", "--router", "google", "--mode", "drive",
                "--provider", "google", "--max-tier", "pro",
            ], environment: cappedEnv)
        #expect(capped.status == 64, "\(capped)")
        #expect(routesServer.requests.count == 1 && places.requests.isEmpty)
        #expect(capped.errorLines.count == 1 && capped.errorLines[0].contains("routingSummaries"), "\(capped)")
    }

    @Test func routeEstimateStepsFromOSRMAndGoogleAndTheEstimateSaysItHasNone() async throws {
        let line = W.windingLine(steps: 30, seed: 2)
        let osrm = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.osrmAnswer(line: line)) }
        let routes = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.routesAnswer(line: line)) }
        let env = Self.env([
            "PLACES_OSRM_URL": osrm.baseURL, "PLACES_GOOGLE_ROUTES_URL": routes.baseURL, "GOOGLE_MAPS_API_KEY": Self.canary,
        ])
        let ends = ["--from", "60.1699,24.9384", "--to", "60.19,24.97"]

        let fromOSRM = try await PlacesBinary.runDetached(
            ["route-estimate"] + ends + ["--router", "osrm", "--steps", "--json"], environment: env)
        #expect(fromOSRM.status == 0, "\(fromOSRM)")
        #expect(osrm.requests.first?.target.hasSuffix("?overview=full&geometries=polyline&steps=true") == true)
        let steps = try #require(try JSONHelpers.object(fromOSRM.stdout)["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["instruction"] as? String } == [
                "Start on Mannerheimintie", "Turn right onto Hämeentie",
                "At the roundabout take the 2nd exit", "Arrive at the destination on the left",
            ])
        #expect(steps[1]["distanceMeters"] as? Double == 1500 && steps[1]["durationSeconds"] as? Double == 1080.2)
        #expect(steps[1]["latitude"] as? Double == 60.1772 && steps[1]["longitude"] as? Double == 24.9512)

        let table = try await PlacesBinary.runDetached(["route-estimate"] + ends + ["--router", "osrm", "--steps"], environment: env)
        #expect(table.status == 0 && table.stdout.contains("  2. Turn right onto Hämeentie (1.5 km, 18 min)"), "\(table)")

        let fromGoogle = try await PlacesBinary.runDetached(
            ["route-estimate"] + ends + ["--router", "google", "--mode", "drive", "--steps", "--json"],
            environment: env)
        #expect(fromGoogle.status == 0, "\(fromGoogle)")
        let googleSteps = try #require(try JSONHelpers.object(fromGoogle.stdout)["steps"] as? [[String: Any]])
        #expect(googleSteps.map { $0["instruction"] as? String } == ["Head north on Mannerheimintie", "Turn right"])
        #expect(routes.requests.first?.header("X-Goog-FieldMask")?.contains("routes.legs.steps.navigationInstruction.instructions") == true)

        let estimate = try await PlacesBinary.runDetached(["route-estimate"] + ends + ["--steps", "--json"], environment: env)
        #expect(estimate.status == 0, "\(estimate)")
        #expect(try JSONHelpers.object(estimate.stdout)["steps"] is NSNull)
        #expect(estimate.stderr.contains("the estimate router has no steps"))

        let map = try await PlacesBinary.runDetached(
            ["route-estimate"] + ends + ["--router", "osrm", "--format", "geojson"], environment: env)
        let features = try #require(try JSONHelpers.object(map.stdout)["features"] as? [[String: Any]])
        let drawn = try #require((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(drawn.count == line.count, "\(map)")
    }

    @Test func usageErrors() async throws {
        for (args, says) in [
            (["nearby", "--from", "60,25"], "both --from and --to"),
            (["nearby", "--from", "60,25", "--to", "60.1,25", "--at", "60,25"], "one or the other"),
            (["nearby", "--at", "60,25", "--sort", "detour"], "needs a route"),
            (["nearby", "--from", "60,25", "--to", "60.1,25", "--mode", "transit"], "--mode transit"),
        ] {
            let result = try await PlacesBinary.runDetached(args + ["--data", W.helsinki], environment: Self.env())
            #expect(result.status == 64, "\(args): \(result)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].contains(says), "\(args): \(result)")
        }
    }
}
