import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesOSMExtract

/// `places reverse` and street addresses as locations, through the real binary: the city
/// stream against brute force over the gazetteer, the extract's nearest address against
/// brute force over its addr:* elements, Nominatim and Google's Geocoding API against
/// loopback fakes (request asserted, answer read, errors mapped, the key never shown).
@Suite("End to end: reverse")
struct ReverseEndToEndTests {
    static let pbf = PBFFiles.helsinki
    static let canary = "CANARY-GEOCODING-E2E-KEY-7f3a"

    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONHelpers.object(String($0)) }
    }

    /// Seeded points on land-heavy latitudes, a bad line and an NDJSON line among them: each
    /// record in input order, its city the brute-force nearest, the bad line an error record.
    @Test func cityOnlyStreamMatchesBruteForceInInputOrder() throws {
        var random = SplitMix64(seed: 0x2424)
        var points: [Coordinate] = []
        var input = ""
        for i in 0..<400 {
            let point = Coordinate(
                uncheckedLatitude: Double(random.below(1_260_000)) / 10_000 - 56,
                longitude: Double(random.below(3_600_000)) / 10_000 - 180)
            points.append(point)
            input +=
                i == 7
                ? #"{"latitude": \#(point.latitude), "longitude": \#(point.longitude)}"# + "\n" : "\(point.latitude),\(point.longitude)\n"
            if i == 100 { input += "not a point\n" }
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("points.txt", Data(input.utf8))
        let r = try PlacesBinary.shell(#""$PLACES" reverse - --city-only < "\#(file)""#)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("line 102"), "\(r.stderr)")
        let records = try Self.lines(r.stdout)
        #expect(records.count == 401)
        #expect(records.map { $0["line"] as? Int } == (1...401).map { $0 })
        let bad = records[101]
        #expect(bad["error"] is String && bad["latitude"] == nil)
        let good = records.filter { $0["error"] == nil }
        #expect(good.count == points.count)
        // The positions echoed exactly: read with Swift's own parser (Foundation's JSON reader on
        // Linux can be an ulp off for 17-digit numbers).
        let echoed = r.stdout.split(separator: "\n").filter { !$0.contains("\"error\"") }.map { line -> [Double?] in
            guard let m = line.firstMatch(of: /"latitude":([^,]+),"longitude":([^,]+),/) else { return [nil, nil] }
            return [Double(String(m.1)), Double(String(m.2))]
        }
        #expect(echoed == points.map { [$0.latitude, $0.longitude] })
        for (record, point) in zip(good, points) {
            let truth = CityAndDistrictTests.bruteForce(point)
            let place = Gazetteer.bundled.place(atRow: truth.city)
            let city = try #require(record["city"] as? [String: Any])
            #expect(city["name"] as? String == place.name && city["countryCode"] as? String == place.countryCode, "at \(point)")
            #expect(abs((city["distanceMeters"] as? Double ?? -1) - ReverseRenderer.rounded(truth.cityMeters)) < 1e-6, "at \(point)")
            let district = record["district"] as? [String: Any]
            #expect(district?["name"] as? String == truth.district.map { Gazetteer.bundled.place(atRow: $0).name }, "at \(point)")
            #expect(record["address"] is NSNull && (record["places"] as? [Any])?.isEmpty == true && record["provider"] is NSNull)
        }
    }

    /// The landmarks whose city is beyond doubt, through the binary users install: one point
    /// each, the record's city (the municipality, its division by name and code) and district;
    /// the stream's records and the table say the same.
    @Test func landmarksThroughTheBinary() throws {
        let landmarks = CityAndDistrictTests.landmarks
        let points = landmarks.map { "\($0.latitude),\($0.longitude)" }
        let r = try PlacesBinary.run(["reverse"] + points + ["--city-only", "--json"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let records = try Self.lines(r.stdout)
        #expect(records.count == landmarks.count)
        for (record, landmark) in zip(records, landmarks) {
            let city = try #require(record["city"] as? [String: Any], "\(landmark.name)")
            #expect(city["name"] as? String == landmark.city && city["countryCode"] as? String == landmark.countryCode, "\(landmark.name)")
            #expect(city["admin1"] is String && city["admin1Code"] is String, "\(landmark.name)")
            #expect((record["district"] as? [String: Any])?["name"] as? String == landmark.district, "\(landmark.name)")
            #expect(landmark.district != nil || record["district"] is NSNull, "\(landmark.name)")
        }
        let helsinki = try #require(records.first?["city"] as? [String: Any])
        #expect(helsinki["admin1"] as? String == "Uusimaa" && helsinki["admin1Code"] as? String == "01")
        let keys = r.stdout.split(separator: "\n").first.map { line in
            line.matches(of: /"([a-zA-Z0-9]+)":/).map { String($0.1) }
        }
        #expect(
            keys == [
                "latitude", "longitude", "address", "addressId", "addressDistanceMeters", "city", "name", "admin1", "admin1Code",
                "countryCode", "latitude", "longitude", "population", "distanceMeters", "district", "name", "distanceMeters", "places",
                "provider",
            ])
        let stream = try PlacesBinary.shell(#"printf '%s\n' \#(points.joined(separator: " ")) | "$PLACES" reverse - --city-only"#)
        #expect(
            stream.status == 0
                && stream.stdout.split(separator: "\n").map { $0.replacing(/^\{"line":\d+,/, with: "{") }
                    == r.stdout.split(separator: "\n").map { Substring($0) },
            "\(stream)")
        let table = try PlacesBinary.run(["reverse", points[0], "--city-only"])
        #expect(
            table.stdout.contains("  city     Helsinki, Uusimaa, FI (1.1 km away)\n  district Kallio (780 m away)\n"), "\(table.stdout)")
    }

    /// The nearest address of the bundled PBF at seeded points, against every addr:* element.
    @Test func extractAddressIsTheBruteForceNearest() async throws {
        let truth = try OSMAddressBookTests.pbfAddressesByBruteForce()
        var random = SplitMix64(seed: 0xADD2)
        var points: [Coordinate] = []
        for _ in 0..<25 {
            points.append(
                Coordinate(
                    uncheckedLatitude: 60.155 + Double(random.below(20_000)) / 1_000_000,
                    longitude: 24.925 + Double(random.below(35_000)) / 1_000_000))
        }
        let r = try await PlacesBinary.runDetached(
            ["reverse"] + points.map(\.description) + ["--data", Self.pbf, "--limit", "2", "--json"])
        #expect(r.status == 0, "\(r)")
        // The first point is over 1 km from every place of the extract: a search would note
        // it, while the places of `reverse` are a side dish of the address and say nothing.
        #expect(!r.stderr.contains("from every place of"), "\(r.stderr)")
        let records = try Self.lines(r.stdout)
        #expect(records.contains { ($0["places"] as? [Any])?.count == 2 }, "places are listed where there are some")
        #expect(records.count == points.count)
        var countries = 0
        for (record, point) in zip(records, points) {
            var best: (id: String, meters: Double)?
            for (id, element) in truth {
                let meters = GeodesicDistance.meters(from: point, to: Coordinate(uncheckedLatitude: element.lat, longitude: element.lon))
                if best.map({ meters < $0.meters }) ?? true { best = (id, meters) }
            }
            let expected = try #require(best)
            #expect(record["addressId"] as? String == expected.id, "at \(point)")
            #expect(
                abs((record["addressDistanceMeters"] as? Double ?? -1) - ReverseRenderer.rounded(expected.meters)) < 1e-6, "at \(point)")
            let address = try #require(record["address"] as? [String: Any])
            let tags = truth[expected.id]?.tags ?? [:]
            #expect(address["street"] as? String == (tags["addr:street"] ?? tags["addr:place"]))
            #expect((address["housenumber"] as? String) == tags["addr:housenumber"])
            // The element's addr:country, upper-cased; null (not a guess) where it has none.
            #expect(address["countryCode"] as? String == tags["addr:country"]?.uppercased(), "at \(point)")
            #expect(address.keys.contains("countryCode"))
            if tags["addr:country"] != nil { countries += 1 }
            #expect(record["provider"] as? String == "osm")
            #expect((record["city"] as? [String: Any])?["name"] as? String == Gazetteer.bundled.nearestCity(to: point)?.name)
            // At most two places, within 1 km, nearest first (some points are in the harbour).
            let places = try #require(record["places"] as? [[String: Any]])
            let distances = places.compactMap { $0["distanceMeters"] as? Double }
            #expect(places.count <= 2 && distances.count == places.count && distances == distances.sorted())
            #expect(distances.allSatisfy { $0 <= 1000 })
        }
        #expect(countries > 0, "some of the nearest addresses carry addr:country")
    }

    @Test func nominatimOnlineThroughTheBinary() async throws {
        let nominatim = try FakeNominatim()
        let overpass = try FakeOverpass()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_NOMINATIM_URL"] = nominatim.baseURL
        env["PLACES_OVERPASS_URL"] = overpass.endpoint
        let r = try await PlacesBinary.runDetached(["reverse", "60.1699,24.9384", "--provider", "osm", "--json"], environment: env)
        #expect(r.status == 0, "\(r)")
        let record = try JSONHelpers.object(r.stdout)
        #expect(record["addressId"] as? String == "osm:way/185401488")
        let address = try #require(record["address"] as? [String: Any])
        #expect(address["formatted"] as? String == "Simonkatu 7, 00100 Helsinki" && address["countryCode"] as? String == "FI")
        #expect((record["places"] as? [Any])?.count == 3, "the nearest places come from Overpass")
        let request = try #require(nominatim.requests.first)
        #expect(nominatim.requests.count == 1)
        #expect(request.path == "/reverse" && request.query["format"] == "jsonv2" && request.query["lat"] == "60.1699")
        #expect(request.header("User-Agent")?.hasPrefix("places/") == true)
        // A point in the sea: no address, not an error.
        let sea = try await PlacesBinary.runDetached(["reverse", "-70,0", "--provider", "osm", "--limit", "0", "--json"], environment: env)
        #expect(sea.status == 0, "\(sea)")
        #expect(try JSONHelpers.object(sea.stdout)["address"] is NSNull)
        // A server refusing the request.
        let refusing = try FakeNominatim { _ in .json(403, #"{"error":{"code":403,"message":"Access blocked"}}"#) }
        env["PLACES_NOMINATIM_URL"] = refusing.baseURL
        let blocked = try await PlacesBinary.runDetached(
            ["reverse", "60.1699,24.9384", "--provider", "osm", "--limit", "0"], environment: env)
        #expect(blocked.status != 0 && blocked.errorLines.count == 1, "\(blocked)")
        #expect(blocked.stderr.contains("Nominatim"), "\(blocked)")
    }

    @Test func googleGeocodingThroughTheBinaryNeverShowsTheKey() async throws {
        let google = try FakeGoogleGeocoding(key: Self.canary)
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_GOOGLE_GEOCODING_URL"] = google.baseURL
        env["GOOGLE_MAPS_API_KEY"] = Self.canary
        let r = try await PlacesBinary.runDetached(
            ["reverse", "60.1699,24.9384", "--provider", "google", "--limit", "0", "--format", "csv"], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("Simonkatu 7, 00100 Helsinki, Finland"), "\(r)")
        #expect(r.stdout.contains("google:ChIJs8VsGMsLkkYRk7e6uZ5r6Hg"))
        let request = try #require(google.requests.first)
        #expect(request.path == "/v4/geocode/location/60.1699,24.9384" && request.header("X-Goog-Api-Key") == Self.canary)
        #expect(!request.target.contains(Self.canary))
        #expect(!r.stdout.contains(Self.canary) && !r.stderr.contains(Self.canary))

        env["GOOGLE_MAPS_API_KEY"] = "WRONG-" + Self.canary
        let rejected = try await PlacesBinary.runDetached(
            ["reverse", "60.1699,24.9384", "--provider", "google", "--limit", "0"], environment: env)
        #expect(rejected.status == 77, "\(rejected)")
        #expect(!rejected.stdout.contains(Self.canary) && !rejected.stderr.contains(Self.canary))
        #expect(rejected.stderr.contains("Geocoding API"), "\(rejected)")

        env["GOOGLE_MAPS_API_KEY"] = Self.canary
        let dry = try await PlacesBinary.runDetached(["reverse", "60.1699,24.9384", "--provider", "google", "--dry-run"], environment: env)
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("GET \(google.baseURL)/v4/geocode/location/60.1699,24.9384"), "\(dry)")
        #expect(dry.stdout.contains("billed as Geocoding (Essentials)"))
        #expect(!dry.stdout.contains(Self.canary) && !dry.stderr.contains(Self.canary))
        #expect(google.requests.count == 2, "the dry run sent nothing")
    }

    @Test func foursquareHasNoReverseGeocoder() async throws {
        let r = try await PlacesBinary.runDetached(["reverse", "60.1699,24.9384", "--provider", "foursquare"])
        #expect(r.status == 64, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("--provider osm") && r.stderr.contains("--provider google"), "\(r)")
    }

    @Test func onePointIsOneObjectAndNegativePointsNeedNoDashes() async throws {
        let one = try await PlacesBinary.runDetached(["reverse", "-33.8688,151.2093", "--city-only", "--json"])
        #expect(one.status == 0, "\(one)")
        #expect(
            JSONHelpers.keyOrder(ofFirstObjectIn: one.stdout) == [
                "latitude", "longitude", "address", "addressId", "addressDistanceMeters", "city", "district", "places", "provider",
            ])
        #expect((try JSONHelpers.object(one.stdout)["city"] as? [String: Any])?["name"] as? String == "Sydney")
        let bad = try await PlacesBinary.runDetached(["reverse", "91,0", "--city-only"])
        #expect(bad.status == 64 && bad.errorLines.count == 1, "\(bad)")
        let geojson = try await PlacesBinary.runDetached([
            "reverse", "60.1699,24.9384", "-33.8688,151.2093", "--city-only", "--format", "geojson",
        ])
        let features = try #require(try JSONHelpers.object(geojson.stdout)["features"] as? [[String: Any]])
        #expect(features.count == 2)
        #expect((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [151.2093, -33.8688])
    }

    /// A street address as --near and as route ends: from the extract, where its elements are.
    @Test func addressesAsLocationsFromTheExtract() async throws {
        let truth = try OSMAddressBookTests.pbfAddressesByBruteForce()
        let simonkatu7 = truth.values.filter { $0.tags["addr:street"] == "Simonkatu" && $0.tags["addr:housenumber"] == "7" }
        #expect(!simonkatu7.isEmpty)
        let route = try await PlacesBinary.runDetached([
            "route-estimate", "--from", "Simonkatu 7, Helsinki", "--to", "60.1675,24.9522",
            "--data", Self.pbf, "--json",
        ])
        #expect(route.status == 0, "\(route)")
        let from = try #require(try JSONHelpers.object(route.stdout)["from"] as? [String: Any])
        let lat = try #require(from["latitude"] as? Double), lon = try #require(from["longitude"] as? Double)
        #expect(simonkatu7.contains { $0.lat == lat && $0.lon == lon }, "\(from)")
        #expect((from["name"] as? String)?.hasPrefix("Simonkatu 7") == true)

        let near = try await PlacesBinary.runDetached([
            "nearby", "--near", "Simonkatu 7, Helsinki", "--data", Self.pbf, "--limit", "1", "--json",
            "--fields", "id,distanceMeters,latitude,longitude",
        ])
        #expect(near.status == 0, "\(near)")
        let venue = try #require(try JSONHelpers.array(near.stdout).first)
        let venuePoint = try Coordinate(
            latitude: try #require(venue["latitude"] as? Double), longitude: try #require(venue["longitude"] as? Double))
        let measured = GeodesicDistance.meters(from: Coordinate(uncheckedLatitude: lat, longitude: lon), to: venuePoint)
        #expect(abs((venue["distanceMeters"] as? Double ?? -1) - measured) <= 0.05, "the centre is the address")

        let missing = try await PlacesBinary.runDetached(["nearby", "--near", "Simonkadu 7, Helsinki", "--data", Self.pbf])
        #expect(missing.status == 66 && missing.errorLines.count == 1, "\(missing)")
        #expect(missing.stderr.contains("closest streets: Simonkatu"), "\(missing)")
        // A city name still goes to the gazetteer.
        let city = try await PlacesBinary.runDetached(["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--json"])
        #expect(city.status == 0, "\(city)")
        #expect((try JSONHelpers.object(city.stdout)["from"] as? [String: Any])?["name"] as? String == "Helsinki")
    }

    /// Without an extract, the provider's geocoder: Nominatim for osm.
    @Test func addressAsRouteEndThroughNominatim() async throws {
        let nominatim = try FakeNominatim()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_NOMINATIM_URL"] = nominatim.baseURL
        let r = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "Simonkatu 7, Helsinki", "--to", "60.1675,24.9522", "--json"], environment: env)
        #expect(r.status == 0, "\(r)")
        let from = try #require(try JSONHelpers.object(r.stdout)["from"] as? [String: Any])
        #expect(from["latitude"] as? Double == 60.169721 && from["longitude"] as? Double == 24.936947)
        #expect(nominatim.requests.first?.path == "/search")
        #expect(nominatim.requests.first?.query["q"] == "Simonkatu 7, Helsinki")
        let none = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "Nowhere Street 1, Helsinki", "--to", "60.1675,24.9522"], environment: env)
        #expect(none.status == 66 && none.errorLines.count == 1, "\(none)")
    }

    @Test func batchLinesCanBeReverse() throws {
        let r = try PlacesBinary.shell(
            #"printf '%s\n' '["reverse","60.1699,24.9384","--city-only"]' '["reverse","-33.8688,151.2093","--city-only"]' | "$PLACES" batch"#
        )
        #expect(r.status == 0, "\(r)")
        let records = try Self.lines(r.stdout)
        #expect(
            records.compactMap { (($0["result"] as? [String: Any])?["city"] as? [String: Any])?["name"] as? String } == [
                "Helsinki", "Sydney",
            ])
    }
}
