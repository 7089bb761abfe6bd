import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import places_cli

@Suite("Output formats")
struct OutputTests {
    let sample: [Venue] = {
        var a = venue(
            "Ravintola \"Quote\", Comma", 60.1709, 24.9384, id: 1, cuisines: ["sushi", "japanese"], rating: 4.4, ratingCount: 812, price: 2,
            open: true)
        a.address = "Mannerheimintie 1, 00100 Helsinki"
        var b = venue("Evil\u{1B}[31mName\u{07}", 60.1599, 24.9384, id: 2, categories: ["cafe"])
        b.address = "Line\nBreak"
        return VenuePipeline.withDistances([a, b], from: centre)
    }()

    @Test func jsonHasExactlyTheFieldsInOrderWithNulls() throws {
        let text = try VenueRenderer.render(
            sample, options: RenderOptions(format: .json, fields: try .parse("name,rating,phone,distanceMeters")))
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: text) == ["name", "rating", "phone", "distanceMeters"])
        let array = try JSONHelpers.array(text)
        #expect(array[0]["rating"] as? Double == 4.4)
        #expect(array[0]["phone"] is NSNull)
        #expect(array[1]["rating"] is NSNull)
        #expect(array[0]["distanceMeters"] as? Double == 111.4)
    }

    @Test func controlCharactersAreStrippedEverywhere() throws {
        for format in OutputFormat.allCases {
            var options = RenderOptions(format: format, fields: try .parse("all"))
            options.map = MapRenderer(size: MapSize(), streets: nil)
            let text = try VenueRenderer.render(sample, options: options)
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(format)")
            #expect(text.contains("Evil[31mName"), "\(format)")
        }
    }

    @Test func csvQuotesPerRFC4180AndJoinsLists() throws {
        let text = try VenueRenderer.render(
            sample, options: RenderOptions(format: .csv, fields: try .parse("name,cuisines,openNow,phone,isFavorite")))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "name,cuisines,openNow,phone,isFavorite")
        #expect(lines[1] == "\"Ravintola \"\"Quote\"\", Comma\",sushi;japanese,true,,false")
        #expect(lines[2] == "Evil[31mName,,,,false")
        #expect(
            try VenueRenderer.render([], options: RenderOptions(format: .csv)) == VenueField.defaultSet.map(\.rawValue).joined(
                separator: ",")
                + "\n")
    }

    @Test func geojsonIsLonLatFeatureCollection() throws {
        let text = try VenueRenderer.render(sample, options: RenderOptions(format: .geojson))
        let object = try JSONHelpers.object(text)
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["coordinates"] as? [Double] == [24.9384, 60.1709])
        #expect((features[0]["properties"] as? [String: Any])?["id"] as? String == "osm:node/1")
        #expect(try JSONHelpers.object(try VenueRenderer.render([], options: RenderOptions(format: .geojson)))["features"] as? [Any] != nil)
    }

    @Test func ndjsonIsOneObjectPerLineAndEmptyIsNothing() throws {
        let text = try VenueRenderer.render(sample, options: RenderOptions(format: .ndjson))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines { _ = try JSONHelpers.object(String(line)) }
        #expect(try VenueRenderer.render([], options: RenderOptions(format: .ndjson)) == "")
        #expect(try VenueRenderer.render([], options: RenderOptions(format: .json)) == "[]\n")
    }

    @Test func tableShowsDistanceAndBearingAndAligns() throws {
        let text = try VenueRenderer.render(sample, options: RenderOptions(format: .table))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("NAME"))
        #expect(lines[1].contains("111 m") && lines[1].contains(" N "))
        #expect(lines[2].contains("1.1 km") && lines[2].contains(" S "))
        // Columns line up: the ID column starts at the same offset on every line.
        let offsets = lines.map { $0.range(of: lines[0].hasSuffix("ID") ? "osm:node" : "ID")?.lowerBound.utf16Offset(in: $0) }
        #expect(Set(offsets.dropFirst()).count == 1)
        #expect(!text.contains("\u{1B}["))
    }

    @Test func tableClipsOnlyOnATTYAndColoursOnlyWhenEnabled() throws {
        var long = sample
        long[0].address = String(repeating: "Very long address ", count: 10)
        let tty = RenderOptions(format: .table, terminal: TerminalInfo(isTTY: true, width: 60, colorEnabled: false))
        for line in try VenueRenderer.render(long, options: tty).split(separator: "\n") {
            #expect(TerminalText.displayWidth(String(line)) <= 60, "\(line)")
        }
        let pipe = try VenueRenderer.render(long, options: RenderOptions(format: .table))
        #expect(pipe.contains(long[0].address!.trimmingCharacters(in: .whitespaces)))
        let coloured = RenderOptions(format: .table, terminal: TerminalInfo(isTTY: true, width: 200, colorEnabled: true))
        #expect(try VenueRenderer.render(long, options: coloured).contains("\u{1B}[1m"))
    }

    @Test func flagOnlyFieldsShowInTheTableNotInJSON() throws {
        let options = RenderOptions(format: .table, flagOnlyFields: [.rating])
        #expect(try VenueRenderer.render(sample, options: options).contains("RATING"))
        let json = try VenueRenderer.render(sample, options: RenderOptions(format: .json, flagOnlyFields: [.rating]))
        #expect(!json.contains("\"rating\""))
    }

    @Test func groupedJSONShape() throws {
        let groups = CuisineGrouping.group(sample)
        let text = try VenueRenderer.render(groups: groups, options: RenderOptions(format: .json, fields: try .parse("name")))
        let array = try JSONHelpers.array(text)
        #expect(array.map { $0["cuisine"] as? String } == ["sushi", "japanese", "other"])
        #expect((array[0]["restaurants"] as? [[String: Any]])?.first?["name"] as? String == "Ravintola \"Quote\", Comma")
    }
}

