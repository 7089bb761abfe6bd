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
/// it goes. Reads and writes in large blocks and keeps only the line being answered, so
/// memory stays flat whatever the input's length. A line that is not a point is an error
/// record (`{"line": N, "error": "..."}`) and the stream goes on; the status is then 65
/// (`BadStreamLines`, reported after the last record).
/// A blank line gets no record.
enum ReverseStream {
    /// Bytes read from stdin at a time, and written to stdout at a time.
    static let blockSize = 1 << 20

    /// With `answer` nil, the city-only fast path (`CityOnlyRecords`); else each point is
    /// answered by it and written as `ReverseRenderer.json`'s record.
    /// `write` takes the records as they are made, a block at a time; the number of lines
    /// that were not points is returned (and the first of them).
    static func run(input: Int32 = 0, write: @escaping (String) -> StandardStreams.WriteResult, gazetteer: Gazetteer,
                    answer: ((Coordinate) async throws -> ReverseGeocode)?) async throws -> BadStreamLines? {
        var cities = CityOnlyRecords(nearest: { gazetteer.nearestRow(to: $0) }, city: { row in
            let place = gazetteer.place(atRow: row)
            return ReverseGeocode.City(name: place.name, admin1: place.admin1, countryCode: place.countryCode,
                                       coordinate: place.coordinate, population: place.population, distanceMeters: 0)
        })
        var sink = Sink(write: write)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: blockSize)
        var lineNumber = 0
        var bad: BadStreamLines?
        func failed(_ line: Int) {
            if bad == nil { bad = BadStreamLines(first: line) }
            bad?.count += 1
        }
        /// Past the longest line taken, to its end: the rest of that line is no point.
        var skipping = false

        func handle(_ parsed: PointLine.Parsed) async throws {
            lineNumber += 1
            switch parsed {
            case .blank: return
            case .bad(let message):
                failed(lineNumber)
                sink.append(ReverseRenderer.errorRecord(line: lineNumber, message: message).compact)
            case .point(let point):
                if let answer {
                    sink.append(ReverseRenderer.json(try await answer(point), line: lineNumber).compact)
                } else {
                    cities.append(point, line: lineNumber, to: &sink.bytes)
                }
            }
            // One by one when each answer is slow (a web geocoder); in blocks when fast.
            if answer != nil || sink.bytes.count >= blockSize { try sink.flush() }
        }

        reading: while !sink.closed {
            let n = buffer.withUnsafeMutableBytes { POSIX.read(input, into: $0) }
            if n < 0 { throw PlacesError.io(path: "standard input", message: "cannot read standard input: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            var start = 0
            for i in 0..<n where buffer[i] == 10 {
                if skipping {
                    skipping = false
                } else if pending.isEmpty {
                    try await handle(buffer.withUnsafeBytes { PointLine.parse(UnsafeRawBufferPointer(rebasing: $0[start..<i])) })
                } else {
                    pending.append(contentsOf: buffer[start..<i])
                    try await handle(pending.withUnsafeBytes { PointLine.parse($0) })
                }
                pending.removeAll(keepingCapacity: true)
                start = i + 1
                if sink.closed { break reading }
            }
            if !skipping { pending.append(contentsOf: buffer[start..<n]) }
            if pending.count > Self.longestLine {
                pending.removeAll()
                skipping = true
                lineNumber += 1
                failed(lineNumber)
                sink.append(ReverseRenderer.errorRecord(line: lineNumber, message: "the line is longer than \(Self.longestLine / 1024) KiB: not a point").compact)
            }
        }
        if !pending.isEmpty, !skipping, !sink.closed { try await handle(pending.withUnsafeBytes { PointLine.parse($0) }) }
        try sink.flush()
        return bad
    }

    /// The longest line read as a point (an NDJSON object with other members may be long).
    static let longestLine = 64 << 10

    /// What goes to stdout, in blocks.
    private struct Sink {
        let write: (String) -> StandardStreams.WriteResult
        var bytes: [UInt8] = []
        /// The reader went away (`| head`): stop quietly.
        private(set) var closed = false

        init(write: @escaping (String) -> StandardStreams.WriteResult) {
            self.write = write
            bytes.reserveCapacity(ReverseStream.blockSize + 4096)
        }

        mutating func append(_ record: String) {
            bytes.append(contentsOf: record.utf8)
            bytes.append(10)
        }

        mutating func flush() throws {
            guard !bytes.isEmpty, !closed else { return }
            let result = write(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll(keepingCapacity: true)
            switch result {
            case .written: return
            case .closedPipe: closed = true
            case .failed(let code): throw StreamWriteFailure(code: code)
            }
        }
    }
}

/// Standard output could not be written (a full disk): reported as 74.
struct StreamWriteFailure: Error {
    let code: Int32
}

/// Lines of `reverse -` that were not points: each has its error record; the status is 65.
struct BadStreamLines: Error {
    /// The first such line's number.
    let first: Int
    var count = 0

    var message: String {
        "\(count) \(count == 1 ? "line" : "lines") of the input \(count == 1 ? "was" : "were") not a point (the first: line \(first)); each has an error record, the others were answered"
    }
}
