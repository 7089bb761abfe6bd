import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// The file format: canonical text, strict reading, nothing dropped.
@Suite("Favorites file format")
struct FavoritesDocumentTests {
    static func favorite(_ raw: String, _ name: String, addedAt: String = "2024-05-01T12:34:56Z", note: String? = nil) throws -> Favorite {
        try Favorite(
            id: PlaceID(parsing: "osm:node/\(raw)"), name: name, coordinate: Coordinate(latitude: 60.17, longitude: 24.94),
            categories: ["cafe"], addedAt: addedAt, note: note)
    }

    @Test func encodesSortedKeysAndEntriesByIdAndReadsItBack() throws {
        let doc = FavoritesDocument(favorites: [try Self.favorite("20", "B\u{e4}r", note: "line\nbreak"), try Self.favorite("3", "A")])
        let text = String(decoding: doc.encoded(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"favorites\": [\n    {\n      \"addedAt\": \"2024-05-01T12:34:56Z\",\n      \"address\": null,"))
        #expect(text.hasSuffix("  ],\n  \"version\": 1\n}\n"))
        // "osm:node/20" sorts before "osm:node/3" as text: the order is by id, not by insertion.
        let ids = try JSONHelpers.object(text)["favorites"].map { ($0 as! [[String: Any]]).map { $0["id"] as! String } }
        #expect(ids == ["osm:node/20", "osm:node/3"])
        let back = try FavoritesDocument.decode(doc.encoded(), path: "f.json")
        #expect(back.favorites.sorted { $0.id < $1.id } == doc.favorites.sorted { $0.id < $1.id })
        #expect(back.encoded() == doc.encoded())
    }

    @Test func unknownKeysAreKeptOnRewrite() throws {
        let text = """
            {"version": 1, "sharedBy": "ana", "favorites": [{"id": "osm:node/5", "name": "X", "latitude": 60, "longitude": 25,
             "addedAt": "2024-01-02T03:04:05Z", "tags": ["lunch", {"k": true}], "n": [1, -2, 2.5, 12345678901234567890]}]}
            """
        let doc = try FavoritesDocument.decode(Data(text.utf8), path: "f.json")
        #expect(doc.favorites[0].categories == [] && doc.favorites[0].note == nil)
        let rewritten = try JSONHelpers.object(String(decoding: doc.encoded(), as: UTF8.self))
        #expect(rewritten["sharedBy"] as? String == "ana")
        let entry = try #require((rewritten["favorites"] as? [[String: Any]])?.first)
        #expect((entry["tags"] as? [Any])?.count == 2)
        let text2 = String(decoding: doc.encoded(), as: UTF8.self)
        #expect(
            text2.contains("\"k\": true") && text2.contains("-2,") && text2.contains("2.5,") && text2.contains("1.2345678901234567e+19"),
            "\(text2)")
        #expect(entry["latitude"] as? Double == 60)
        #expect(entry["provider"] as? String == "osm")
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let text: String
        let problem: String
        var testDescription: String { problem }
    }

    static let bad: [Bad] = [
        Bad(text: "", problem: "it is empty"),
        Bad(text: "{\"version\": 1, \"favorites\": [", problem: "not valid JSON"),
        Bad(text: "[]", problem: "not a JSON object"),
        Bad(text: "{\"favorites\": []}", problem: "no \"version\""),
        Bad(text: "{\"version\": 2, \"favorites\": []}", problem: "version 2, which this places does not know"),
        Bad(text: "{\"version\": \"1\", \"favorites\": []}", problem: "version \"1\""),
        Bad(text: "{\"version\": 1}", problem: "no \"favorites\" list"),
        Bad(text: "{\"version\": 1, \"favorites\": [1]}", problem: "favorites[0] is not an object"),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"A\", \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}]}",
            problem: "favorites[0] has no \"latitude\""),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"bogus\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}]}",
            problem: "id 'bogus' that is not PROVIDER:ID"),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"A\", \"latitude\": 91, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}]}",
            problem: "latitude 91.0 is out of range"),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"yesterday\"}]}",
            problem: "addedAt 'yesterday'"),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"provider\": \"google\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}]}",
            problem: "says provider \"google\""),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\", \"categories\": \"cafe\"}]}",
            problem: "\"categories\" that is not a list"),
        Bad(
            text:
                "{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}, {\"id\": \"osm:node/1\", \"name\": \"B\", \"latitude\": 1, \"longitude\": 1, \"addedAt\": \"2024-01-01T00:00:00Z\"}]}",
            problem: "osm:node/1 is listed twice"),
    ]

    @Test(arguments: bad)
    func unreadableContentIsBadDataNamingThePathAndTheProblem(_ c: Bad) throws {
        #expect {
            try FavoritesDocument.decode(Data(c.text.utf8), path: "/x/favorites.json", wording: .cli)
        } throws: { error in
            guard let e = error as? PlacesError else { return false }
            return e.kind == .badData && e.message.contains("/x/favorites.json") && e.message.contains(c.problem)
                && e.message.contains("left unchanged")
        }
    }
}

@Suite("UTC timestamps")
struct UTCTimestampTests {
    @Test func formatsWholeSecondsInUTC() {
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 951_782_400.9)) == "2000-02-29T00:00:00Z")
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 1_714_566_896)) == "2024-05-01T12:34:56Z")
    }

    @Test func parsesWhatItFormatsAndAgreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_000_000_000.0, through: 4_000_000_000, by: 86_399 * 37.3) {
            let date = Date(timeIntervalSince1970: seconds.rounded(.down))
            let text = UTCTimestamp.format(date)
            #expect(text == formatter.string(from: date))
            #expect(UTCTimestamp.parse(text) == date)
        }
        #expect(UTCTimestamp.parse("2024-05-01T14:34:56+02:00") == UTCTimestamp.parse("2024-05-01T12:34:56Z"))
        #expect(UTCTimestamp.parse("2024-05-01T12:34:56.250Z")?.timeIntervalSince1970 == 1_714_566_896.25)
    }

    @Test func refusesWhatIsNotAnInstant() {
        for text in [
            "", "2024-05-01", "2024-05-01 12:34:56Z", "2024-05-01T12:34:56", "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:34:56Zjunk", "2024-05-01T12:34:56.Z",
        ] {
            #expect(UTCTimestamp.parse(text) == nil, "\(text)")
        }
    }
}
