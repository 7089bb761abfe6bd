import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, items 10 and 13: `reverse - --format csv` prints CSV (a header, then a row a
/// line, a line that is not a point a row with its error), not NDJSON; a format a stream
/// cannot write is refused; and the lines' messages: a number out of range is quoted as
/// written (`1e400`, not `null`), a byte-order mark opening the input is no part of line 1,
/// and a key given twice in an NDJSON line is refused rather than read as its first value.
@Suite("End to end: reverse - as CSV, and its lines")
struct ReverseStreamEndToEndTests {
    static func csv(_ r: PlacesBinary.Result) throws -> [[String]] {
        let records = try #require(CSVReader.records(r.stdout), "not CSV: \(r)")
        #expect(records.first == ["line"] + ReverseRenderer.csvHeader + ["error"], "\(r)")
        #expect(records.allSatisfy { $0.count == records[0].count }, "every row as wide as the header: \(r)")
        return Array(records.dropFirst())
    }

    static func column(_ name: String) -> Int { (["line"] + ReverseRenderer.csvHeader + ["error"]).firstIndex(of: name) ?? -1 }

    @Test func cityOnlyStreamPrintsCSVOneRowALine() throws {
        let r = try PlacesBinary.shell(
            #"printf '60.1699,24.9384\nnot a point\n\n{"latitude": -33.8688, "longitude": 151.2093}\n' | "$PLACES" reverse - --city-only --format csv"#
        )
        #expect(r.status == 65 && r.errorLines.count == 1 && r.stderr.contains("line 2"), "\(r)")
        #expect(!r.stdout.contains("{"), "no NDJSON: \(r)")
        let rows = try Self.csv(r)
        #expect(rows.map { $0[0] } == ["1", "2", "4"], "a row for each line but the blank one: \(rows)")
        #expect(
            rows[0][Self.column("city")] == "Helsinki" && rows[0][Self.column("latitude")] == "60.1699"
                && rows[0][Self.column("error")].isEmpty)
        #expect(rows[0][Self.column("cityAdmin1")] == "Uusimaa" && rows[0][Self.column("cityAdmin1Code")] == "01", "\(rows[0])")
        #expect(rows[1][Self.column("latitude")].isEmpty && rows[1][Self.column("error")].hasPrefix("expected LAT,LON"), "\(rows[1])")
        #expect(rows[2][Self.column("city")] == "Sydney" && rows[2][Self.column("cityCountryCode")] == "AU", "\(rows[2])")
    }

    /// The one-by-one path (an extract's addresses) writes the same columns; the CSV of a
    /// point is the CSV of the same point given as an argument, behind its line number.
    @Test func extractStreamPrintsTheArgumentsRowsBehindLineNumbers() throws {
        let data = PlacesBinary.helsinkiData
        let given = try PlacesBinary.run([
            "reverse", "60.1699,24.9384", "60.1675,24.9522", "--data", data, "--limit", "2", "--format", "csv",
        ])
        #expect(given.status == 0, "\(given)")
        let expected = try #require(CSVReader.records(given.stdout)).dropFirst()
        let r = try PlacesBinary.shell(
            #"printf '60.1699,24.9384\n60.1675,24.9522\n' | "$PLACES" reverse - --data "$DATA" --limit 2 --format csv"#)
        #expect(r.status == 0, "\(r)")
        let rows = try Self.csv(r)
        #expect(rows.map { Array($0.dropFirst().dropLast()) } == Array(expected), "\(r.stdout)\n\(given.stdout)")
        #expect(rows.map { $0[0] } == ["1", "2"] && rows.allSatisfy { $0.last == "" })
    }

    @Test func aFormatAStreamCannotWriteIsRefused() throws {
        let r = try PlacesBinary.shell(#"printf '60.1699,24.9384\n' | "$PLACES" reverse - --city-only --format geojson"#)
        #expect(r.status == 64 && r.errorLines.count == 1 && r.errorLines[0].contains("--format csv"), "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        let ndjson = try PlacesBinary.shell(#"printf '60.1699,24.9384\n' | "$PLACES" reverse - --city-only --format ndjson"#)
        #expect(ndjson.status == 0 && ndjson.stdout.hasPrefix(#"{"line":1,"#), "\(ndjson)")
    }

    static func records(_ r: PlacesBinary.Result) throws -> [[String: Any]] {
        try r.stdout.split(separator: "\n").map { try JSONHelpers.object(String($0)) }
    }

    @Test func aNumberOutOfRangeIsQuotedAsWritten() throws {
        let r = try PlacesBinary.shell(
            #"printf '1e400,1e400\n0,-1e999\n{"latitude": 1e400, "longitude": 0}\n91,0\n' | "$PLACES" reverse - --city-only"#)
        #expect(r.status == 65, "\(r)")
        let errors = try Self.records(r).map { $0["error"] as? String ?? "" }
        #expect(errors.count == 4)
        #expect(errors[0].hasPrefix("latitude '1e400' is out of range"), "\(errors[0])")
        #expect(errors[1].hasPrefix("longitude '-1e999' is out of range"), "\(errors[1])")
        #expect(errors[2].hasPrefix("latitude '1e400' is out of range"), "\(errors[2])")
        #expect(errors[3].hasPrefix("latitude '91' is out of range"), "\(errors[3])")
        #expect(!errors.contains { $0.contains("null") || $0.contains("inf") }, "\(errors)")
        // A number of a thousand digits is quoted cut short, not whole.
        let long = try PlacesBinary.shell(#"printf '%s,0\n' "9$(printf '0%.0s' $(seq 1000))" | "$PLACES" reverse - --city-only"#)
        let message = try #require(Self.records(long).first?["error"] as? String)
        #expect(message.hasPrefix("latitude '9000") && message.contains("…'") && message.count < 200, "\(message)")
    }

    @Test func aByteOrderMarkOpeningTheInputIsNoPartOfLineOne() throws {
        let r = try PlacesBinary.shell(#"printf '\xef\xbb\xbf60.1699,24.9384\n-33.8688,151.2093\n' | "$PLACES" reverse - --city-only"#)
        #expect(r.status == 0, "\(r)")
        let records = try Self.records(r)
        #expect(records.count == 2 && records[0]["error"] == nil && records[0]["latitude"] as? Double == 60.1699, "\(r)")
        let ndjson = try PlacesBinary.shell(
            #"printf '\xef\xbb\xbf{"latitude": 60.1699, "longitude": 24.9384}\n' | "$PLACES" reverse - --city-only --format csv"#)
        #expect(ndjson.status == 0, "\(ndjson)")
        #expect(try Self.csv(ndjson).first?[Self.column("city")] == "Helsinki", "\(ndjson)")
    }

    @Test func aKeyGivenTwiceIsRefused() throws {
        let r = try PlacesBinary.shell(
            #"printf '{"latitude": 1, "latitude": 60.1699, "longitude": 24.9384}\n{"latitude": 60.1699, "longitude": 24.9384, "id": {"latitude": 5}}\n' | "$PLACES" reverse - --city-only"#
        )
        #expect(r.status == 65, "\(r)")
        let records = try Self.records(r)
        #expect(records.count == 2)
        #expect(
            (records[0]["error"] as? String)?.contains(#""latitude" is given twice"#) == true && records[0]["latitude"] == nil,
            "\(records[0])")
        #expect(records[1]["error"] == nil && records[1]["latitude"] as? Double == 60.1699, "a nested key is another key: \(records[1])")
    }
}
