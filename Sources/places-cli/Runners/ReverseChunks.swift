import Foundation
import PlacesCore
import PlacesModel

/// `places reverse -` on every core: the lines taken in chunks of a few thousand, each chunk
/// answered on its own (read as points, answered, made records) by a task of its own, and
/// the chunks' records written in input order as they are done. At most `inFlight` chunks
/// exist at a time, so memory stays flat whatever the input's length; the records are the
/// one-by-one stream's (`ReverseStream`), byte for byte, whatever the chunks. How a chunk is
/// answered is the caller's (`CityOnlyStream`, `ExtractChunkAnswer`).
final class ReverseChunks {
    /// Lines a chunk holds (a few milliseconds' work), and bytes, for long NDJSON lines.
    static let chunkLines = 4096
    static let chunkBytes = 256 << 10

    /// Chunks in flight at most, the one being written included: two a core keep them busy.
    static var inFlight: Int { 2 * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Answers a chunk, on any thread.
    typealias Answerer = @Sendable (Chunk) async -> Chunk.Answer

    private let answerer: Answerer
    private let inFlight: Int
    private var chunk: Chunk
    private var answering: [Task<Chunk.Answer, Never>] = []
    private var out: Output

    /// Chunks whose first line is line `firstLine` of the input, each answered by `answer`,
    /// written through `write`.
    init(firstLine: Int = 1, write: @escaping @Sendable (String) -> StandardStreams.WriteResult, answer: @escaping Answerer) {
        answerer = answer
        inFlight = Self.inFlight
        chunk = Chunk(firstLine: firstLine)
        out = Output(write: write)
    }

    /// The reader went away: take no more lines.
    var closed: Bool { out.closed }

    /// Takes the input's next line.
    func add(_ line: StreamLines.Line) async throws {
        switch line {
        case .tooLong: chunk.lineEnds.append(-1)
        case .text(let bytes):
            chunk.bytes.append(contentsOf: bytes)
            chunk.lineEnds.append(chunk.bytes.count)
        }
        if chunk.lineEnds.count >= Self.chunkLines || chunk.bytes.count >= Self.chunkBytes { try await submit() }
    }

    /// Answers and writes every line taken so far (the input has no more for now).
    func drain() async throws {
        if !out.closed, !chunk.lineEnds.isEmpty { try await submit() }
        while !out.closed, !answering.isEmpty {
            let done = await answering.removeFirst().value
            try out.take(done)
        }
        try out.blocks.flush()
    }

    /// Answers and writes what is left; the lines that were not points.
    func finish() async throws -> BadStreamLines? {
        try await drain()
        return out.bad
    }

    private func submit() async throws {
        let full = chunk
        chunk = Chunk(firstLine: full.firstLine + full.lineEnds.count)
        let answerer = answerer
        answering.append(Task { await answerer(full) })
        while answering.count >= inFlight, !out.closed {
            let done = await answering.removeFirst().value
            try out.take(done)
        }
    }

    /// The records on their way to stdout, written in the blocks a one-by-one stream writes
    /// (`ReverseStream`'s: after the record of a line that makes them reach `blockSize`),
    /// with the lines that were not points counted as their records are passed, so a reader
    /// that goes away (`| head`) leaves the same status and message however the work was split.
    private struct Output {
        var blocks: StreamBlockWriter
        var bad: BadStreamLines?
        /// The reader went away: stop quietly.
        var closed: Bool { blocks.closed }

        init(write: @escaping @Sendable (String) -> StandardStreams.WriteResult) {
            blocks = StreamBlockWriter(write: write)
        }

        /// Passes a chunk's records on, in order, until the reader goes away; then the
        /// chunk's failure, if a line's answer failed (the records before it written first).
        mutating func take(_ answer: Chunk.Answer) throws {
            var taken = 0
            for mark in answer.marks {
                if mark.kind != .point { bad.note(mark.line) }
                guard mark.kind != .tooLong, blocks.bytes.count + mark.end - taken >= ReverseStream.blockSize else { continue }
                blocks.append(contentsOf: answer.records[taken..<mark.end])
                taken = mark.end
                try blocks.flush()
                if closed { return }
            }
            blocks.append(contentsOf: answer.records[taken...])
            if let failure = answer.failure {
                try blocks.flush()
                throw failure
            }
        }
    }

    /// Some lines of the input, in order, and where the first one stands in it.
    struct Chunk: Sendable {
        let firstLine: Int
        /// The lines' bytes, one after another without newlines.
        var bytes: [UInt8] = []
        /// Where each line ends in `bytes`, or -1 for a line too long to read (`StreamLines.tooLong`).
        var lineEnds: [Int] = []

        init(firstLine: Int) {
            self.firstLine = firstLine
            bytes.reserveCapacity(ReverseChunks.chunkBytes)
            lineEnds.reserveCapacity(ReverseChunks.chunkLines)
        }

        /// A line of the chunk, read.
        enum Line {
            case point(Coordinate)
            /// Not a point: the message of its error record.
            case bad(String)
            case tooLong
        }

        /// Calls `body` with each line but the blank ones, in order, and its number in the input.
        func forEachLine(_ body: (Int, Line) -> Void) {
            var start = 0
            bytes.withUnsafeBytes { bytes in
                for (index, end) in lineEnds.enumerated() {
                    let line = firstLine + index
                    guard end >= 0 else {
                        body(line, .tooLong)
                        continue
                    }
                    let parsed = PointLine.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                    switch parsed {
                    case .blank: continue
                    case .bad(let message): body(line, .bad(message))
                    case .point(let point): body(line, .point(point))
                    }
                }
            }
        }

        /// The chunk's records, one after another, and where each ends; and the error that
        /// stopped it, if a line's answer failed (no record after that line's).
        struct Answer: Sendable {
            var records: [UInt8] = []
            var marks: [Mark] = []
            var failure: (any Error)?

            /// Ends the record of line `line`, just appended to `records`.
            mutating func mark(_ line: Int, _ kind: Mark.Kind) {
                marks.append(Mark(end: records.count, line: line, kind: kind))
            }

            /// A record and its newline.
            mutating func appendLine(_ record: String) {
                records.append(contentsOf: record.utf8)
                records.append(10)
            }
        }

        /// The end of a line's record in `Answer.records`, and what the line was.
        struct Mark: Sendable {
            enum Kind: Sendable { case point, bad, tooLong }
            let end: Int
            let line: Int
            let kind: Kind
        }
    }
}
