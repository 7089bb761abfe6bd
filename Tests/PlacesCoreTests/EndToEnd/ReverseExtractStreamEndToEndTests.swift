import Foundation
import Testing

@testable import PlacesCore

/// Issue 37: `reverse - --data` answers a long stream on every core, in chunks, with the
/// extract's index held open. Through the binary, a stream of thousands of seeded points in
/// central Helsinki, bad lines among them, must give what answering each line one by one
/// gives: each point's record as the same point given as an argument (behind its line
/// number), each bad line's error record as the city-only stream writes it, in input order;
/// the first run writing the index (a cache of its own), the second reading it.
@Suite("End to end: reverse - with an extract, a long stream")
struct ReverseExtractStreamEndToEndTests {
    /// More lines than one chunk (`ReverseChunks.chunkLines`) holds after the first point.
    static let lineCount = 4600

    /// Seeded lines: points in central Helsinki as LAT,LON and now and then as NDJSON, with
    /// blank lines, lines that are no point and one line too long to read among them.
    static func input(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for i in 0..<lineCount {
            let latitude = 60.155 + Double(random.below(30_000)) / 1_000_000
            let longitude = 24.925 + Double(random.below(35_000)) / 1_000_000
            switch i % 97 {
            case 13: lines.append("not a point")
            case 29: lines.append("91,\(longitude)")
            case 41: lines.append("")
            case 57: lines.append(#"{"latitude": \#(latitude), "longitude": \#(longitude)}"#)
            case 71 where i < 97: lines.append(String(repeating: "6", count: 70_000))
            default: lines.append("\(latitude),\(longitude)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The city-only stream's records by line: its error records are the lines' own, and its
    /// points' positions are the points as read.
    static func cityOnly(_ file: String) throws -> [(line: Int, record: String, point: String?)] {
        let r = try PlacesBinary.shell(#""$PLACES" reverse - --city-only < "\#(file)""#)
        #expect(r.status == 65, "\(r.stderr)")
        return try r.stdout.split(separator: "\n").map { record in
            let line = try #require(record.firstMatch(of: /^\{"line":(\d+),/).flatMap { Int($0.1) })
            let point = record.firstMatch(of: /"latitude":([^,]+),"longitude":([^,]+),/).map { "\($0.1),\($0.2)" }
            return (line, String(record), record.contains(#""error":"#) ? nil : point)
        }
    }

    /// What answering each line one by one writes: the points given as arguments, each line's
    /// record in input order.
    static func oneByOne(
        _ lines: [(line: Int, record: String, point: String?)], data: String, format: String, environment: [String: String]
    ) throws -> [String] {
        let points = lines.compactMap(\.point)
        let given = try PlacesBinary.run(
            ["reverse"] + points + ["--data", data, "--limit", "2", "--format", format], environment: environment)
        #expect(given.status == 0, "\(given.stderr)")
        var answers = given.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).makeIterator()
        if format == "csv" { _ = answers.next() }
        return lines.map { line in
            guard line.point != nil, let answer = answers.next() else { return line.record }
            return format == "csv" ? "\(line.line),\(answer)," : #"{"line":\#(line.line),"# + answer.dropFirst()
        }
    }

    static func stream(_ file: String, data: String, format: String, environment: [String: String]) throws -> PlacesBinary.Result {
        try PlacesBinary.shell(
            #""$PLACES" reverse - --data "\#(data)" --limit 2 --format \#(format) < "\#(file)""#, environment: environment)
    }

    static func check(data: String, seed: UInt64, formats: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("points.txt", Data(input(seed: seed).utf8))
        var environment = PlacesBinary.baseEnvironment()
        environment["XDG_CACHE_HOME"] = directory.file("cache")
        let lines = try cityOnly(file)
        #expect(lines.count > lineCount * 9 / 10 && lines.contains { $0.point == nil })
        for format in formats {
            var expected = try oneByOne(lines, data: data, format: format, environment: environment)
            if format == "csv" {
                // The error rows as CSV: the city-only stream's NDJSON messages, quoted.
                let csv = try PlacesBinary.shell(#""$PLACES" reverse - --city-only --format csv < "\#(file)""#)
                let rows = csv.stdout.split(separator: "\n").map(String.init)
                let errors = Dictionary(rows.compactMap { row in row.firstMatch(of: /^(\d+),/).map { (Int($0.1) ?? 0, row) } }) { a, _ in a
                }
                expected = zip(lines, expected).map { line, record in line.point == nil ? errors[line.line] ?? "" : record }
            }
            for run in ["writes the index", "reads it"] {
                let r = try stream(file, data: data, format: format, environment: environment)
                #expect(r.status == 65 && r.errorLines.count == 1 && r.stderr.contains("line 14"), "\(run): \(r.stderr)")
                var records = r.stdout.components(separatedBy: "\n")
                #expect(records.last == "")
                records.removeLast()
                if format == "csv" { records.removeFirst() }
                #expect(records.count == expected.count, "\(format), \(run)")
                let differing = zip(records, expected).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(
                    differing == nil,
                    "\(format), \(run): record \(differing?.offset ?? 0): \(differing?.element.0 ?? "") versus \(differing?.element.1 ?? "")"
                )
            }
        }
    }

    @Test func aLongStreamOnThePBFIsEachLineOneByOne() throws {
        try Self.check(data: PBFFiles.helsinki, seed: 0x3737, formats: ["ndjson", "csv"])
    }

    @Test func aLongStreamOnTheJSONExtractIsEachLineOneByOne() throws {
        try Self.check(data: PlacesBinary.helsinkiData, seed: 0x3738, formats: ["ndjson"])
    }

    /// A writer that sends a line only once the last one is answered (a coprocess) gets each
    /// answer: the lines held for a chunk are answered whenever the input runs dry.
    @Test func aWriterWaitingForEachAnswerGetsIt() throws {
        let r = try PlacesBinary.shell(
            #"""
            coproc P { "$PLACES" reverse - --data "$PBF" --limit 1; }
            pid=$P_PID
            for p in 60.1699,24.9384 60.1675,24.9522 60.17,24.94 bad 60.171,24.941; do
              echo "$p" >&"${P[1]}"
              IFS= read -r -t 60 line <&"${P[0]}" || { echo "no answer to $p"; exit 1; }
              echo "$line"
            done
            exec {P[1]}>&-
            wait $pid
            """#, environment: PlacesBinary.baseEnvironment().merging(["PBF": PBFFiles.helsinki]) { $1 })
        #expect(r.status == 65, "\(r)")
        let records = r.stdout.split(separator: "\n")
        #expect(records.count == 5 && !r.stdout.contains("no answer"), "\(r.stdout)")
        #expect(records.enumerated().allSatisfy { $0.element.hasPrefix(#"{"line":\#($0.offset + 1),"#) }, "\(r.stdout)")
    }

    /// Without an index (`--no-cache`) the points are answered one by one, as before: the
    /// same records as a stream that holds the index.
    @Test func noCacheGivesTheSameRecords() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("points.txt", Data("60.1699,24.9384\nnot a point\n60.1675,24.9522\n60.17,24.94\n".utf8))
        var environment = PlacesBinary.baseEnvironment()
        environment["XDG_CACHE_HOME"] = directory.file("cache")
        let held = try Self.stream(file, data: PBFFiles.helsinki, format: "ndjson", environment: environment)
        let scanned = try PlacesBinary.shell(
            #""$PLACES" reverse - --data "\#(PBFFiles.helsinki)" --limit 2 --no-cache < "\#(file)""#, environment: environment)
        #expect(held.status == 65 && scanned.status == 65, "\(held.stderr) \(scanned.stderr)")
        #expect(held.stdout.split(separator: "\n").count == 4 && held.stdout == scanned.stdout, "\(held.stdout)\n\(scanned.stdout)")
    }
}
