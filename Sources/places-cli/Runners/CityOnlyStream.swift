import Foundation
import PlacesCore
import PlacesGazetteer
import PlacesModel

/// `places reverse - --city-only` on every core (`ReverseChunks`): each chunk's lines read
/// as points, their nearest cities and districts found and their records written by a
/// record writer lent to that chunk.
enum CityOnlyStream {
    static func run(
        input: Int32, write: @escaping @Sendable (String) -> StandardStreams.WriteResult,
        gazetteer: Gazetteer
    ) async throws -> BadStreamLines? {
        let recorders = Recorders(gazetteer)
        let chunks = ReverseChunks(write: write) { chunk in answer(chunk, recorders) }
        try await StreamLines.read(input) { line in
            try await chunks.add(line)
            return !chunks.closed
        }
        return try await chunks.finish()
    }

    /// A chunk's records: a line that is not a point has its error record.
    static func answer(_ chunk: ReverseChunks.Chunk, _ recorders: Recorders) -> ReverseChunks.Chunk.Answer {
        var answer = ReverseChunks.Chunk.Answer()
        answer.records.reserveCapacity(chunk.lineEnds.count * 340)
        answer.marks.reserveCapacity(chunk.lineEnds.count)
        var records = recorders.take()
        defer { recorders.put(records) }
        chunk.forEachLine { line, read in
            switch read {
            case .tooLong:
                answer.appendLine(ReverseRenderer.errorRecord(line: line, message: StreamLines.tooLongMessage).compact)
                answer.mark(line, .tooLong)
            case .bad(let message):
                answer.appendLine(ReverseRenderer.errorRecord(line: line, message: message).compact)
                answer.mark(line, .bad)
            case .point(let point):
                records.append(point, line: line, to: &answer.records)
                answer.mark(line, .point)
            }
        }
        return answer
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
