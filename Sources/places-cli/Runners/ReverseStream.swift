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

        /// The record of line `line`'s answer, with its line end.
        func record(_ found: ReverseGeocode, line: Int) -> String {
            switch self {
            case .ndjson: return ReverseRenderer.json(found, line: line).compact + "\n"
            case .csv: return ReverseRenderer.streamCSVRow(found, line: line)
            }
        }

        /// The record of line `line`, which is not a point, with its line end.
        func errorRecord(line: Int, message: String) -> String {
            switch self {
            case .ndjson: return ReverseRenderer.errorRecord(line: line, message: message).compact + "\n"
            case .csv: return ReverseRenderer.streamCSVErrorRow(line: line, message: message)
            }
        }
    }

    /// How the points are answered beyond the city.
    struct Answerer: Sendable {
        /// A point's answer, one after another.
        let one: @Sendable (Coordinate) async throws -> ReverseGeocode
        /// An answer that may be asked from every thread at once (an extract's index held
        /// open), or nil; asked once the first point is answered, so that the index it needs
        /// is written once, by that point.
        let shared: @Sendable () throws -> (@Sendable (Coordinate) async throws -> ReverseGeocode)?
    }

    /// With `answer` nil, the city alone: as NDJSON on the fast path (`CityOnlyStream`, on
    /// every core), as CSV one line after another. Else each point is answered by `answer`:
    /// one by one, written as it comes (a web geocoder may be slow), until it gives a shared
    /// answer, which answers the rest on every core (`ReverseChunks`). `write` takes the
    /// records as they are made, a block at a time; the number of lines that were not points
    /// is returned (and the first of them).
    static func run(
        input: Int32 = 0, write: @escaping @Sendable (String) -> StandardStreams.WriteResult, gazetteer: Gazetteer,
        format: Format = .ndjson, answer: Answerer?
    ) async throws -> BadStreamLines? {
        if answer == nil, format == .ndjson { return try await CityOnlyStream.run(input: input, write: write, gazetteer: gazetteer) }
        // Each answer of a source may be slow (a web geocoder): written one by one. The city
        // alone is quick: written a block at a time.
        let oneByOne = answer != nil
        let cityAlone: @Sendable (Coordinate) async throws -> ReverseGeocode = { point in
            ReverseGeocode(coordinate: point, city: gazetteer.nearestCity(to: point))
        }
        let one = answer?.one ?? cityAlone
        var sink = StreamBlockWriter(write: write)
        if format == .csv { sink.append(contentsOf: CSVRenderer.row(ReverseRenderer.streamCSVHeader).utf8) }
        var lineNumber = 0
        var bad: BadStreamLines?
        var answered = 0
        var chunks: ReverseChunks?
        // A writer that waits for each answer before its next line gets it: the lines taken
        // into chunks are answered and written whenever the input runs dry.
        let drain: () async throws -> Void = { try await chunks?.drain() }
        try await StreamLines.read(input, whenIdle: drain) { line in
            lineNumber += 1
            if let chunks {
                try await chunks.add(line)
                return !chunks.closed
            }
            // From the second point on, every core when the source allows.
            if answered == 1, let shared = answer?.shared {
                answered += 1
                // A source that cannot be held (its file gone since) goes on one by one, and
                // the next point's answer says what is wrong.
                if let all = try? shared() {
                    let started = ReverseChunks(firstLine: lineNumber, write: write) { chunk in
                        await SharedChunkAnswer.answer(chunk, format: format, all)
                    }
                    chunks = started
                    try await started.add(line)
                    return !started.closed
                }
            }
            switch line {
            case .tooLong:
                bad.note(lineNumber)
                sink.append(contentsOf: format.errorRecord(line: lineNumber, message: StreamLines.tooLongMessage).utf8)
            case .text(let bytes):
                switch PointLine.parse(bytes) {
                case .blank: return true
                case .bad(let message):
                    bad.note(lineNumber)
                    sink.append(contentsOf: format.errorRecord(line: lineNumber, message: message).utf8)
                case .point(let point):
                    sink.append(contentsOf: format.record(try await one(point), line: lineNumber).utf8)
                    answered += 1
                }
            }
            if oneByOne || sink.bytes.count >= blockSize { try sink.flush() }
            return !sink.closed
        }
        try sink.flush()
        guard let chunks else { return bad }
        let later = try await chunks.finish()
        return bad.map { $0.followed(by: later) } ?? later
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
