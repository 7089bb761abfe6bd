import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import places_cli

@Suite("Autocomplete predictions, rendered")
struct PredictionRendererTests {
    static let place = AutocompletePrediction(
        kind: .place, id: PlaceID(provider: .osm, rawID: "node/1"), text: "Hanko Sushi, Simonkatu 1", mainText: "Hanko Sushi",
        secondaryText: "Simonkatu 1", types: ["restaurant"], distanceMeters: 412.5,
        coordinate: try! Coordinate(latitude: 60.17, longitude: 24.93), mainTextMatches: [6..<10])
    static let query = AutocompletePrediction(kind: .query, id: nil, text: "sushi near me", mainText: "sushi near me", secondaryText: nil)

    @Test func jsonIsTheContractsRecordAndCarriesTheSession() throws {
        let plain = try #require(
            try JSONSerialization.jsonObject(with: Data(try PredictionRenderer.render([Self.place, Self.query], format: .json).utf8))
                as? [[String: Any]])
        #expect(
            Set(plain[0].keys) == ["kind", "id", "text", "mainText", "secondaryText", "types", "distanceMeters", "latitude", "longitude"])
        #expect(
            plain[0]["kind"] as? String == "place" && plain[0]["id"] as? String == "osm:node/1"
                && plain[0]["distanceMeters"] as? Double == 412.5)
        #expect(
            plain[1]["kind"] as? String == "query" && plain[1]["id"] is NSNull && plain[1]["secondaryText"] is NSNull
                && plain[1]["latitude"] is NSNull)
        let session = try #require(
            try JSONSerialization.jsonObject(with: Data(try PredictionRenderer.render([], format: .json, sessionToken: "tok").utf8))
                as? [String: Any])
        #expect(session["sessionToken"] as? String == "tok" && (session["predictions"] as? [Any])?.isEmpty == true)
        let lines = try PredictionRenderer.render([Self.place, Self.query], format: .ndjson, sessionToken: "tok").split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"sessionToken\":\"tok\"") })
    }

    @Test func csvGeoJSONAndTable() throws {
        let csv = try PredictionRenderer.render([Self.place, Self.query], format: .csv)
        #expect(
            csv == "kind,id,text,mainText,secondaryText,types,distanceMeters,latitude,longitude\n"
                + "place,osm:node/1,\"Hanko Sushi, Simonkatu 1\",Hanko Sushi,Simonkatu 1,restaurant,412.5,60.17,24.93\n"
                + "query,,sushi near me,sushi near me,,,,,\n")
        let geo = try #require(
            try JSONSerialization.jsonObject(with: Data(try PredictionRenderer.render([Self.place, Self.query], format: .geojson).utf8))
                as? [String: Any])
        let features = try #require(geo["features"] as? [[String: Any]])
        #expect((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [24.93, 60.17])
        #expect(features[1]["geometry"] is NSNull && (features[1]["properties"] as? [String: Any])?["kind"] as? String == "query")
        let table = try PredictionRenderer.render([Self.place, Self.query], format: .table)
        #expect(
            table.split(separator: "\n").first?.hasPrefix("NAME") == true && table.contains("osm:node/1")
                && table.contains(DistanceText.format(412.5)))
        #expect(!table.contains("\u{1B}"))
        let coloured = try PredictionRenderer.render(
            [Self.place], format: .table, terminal: TerminalInfo(isTTY: true, width: 120, colorEnabled: true))
        #expect(coloured.contains("Hanko \u{1B}[1mSush\u{1B}[22mi"))
        // A narrow terminal cuts the text, never the id.
        let narrow = try PredictionRenderer.render(
            [Self.place], format: .table, terminal: TerminalInfo(isTTY: true, width: 40, colorEnabled: false))
        #expect(narrow.contains("osm:node/1"))
        // Control characters from a provider never reach the terminal.
        var hostile = Self.place
        hostile.mainText = "Evil\u{1B}[31m\u{202E}Name"
        #expect(try !PredictionRenderer.render([hostile], format: .table).contains("\u{1B}"))
    }
}
