import PlacesCore
import PlacesGazetteer
import PlacesModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `places reverse -`: points from stdin, one record per line on stdout in input order, as
/// it goes. Reads and writes in large blocks (`StreamLines`) and keeps only the lines being
/// answered, so memory stays flat whatever the input's length. A line that is not a point
/// is an error record (`{"line": N, "error": "..."}`, or a CSV row with only `line` and
/// `error`) and the stream goes on; the status is then 65 (`BadStreamLines`, reported after
/// the last record). A blank line gets no record.
enum ReverseStream {
    /// Bytes written to stdout at a time.
    static let blockSize = 1 << 20

    /// What the records are written as.
    enum Format: Sendable {
        /// A JSON record a line (`ReverseRenderer.json`, with `line`).
        case ndjson
        /// A header, then a row a line (`ReverseRenderer.streamCSVHeader`).
        case csv
    }

    /// With `answer` nil, the city alone: as NDJSON on the fast path (`CityOnlyStream`, on
    /// every core), as CSV one line after another. Else each point is answered by `answer`.
    /// `write` takes the records as they are made, a block at a time; the number of lines
    /// that were not points is returned (and the first of them).
    static func run(
        input: Int32 = 0, write: @escaping @Sendable (String) -> StandardStreams.WriteResult, gazetteer: Gazetteer,
        format: Format = .ndjson, answer: ((Coordinate) async throws -> ReverseGeocode)?
    ) async throws -> BadStreamLines? {
        if answer == nil, format == .ndjson { return try await CityOnlyStream.run(input: input, write: write, gazetteer: gazetteer) }
        // Each answer of a source may be slow (a web geocoder): written one by one. The city
        // alone is quick: written a block at a time.
        let oneByOne = answer != nil
        let answer = answer ?? { point in ReverseGeocode(coordinate: point, city: gazetteer.nearestCity(to: point)) }
        var sink = StreamBlockWriter(write: write)
        if format == .csv { sink.append(contentsOf: CSVRenderer.row(ReverseRenderer.streamCSVHeader).utf8) }
        func appendError(_ line: Int, _ message: String) {
            switch format {
            case .ndjson: sink.appendLine(ReverseRenderer.errorRecord(line: line, message: message).compact)
            case .csv: sink.append(contentsOf: ReverseRenderer.streamCSVErrorRow(line: line, message: message).utf8)
            }
        }
        var lineNumber = 0
        var bad: BadStreamLines?
        try await StreamLines.read(input) { line in
            lineNumber += 1
            switch line {
            case .tooLong:
                bad.note(lineNumber)
                appendError(lineNumber, StreamLines.tooLongMessage)
            case .text(let bytes):
                switch PointLine.parse(bytes) {
                case .blank: return true
                case .bad(let message):
                    bad.note(lineNumber)
                    appendError(lineNumber, message)
                case .point(let point):
                    let found = try await answer(point)
                    switch format {
                    case .ndjson: sink.appendLine(ReverseRenderer.json(found, line: lineNumber).compact)
                    case .csv: sink.append(contentsOf: ReverseRenderer.streamCSVRow(found, line: lineNumber).utf8)
                    }
                }
            }
            if oneByOne || sink.bytes.count >= blockSize { try sink.flush() }
            return !sink.closed
        }
        try sink.flush()
        return bad
    }
}

/// Lines of `reverse -` that were not points: each has its error record; the status is 65.
struct BadStreamLines: Error {
    /// The first such line's number.
    let first: Int
    var count = 0

    /// These lines and then `later` ones (from further on in the input).
    func followed(by later: BadStreamLines?) -> BadStreamLines {
        guard let later else { return self }
        return BadStreamLines(first: first, count: count + later.count)
    }

    var message: String {
        "\(count) \(count == 1 ? "line" : "lines") of the input \(count == 1 ? "was" : "were") not a point (the first: line \(first)); each has an error record, the others were answered"
    }
}

extension BadStreamLines? {
    /// Counts line `line` as not a point.
    mutating func note(_ line: Int) {
        self = (self ?? BadStreamLines(first: line)).followed(by: BadStreamLines(first: line, count: 1))
    }
}
