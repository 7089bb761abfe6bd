import Foundation
import Testing

/// `places nearby` / `search` / `details` through the built binary on the bundled extract.
@Suite("End to end: nearby, search, details")
struct NearbyEndToEndTests {
    let data = ["--data", PlacesBinary.helsinkiData]

    @Test func readmeMainCommandPrintsTheNearestRestaurants() throws {
        let r = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--type", "restaurant"] + data)
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 21, "\(r)")
        #expect(lines[0].hasPrefix("NAME"))
        #expect(lines[1].contains("Asian Wok And Grill Phở Việt") && lines[1].contains("35 m"))
        #expect(r.stderr.isEmpty)
    }

    @Test func jsonPipedToJqLengthIs20() throws {
        let r = try PlacesBinary.shell(
            "$PLACES nearby --near Helsinki --type restaurant --data \"$DATA\" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'"
        )
        #expect(r.stdout == "20\n", "\(r)")
    }

    /// Checked independently with GeographicLib (Python) on the same file: Loiste, 46.8096 m.
    @Test func nearestRestaurantAgreesWithAnIndependentComputation() throws {
        let r = try PlacesBinary.run(["nearby", "--at", "60.1699,24.9384", "--type", "restaurant", "--limit", "1", "--json"] + data)
        let first = try #require(try JSONHelpers.array(r.stdout).first)
        #expect(first["id"] as? String == "osm:node/1369465615")
        #expect(first["name"] as? String == "Loiste")
        #expect(first["distanceMeters"] as? Double == 46.8)
        let all = try PlacesBinary.run(["nearby", "--at", "60.1699,24.9384", "--type", "restaurant", "--limit", "1000", "--json"] + data)
        #expect(try JSONHelpers.array(all.stdout).count == 202)
    }

    @Test func everyFormatParsesAndCarriesTheSameVenues() throws {
        let base = ["nearby", "--at", "60.1699,24.9384", "--type", "cafe", "--limit", "5"] + data
        let json = try JSONHelpers.array(PlacesBinary.run(base + ["--format", "json"]).stdout)
        let ids = json.compactMap { $0["id"] as? String }
        try #require(ids.count == 5)
        #expect(
            Array(json[0].keys).sorted() == [
                "address", "categories", "cuisines", "distanceMeters", "id", "isFavorite", "latitude", "longitude", "mapsUrl", "name",
                "provider",
            ])

        let ndjson = try PlacesBinary.run(base + ["--format", "ndjson"]).stdout.split(separator: "\n")
        #expect(try ndjson.map { try JSONHelpers.object(String($0))["id"] as? String } == ids)

        let csv = try PlacesBinary.run(base + ["--format", "csv"]).stdout.split(separator: "\n")
        #expect(csv.first == "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite")
        #expect(csv.dropFirst().map { String($0.prefix { $0 != "," }) } == ids)

        let geo = try JSONHelpers.object(PlacesBinary.run(base + ["--format", "geojson"]).stdout)
        let features = try #require(geo["features"] as? [[String: Any]])
        #expect(features.compactMap { ($0["properties"] as? [String: Any])?["id"] as? String } == ids)
        let coords = try #require((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(coords == [json[0]["longitude"] as? Double, json[0]["latitude"] as? Double].compactMap { $0 })

        let table = try PlacesBinary.run(base).stdout.split(separator: "\n")
        try #require(table.count == 6)
        #expect(table[1].contains(json[0]["name"] as? String ?? "(a name)"))
    }

    @Test func fieldsSelectExactlyAddOrAll() throws {
        let base = ["nearby", "--near", "Helsinki", "--limit", "1", "--json"] + data
        let exact = try PlacesBinary.run(base + ["--fields", "id,name,distanceMeters"])
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: exact.stdout) == ["id", "name", "distanceMeters"])
        let added = try PlacesBinary.run(base + ["--fields", "+rating,+phone"])
        let keys = JSONHelpers.keyOrder(ofFirstObjectIn: added.stdout)
        #expect(keys.suffix(2) == ["rating", "phone"])
        #expect(try JSONHelpers.array(added.stdout).first.flatMap { $0["rating"] } is NSNull)
        let all = try PlacesBinary.run(base + ["--fields", "all"])
        #expect(
            JSONHelpers.keyOrder(ofFirstObjectIn: all.stdout) == [
                "id", "provider", "name", "latitude", "longitude", "address", "distanceMeters", "categories", "cuisines", "rating",
                "ratingCount", "priceLevel", "openNow", "phone", "website", "mapsUrl", "isFavorite", "sameAs", "businessStatus",
            ],
            "the contract's order, then sameAs (issue 16: every field, [] with one provider)")
    }

    @Test func zeroResultsIsSuccessInEveryFormat() throws {
        let base = ["nearby", "--at", "60.1699,24.9384", "--radius", "1"] + data
        let table = try PlacesBinary.run(base)
        #expect(table.status == 0)
        #expect(table.stdout.isEmpty)
        #expect(table.stderr.contains("no places found"))
        #expect(try PlacesBinary.run(base + ["--json"]).stdout == "[]\n")
        #expect(try PlacesBinary.run(base + ["--format", "ndjson"]).stdout == "")
        #expect(try PlacesBinary.run(base + ["--format", "csv"]).stdout.split(separator: "\n").count == 1)
        let geo = try JSONHelpers.object(PlacesBinary.run(base + ["--format", "geojson"]).stdout)
        #expect((geo["features"] as? [Any])?.isEmpty == true)
        for format in ["json", "ndjson", "csv", "geojson"] {
            let r = try PlacesBinary.run(base + ["--format", format])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(format): \(r)")
        }
    }

    @Test func negativeCoordinatesWorkInBothFlagForms() throws {
        for args in [["--at", "-33.8688,151.2093"], ["--at=-33.8688,151.2093"], ["--at", "-33.8688,-151.2093"]] {
            let r = try PlacesBinary.run(["nearby"] + args + ["--json"] + data)
            #expect(r.status == 0, "\(args): \(r)")
            #expect(r.stdout == "[]\n")
        }
    }

    @Test func groupByCuisineWithFilter() throws {
        let r = try PlacesBinary.run(
            [
                "nearby", "--near", "Helsinki", "--type", "restaurant", "--group-by", "cuisine", "--filter", "sushi", "--limit", "200",
                "--json",
            ] + data)
        #expect(r.status == 0, "\(r)")
        let groups = try JSONHelpers.array(r.stdout)
        #expect(groups.first?["cuisine"] as? String == "sushi")
        for group in groups where (group["cuisine"] as? String) != "sushi" {
            for restaurant in group["restaurants"] as? [[String: Any]] ?? [] {
                #expect((restaurant["name"] as? String)?.lowercased().contains("sushi") == true)
            }
        }
        let table = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--type", "restaurant", "--group-by", "cuisine"] + data)
        #expect(table.stdout.contains("\nother ("))
    }

    @Test func searchWithAndWithoutLocation() throws {
        let located = try JSONHelpers.array(PlacesBinary.run(["search", "sushi", "--near", "Helsinki", "--json"] + data).stdout)
        #expect(!located.isEmpty)
        #expect(located.allSatisfy { $0["distanceMeters"] is Double })
        let unlocated = try JSONHelpers.array(PlacesBinary.run(["search", "sushi", "--json"] + data).stdout)
        #expect(unlocated.count == located.count)
        #expect(unlocated.allSatisfy { $0["distanceMeters"] is NSNull })
    }

    @Test func detailsOfAnOSMId() throws {
        let r = try PlacesBinary.run(["details", "osm:node/1369465615", "--json"] + data)
        #expect(r.status == 0, "\(r)")
        let venue = try JSONHelpers.object(r.stdout)
        #expect(venue["name"] as? String == "Loiste")
        #expect(venue["mapsUrl"] as? String == "https://www.openstreetmap.org/node/1369465615")
        #expect(venue["distanceMeters"] is NSNull)
        let table = try PlacesBinary.run(["details", "osm:node/1369465615"] + data)
        #expect(table.stdout.contains("Name") && table.stdout.contains("Loiste"))
    }

    @Test func dataFromTheEnvironment() throws {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSM_DATA"] = PlacesBinary.helsinkiData
        let r = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--limit", "2", "--json"], environment: env)
        #expect(try JSONHelpers.array(r.stdout).count == 2, "\(r)")
    }
}
