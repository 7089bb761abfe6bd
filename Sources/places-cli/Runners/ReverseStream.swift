#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlacesCore
import PlacesGazetteer

/// `places reverse -`: points from stdin, one record per line on stdout in input order, as
/// it goes. Reads and writes in large blocks (`StreamLines`) and keeps only the lines being
/// answered, so memory stays flat whatever the input's length. A line that is not a point
/// is an error record (`{"line": N, "error": "..."}`) and the stream goes on; the status is
/// then 65 (`BadStreamLines`, reported after the last record).
/// A blank line gets no record.
enum ReverseStream {
    /// Bytes written to stdout at a time.
    static let blockSize = 1 << 20

    /// With `answer` nil, the city-only fast path (`CityOnlyStream`, on every core); else
    /// each point is answered by it and written as `ReverseRenderer.json`'s record.
    /// `write` takes the records as they are made, a block at a time; the number of lines
    /// that were not points is returned (and the first of them).
    static func run(input: Int32 = 0, write: @escaping @Sendable (String) -> StandardStreams.WriteResult, gazetteer: Gazetteer,
                    answer: ((Coordinate) async throws -> ReverseGeocode)?) async throws -> BadStreamLines? {
        guard let answer else { return try await CityOnlyStream.run(input: input, write: write, gazetteer: gazetteer) }
        var sink = StreamBlockWriter(write: write)
        var lineNumber = 0
        var bad: BadStreamLines?
        try await StreamLines.read(input) { line in
            lineNumber += 1
            switch line {
            case .tooLong:
                bad.note(lineNumber)
                sink.appendLine(ReverseRenderer.errorRecord(line: lineNumber, message: StreamLines.tooLongMessage).compact)
            case .text(let bytes):
                switch PointLine.parse(bytes) {
                case .blank: return true
                case .bad(let message):
                    bad.note(lineNumber)
                    sink.appendLine(ReverseRenderer.errorRecord(line: lineNumber, message: message).compact)
                case .point(let point):
                    sink.appendLine(ReverseRenderer.json(try await answer(point), line: lineNumber).compact)
                }
                // One by one: each answer is slow (a web geocoder).
                try sink.flush()
            }
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
