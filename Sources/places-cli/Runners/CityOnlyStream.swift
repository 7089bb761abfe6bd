import Foundation
import PlacesCore
import PlacesGazetteer
import PlacesModel

/// `places reverse - --city-only` on every core: the lines are taken in chunks of a few
/// thousand, each chunk answered on its own (read as points, nearest cities, records) by a
/// task of its own, and the chunks' records written in input order as they are done. At
/// most `inFlight` chunks exist at a time, so memory stays flat whatever the input's length;
/// the records are `ReverseStream`'s, byte for byte, whatever the chunks.
enum CityOnlyStream {
    /// Lines a chunk holds (a few milliseconds' work), and bytes, for long NDJSON lines.
    static let chunkLines = 4096
    static let chunkBytes = 256 << 10

    /// Chunks in flight at most, the one being written included: two a core keep them busy.
    static var inFlight: Int { 2 * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    static func run(
        input: Int32, write: @escaping @Sendable (String) -> StandardStreams.WriteResult,
        gazetteer: Gazetteer
    ) async throws -> BadStreamLines? {
        let recorders = Recorders(gazetteer)
        let inFlight = Self.inFlight
        var chunk = Chunk(firstLine: 1)
        var answering: [Task<Chunk.Answer, Never>] = []
        var out = Output(write: write)

        func submit() async throws {
            let full = chunk
            chunk = Chunk(firstLine: full.firstLine + full.lineEnds.count)
            answering.append(Task { full.answer(recorders) })
            while answering.count >= inFlight, !out.closed {
                let done = await answering.removeFirst().value
                try out.take(done)
            }
        }

        try await StreamLines.read(input) { line in
            switch line {
            case .tooLong: chunk.lineEnds.append(-1)
            case .text(let bytes):
                chunk.bytes.append(contentsOf: bytes)
                chunk.lineEnds.append(chunk.bytes.count)
            }
            if chunk.lineEnds.count >= chunkLines || chunk.bytes.count >= chunkBytes { try await submit() }
            return !out.closed
        }
        if !out.closed, !chunk.lineEnds.isEmpty { try await submit() }
        while !out.closed, !answering.isEmpty {
            let done = await answering.removeFirst().value
            try out.take(done)
        }
        try out.blocks.flush()
        return out.bad
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

        /// Passes a chunk's records on, in order, until the reader goes away.
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
            bytes.reserveCapacity(CityOnlyStream.chunkBytes)
            lineEnds.reserveCapacity(CityOnlyStream.chunkLines)
        }

        /// The chunk's records, one after another, and where each ends.
        struct Answer: Sendable {
            var records: [UInt8] = []
            var marks: [Mark] = []
        }

        /// The end of a line's record in `Answer.records`, and what the line was.
        struct Mark: Sendable {
            enum Kind: Sendable { case point, bad, tooLong }
            let end: Int
            let line: Int
            let kind: Kind
        }

        func answer(_ recorders: Recorders) -> Answer {
            var answer = Answer()
            answer.records.reserveCapacity(lineEnds.count * 340)
            answer.marks.reserveCapacity(lineEnds.count)
            var records = recorders.take()
            defer { recorders.put(records) }
            var start = 0
            bytes.withUnsafeBytes { bytes in
                for (index, end) in lineEnds.enumerated() {
                    let line = firstLine + index
                    guard end >= 0 else {
                        Self.append(
                            ReverseRenderer.errorRecord(line: line, message: StreamLines.tooLongMessage).compact, to: &answer.records)
                        answer.marks.append(Mark(end: answer.records.count, line: line, kind: .tooLong))
                        continue
                    }
                    let parsed = PointLine.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                    switch parsed {
                    case .blank: continue
                    case .bad(let message):
                        Self.append(ReverseRenderer.errorRecord(line: line, message: message).compact, to: &answer.records)
                        answer.marks.append(Mark(end: answer.records.count, line: line, kind: .bad))
                    case .point(let point):
                        records.append(point, line: line, to: &answer.records)
                        answer.marks.append(Mark(end: answer.records.count, line: line, kind: .point))
                    }
                }
            }
            return answer
        }

        private static func append(_ record: String, to out: inout [UInt8]) {
            out.append(contentsOf: record.utf8)
            out.append(10)
        }
    }

    /// The record writers, each with the city and district parts it has used so far, lent
    /// to one chunk at a time; a part one of them lacks comes from those made for all
    /// (`RowParts`), so each is made once however many chunks name it.
    final class Recorders: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [CityOnlyRecords] = []
        private let parts: RowParts
        private let locate: @Sendable (Coordinate) -> LocalityRows?

        init(_ gazetteer: Gazetteer) {
            parts = RowParts(gazetteer)
            locate = gazetteer.localityFinder()
        }

        func take() -> CityOnlyRecords {
            let parts = parts
            return lock.withLock { idle.popLast() }
                ?? CityOnlyRecords(
                    locate: locate, cityPrefix: { row in parts.city(row) }, districtPrefix: { row in parts.district(row) })
        }

        func put(_ records: CityOnlyRecords) {
            lock.withLock { idle.append(records) }
        }
    }

    /// Each row's parts of the record as a city (`CityOnlyRecords.cityPrefix`) and as a
    /// district (`CityOnlyRecords.districtPrefix`), made on first use and kept for every
    /// writer, under a lock.
    final class RowParts: @unchecked Sendable {
        private let lock = NSLock()
        /// By row, empty until made (no part is empty).
        private var cities: [[UInt8]]
        private var districts: [[UInt8]]
        private let gazetteer: Gazetteer

        init(_ gazetteer: Gazetteer) {
            self.gazetteer = gazetteer
            cities = Array(repeating: [], count: gazetteer.cityCount)
            districts = Array(repeating: [], count: gazetteer.cityCount)
        }

        func city(_ row: Int) -> [UInt8] {
            if let known = lock.withLock({ row < cities.count && !cities[row].isEmpty ? cities[row] : nil }) { return known }
            let prefix = CityOnlyRecords.cityPrefix(gazetteer.city(atRow: row, distanceMeters: 0))
            lock.withLock { if row < cities.count { cities[row] = prefix } }
            return prefix
        }

        func district(_ row: Int) -> [UInt8] {
            if let known = lock.withLock({ row < districts.count && !districts[row].isEmpty ? districts[row] : nil }) { return known }
            let prefix = CityOnlyRecords.districtPrefix(name: gazetteer.place(atRow: row).name)
            lock.withLock { if row < districts.count { districts[row] = prefix } }
            return prefix
        }
    }
}