@Suite("Text helpers")
struct TextHelperTests {
    @Test(arguments: [
        (412.7, "413 m"), (0, "0 m"), (999.4, "999 m"), (999.6, "1.0 km"), (1340, "1.3 km"), (99_949, "99.9 km"), (212_300, "212 km"),
    ])
    func distances(_ meters: Double, _ expected: String) {
        #expect(DistanceText.format(meters) == expected)
    }

    @Test func widthAndClipHandleWideAndCombiningCharacters() {
        #expect(TerminalText.displayWidth("東京") == 4)
        #expect(TerminalText.displayWidth("e\u{301}") == 1)
        #expect(TerminalText.clip("Helsinki", to: 5) == "Hels…")
        #expect(TerminalText.displayWidth(TerminalText.clip("東京都庁前", to: 5)) <= 5)
    }

    @Test func sanitizerRemovesControlsAndBidiOverrides() {
        #expect(TerminalText.sanitizedLine("a\u{1B}]0;title\u{07}b") == "a]0;titleb")
        #expect(TerminalText.sanitizedLine("x\u{202E}y\u{9B}z") == "xyz")
        #expect(TerminalText.sanitizedLine("two\nlines\ttab") == "two lines tab")
    }

    @Test func jsonNumbersAndStrings() {
        #expect(JSONValue.format(412.0) == "412")
        #expect(JSONValue.format(60.1699) == "60.1699")
        #expect(JSONValue.format(.nan) == "null")
        #expect(JSONValue.string("a\"b\\c\u{01}").compact == "\"a\\\"b\\\\c\\u0001\"")
    }

    /// A string with nothing to escape is written whole; one character to escape anywhere
    /// in it (after a letter of two or three UTF-8 bytes that is not escaped) still is.
    @Test func jsonStringsEscapeWhereverTheCharacterIs() {
        #expect(JSONValue.string("Sörnäinen € 7").compact == "\"Sörnäinen € 7\"")
        let escaped: [(String, String)] = [
            ("\u{7F}", "\\u007f"), ("\u{85}", "\\u0085"), ("\u{9F}", "\\u009f"), ("\u{2028}", "\\u2028"),
            ("\u{202E}", "\\u202e"), ("\u{2069}", "\\u2069"), ("\n", "\\n"), ("\"", "\\\""),
        ]
        for (raw, written) in escaped {
            #expect(JSONValue.string("ä€" + raw + "x").compact == "\"ä€" + written + "x\"", "\(written)")
        }
        #expect(JSONValue.string("\u{A0}\u{2027}\u{2070}").compact == "\"\u{A0}\u{2027}\u{2070}\"", "neighbours are kept as they are")
    }
}
