import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, item 1: names and addresses holding terminal control sequences (ESC/OSC/CSI,
/// 0x9B, BEL, BS, DEL, U+202E) and CR LF, from an extract, Nominatim, Google's Geocoding API
/// and Google's autocomplete, through `reverse` and `autocomplete` in every format. Nothing
/// of them reaches stdout, not even escaped in JSON (README: removed in every format), the
/// text around them stays, and CSV reads back as exactly the rows and columns printed.
@Suite("End to end: control characters in every format")
struct ControlCharactersEndToEndTests {
    static let formats = ["csv", "json", "ndjson", "geojson", "table"]
    static let key = "CANARY-control-text-5c1d"

    /// An extract with the hostile text in a name and every `addr:*` part, and a second
    /// place whose name only needs CSV quoting.
    static func hostileExtract(in directory: TemporaryDirectory) throws -> String {
        let part = ControlText.hostilePart
        let elements: [[String: Any]] = [
            [
                "type": "node", "id": 1, "lat": 60.1699, "lon": 24.9384,
                "tags": [
                    "amenity": "cafe", "name": ControlText.hostileName, "addr:street": part, "addr:housenumber": "7\u{07}",
                    "addr:postcode": "00\u{9B}100", "addr:city": "Hel\u{202E}sinki\u{7F}", "addr:country": "FI",
                ],
            ],
            [
                "type": "node", "id": 2, "lat": 60.17, "lon": 24.9385,
                "tags": ["amenity": "restaurant", "name": "Evilish\r\nplace, \"quoted\""],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: ["version": 0.6, "elements": elements])
        return try directory.write("hostile.json", data)
    }

    /// What every run must show: success, no control character but the output's own line
    /// feeds, none in any value a JSON or CSV reader gets back, CSV of `rows` records of the
    /// header's width, and the hostile text's printable part still there.
    static func expectClean(_ r: PlacesBinary.Result, format: String, rows: Int, keeps: String, _ what: String) {
        #expect(r.status == 0, "\(what): \(r)")
        if let scalar = ControlText.first(in: r.stdout, allowing: ["\n"]) {
            Issue.record("\(what) --format \(format): \(ControlText.name(scalar)) on stdout: \(r.stdout.prefix(400))")
        }
        #expect(r.stdout.contains(keeps), "\(what) --format \(format) lost the text: \(r.stdout.prefix(400))")
        var values: [String] = []
        switch format {
        case "csv":
            guard let records = CSVReader.records(r.stdout) else {
                Issue.record("\(what): not RFC 4180 CSV: \(r.stdout.prefix(400))")
                return
            }
            #expect(records.count == rows + 1, "\(what): \(records.count - 1) rows, expected \(rows): \(records)")
            #expect(records.allSatisfy { $0.count == records[0].count }, "\(what): rows of another width than the header: \(records)")
            values = records.flatMap { $0 }
        case "json", "geojson":
            guard let document = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) else {
                Issue.record("\(what): not JSON: \(r.stdout.prefix(400))")
                return
            }
            values = ControlText.strings(inJSON: document)
        case "ndjson":
            for line in r.stdout.split(separator: "\n") {
                guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
                    Issue.record("\(what): an NDJSON line that is not JSON: \(line.prefix(400))")
                    return
                }
                values += ControlText.strings(inJSON: record)
            }
        default:
            return
        }
        for value in values {
            if let scalar = ControlText.first(in: value) {
                Issue.record(
                    "\(what) --format \(format): a value a reader gets back holds \(ControlText.name(scalar)): \(value.debugDescription.prefix(200))"
                )
            }
        }
    }

    @Test func anExtractsNamesAndAddressesInEveryFormat() async throws {
        let directory = try TemporaryDirectory()
        let extract = try Self.hostileExtract(in: directory)
        for format in Self.formats {
            let reverse = try await PlacesBinary.runDetached([
                "reverse", "60.1699,24.9384", "--data", extract, "--limit", "2", "--format", format,
            ])
            Self.expectClean(reverse, format: format, rows: 1, keeps: "desrever", "reverse")
            if format != "table" { #expect(reverse.stdout.contains("Helsinki"), "the address's city: \(reverse.stdout.prefix(400))") }
            let autocomplete = try await PlacesBinary.runDetached(["autocomplete", "evil", "--data", extract, "--format", format])
            Self.expectClean(autocomplete, format: format, rows: 2, keeps: "desrever", "autocomplete")
        }
    }

    /// Nominatim's jsonv2 place with the hostile parts.
    static let nominatimPlace: String = {
        let address: [String: Any] = [
            "road": ControlText.hostilePart, "house_number": "7\u{07}", "postcode": "00\u{9B}100",
            "city": "Hel\u{202E}sinki\u{7F}", "country_code": "fi",
        ]
        let place: [String: Any] = [
            "osm_type": "way", "osm_id": 185401488, "lat": "60.1697210", "lon": "24.9369470",
            "display_name": ControlText.hostileName, "address": address,
        ]
        return String(decoding: (try? JSONSerialization.data(withJSONObject: place)) ?? Data(), as: UTF8.self)
    }()

    /// A Geocoding API v4 result with the hostile parts.
    static let googleResult: String = {
        func component(_ text: String, _ type: String) -> [String: Any] { ["longText": text, "shortText": text, "types": [type]] }
        let result: [String: Any] = [
            "placeId": "ChIJhostile", "location": ["latitude": 60.1697455, "longitude": 24.9371239],
            "formattedAddress": ControlText.hostileName,
            "addressComponents": [
                component(ControlText.hostilePart, "route"), component("7\u{07}", "street_number"),
                component("00\u{9B}100", "postal_code"), component("Hel\u{202E}sinki\u{7F}", "locality"), component("FI", "country"),
            ],
        ]
        return String(decoding: (try? JSONSerialization.data(withJSONObject: ["results": [result]])) ?? Data(), as: UTF8.self)
    }()

    @Test func nominatimAndGoogleGeocodingAnswersInEveryFormat() async throws {
        let nominatim = try FakeNominatim { request in request.path == "/reverse" ? .json(200, Self.nominatimPlace) : nil }
        let google = try FakeGoogleGeocoding(key: Self.key) { request in
            request.header("X-Goog-Api-Key") == Self.key && request.path.hasPrefix("/v4/geocode/location/")
                ? .json(200, Self.googleResult) : nil
        }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_NOMINATIM_URL"] = nominatim.baseURL
        env["PLACES_GOOGLE_GEOCODING_URL"] = google.baseURL
        env["GOOGLE_MAPS_API_KEY"] = Self.key
        for format in Self.formats {
            for provider in ["osm", "google"] {
                let r = try await PlacesBinary.runDetached(
                    ["reverse", "60.1699,24.9384", "--provider", provider, "--limit", "0", "--format", format],
                    environment: env)
                // Nominatim's line is made of the parts; Google's is its formattedAddress.
                Self.expectClean(
                    r, format: format, rows: 1, keeps: provider == "google" ? "desrever" : "Street", "reverse --provider \(provider)")
                #expect(!r.stdout.contains(Self.key) && !r.stderr.contains(Self.key))
            }
        }
        #expect(nominatim.requests.count == Self.formats.count && google.requests.count == Self.formats.count)
    }

    /// A place for `FakeGoogleAutocomplete`, with the hostile name and address.
    nonisolated(unsafe) static let hostilePlace: [String: Any] = [
        "id": "ChIJhostilePlace", "displayName": ["text": ControlText.hostileName], "formattedAddress": ControlText.hostilePart,
        "location": ["latitude": 60.1699, "longitude": 24.9384], "types": ["cafe", "food\u{1B}[1m"],
    ]

    /// Google's autocomplete over a place with the hostile name and address.
    @Test func googleAutocompleteInEveryFormat() async throws {
        let google = try FakeGooglePlaces { request in
            request.path == "/v1/places:autocomplete" ? FakeGoogleAutocomplete.answer(request, places: [Self.hostilePlace]) : nil
        }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        env["GOOGLE_MAPS_API_KEY"] = Self.key
        for format in Self.formats {
            let r = try await PlacesBinary.runDetached(
                ["autocomplete", "evil", "--at", "60.17,24.94", "--provider", "google", "--format", format],
                environment: env)
            // The place, and the query prediction Google adds ("evil restaurants").
            Self.expectClean(r, format: format, rows: 2, keeps: "desrever", "autocomplete --provider google")
            #expect(!r.stdout.contains(Self.key) && !r.stderr.contains(Self.key))
        }
    }

    /// A place id that `details` could not take (Google sent one with an escape) is no id: the
    /// prediction is left out with a warning, never printed.
    nonisolated(unsafe) static let goodAndBadID: [[String: Any]] = ["ChIJgood", "ChIJ\u{1B}[2Jbad"].map { id in
        [
            "id": id, "displayName": ["text": "Evil good"], "formattedAddress": "Street 1",
            "location": ["latitude": 60.1699, "longitude": 24.9384], "types": ["cafe"],
        ]
    }

    @Test func anAutocompleteIdWithControlCharactersIsLeftOut() async throws {
        let google = try FakeGooglePlaces { request in
            request.path == "/v1/places:autocomplete" ? FakeGoogleAutocomplete.answer(request, places: Self.goodAndBadID) : nil
        }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        env["GOOGLE_MAPS_API_KEY"] = Self.key
        let r = try await PlacesBinary.runDetached(["autocomplete", "evil", "--provider", "google", "--format", "csv"], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(ControlText.first(in: r.stdout, allowing: ["\n"]) == nil, "\(r)")
        let records = try #require(CSVReader.records(r.stdout))
        #expect(records.dropFirst().filter { $0[0] == "place" }.map { $0[1] } == ["google:ChIJgood"], "\(records)")
        #expect(r.stderr.contains("without a usable place id"), "\(r)")
    }
}
