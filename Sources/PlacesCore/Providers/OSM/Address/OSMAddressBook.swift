import Foundation

/// The addresses of one extract: the nearest to a point (`reverse --data`), and every one
/// for matching a typed address. A file with an index directory keeps them in an addresses
/// file beside its index (`OSMAddressFile`), read a few cells at a time; a stream, or a file
/// without a cache, is read whole into memory.
package final class OSMAddressBook: @unchecked Sendable {
    private enum Storage {
        case file(OSMAddressFile)
        case memory([OSMAddressRecord])
    }

    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// Records held in memory (tests; a stream's).
    init(records: [OSMAddressRecord]) {
        storage = .memory(records)
    }

    /// The addresses of the extract at `path`: from its addresses file when that is current,
    /// else read from the extract (and written beside its index when `cache` is given).
    package static func open(path: String, cache: VenueIndexCache?, diagnostics: Diagnostics) throws -> OSMAddressBook {
        switch try OverpassDataSource.open(path, diagnostics: diagnostics) {
        case .stream(let bytes):
            return OSMAddressBook(.memory(try bytes.withUnsafeBytes { try collect($0, path: path) }))
        case .file(let file):
            guard let cache else {
                return OSMAddressBook(.memory(try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }))
            }
            let key = SourceKey(file: file, path: OverpassDataSource.absolutePath(path))
            let addressPath = OSMAddressFileFormat.path(forIndex: cache.indexPath(forSource: key.path))
            if let current = OSMAddressFile(path: addressPath, key: key) { return OSMAddressBook(.file(current)) }
            let records = try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }
            do {
                try cache.createDirectory()
                let writer = try IndexFileWriter(destination: addressPath)
                OSMAddressFileFormat.encode(records, key: key).withUnsafeBytes { writer.write($0) }
                try writer.commit()
            } catch {
                diagnostics.note(.indexNotWritable(path: path, directory: cache.directory, reason: error.reason))
                return OSMAddressBook(.memory(records))
            }
            if let written = OSMAddressFile(path: addressPath, key: key) { return OSMAddressBook(.file(written)) }
            return OSMAddressBook(.memory(records))
        }
    }

    private static func withMapped<R>(_ file: ReadOnlyFile, path: String, diagnostics: Diagnostics,
                                      _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let mapping: MappedBytes
        do {
            mapping = try file.map()
        } catch {
            throw OverpassDataSource.error(error, path: path, wording: diagnostics.wording)
        }
        return try body(mapping.bytes)
    }

    private static func collect(_ bytes: UnsafeRawBufferPointer, path: String) throws -> [OSMAddressRecord] {
        let name = OverpassDataSource.displayName(path)
        if ExtractFileFormat(prefix: UnsafeRawBufferPointer(rebasing: bytes.prefix(4096))) == .pbf {
            do {
                return try OSMAddressCollector.records(pbf: bytes)
            } catch {
                throw PlacesError.badFile(path: path, message: error.message(file: name))
            }
        }
        do {
            return try OSMAddressCollector.records(json: bytes)
        } catch {
            throw PlacesError.badFile(path: path, message: "\(name) is not Overpass JSON: \(error.message) \(error.location(in: bytes)); export with [out:json] and 'out center tags;'")
        }
    }

    /// How many addresses the extract holds.
    package var count: Int {
        switch storage {
        case .file(let file): return file.count
        case .memory(let records): return records.count
        }
    }

    /// The address nearest `point` and its geodesic distance in metres (a tie goes to the
    /// node before the way, the lower id); nil when the extract has none.
    func nearest(to point: Coordinate) -> (record: OSMAddressRecord, meters: Double)? {
        switch storage {
        case .memory(let records):
            var best: (record: OSMAddressRecord, meters: Double)?
            for record in records {
                let meters = GeodesicDistance.meters(from: point, to: record.coordinate)
                if best.map({ Self.before(meters, record, $0.meters, $0.record) }) ?? true { best = (record, meters) }
            }
            return best
        case .file(let file):
            return nearest(to: point, in: file)
        }
    }

    /// Calls `body` with every address (matching a typed address).
    func forEach(_ body: (OSMAddressRecord) -> Void) {
        switch storage {
        case .memory(let records): records.forEach(body)
        case .file(let file):
            for i in 0..<file.count {
                if let record = file.record(i) { body(record) }
            }
        }
    }

    private static func before(_ meters: Double, _ record: OSMAddressRecord, _ bestMeters: Double, _ best: OSMAddressRecord) -> Bool {
        (meters, record.kind.rawValue, record.id) < (bestMeters, best.kind.rawValue, best.id)
    }

    /// Squares of cells around the point's cell, doubling, until no address outside the
    /// square can be nearer than the best inside it.
    private func nearest(to point: Coordinate, in file: OSMAddressFile) -> (record: OSMAddressRecord, meters: Double)? {
        guard file.count > 0 else { return nil }
        let grid = OSMAddressFileFormat.grid
        let row = grid.row(point.latitude), column = grid.column(point.longitude)
        var best: (index: Int, meters: Double, kind: UInt8, id: Int64)?
        var reach = 1
        while true {
            let rows = max(0, row - reach)...min(grid.rows - 1, row + reach)
            let wraps = 2 * reach + 1 >= grid.columns
            let spans: [ClosedRange<Int>] = wraps ? [0...(grid.columns - 1)] : Self.columnSpans(column - reach, column + reach, columns: grid.columns)
            for r in rows {
                for span in spans {
                    let base = UInt64(r * grid.columns)
                    var i = file.firstRecord(atLeast: base + UInt64(span.lowerBound))
                    while i < file.count, file.cell(i) <= base + UInt64(span.upperBound) {
                        if let position = file.position(i), let record = file.record(i) {
                            let meters = GeodesicDistance.meters(from: point, to: position)
                            let candidate = (index: i, meters: meters, kind: record.kind.rawValue, id: record.id)
                            if best.map({ (candidate.meters, candidate.kind, candidate.id) < ($0.meters, $0.kind, $0.id) }) ?? true { best = candidate }
                        }
                        i += 1
                    }
                }
            }
            let covered = wraps && rows.lowerBound == 0 && rows.upperBound == grid.rows - 1
            if let found = best, covered || found.meters <= Self.outsideLowerBound(point, reach: reach, row: row, column: column, grid: grid) {
                return file.record(found.index).map { ($0, found.meters) }
            }
            if covered { return nil }
            reach *= 2
        }
    }

    /// Column ranges for columns `first...last`, wrapped around the antimeridian.
    private static func columnSpans(_ first: Int, _ last: Int, columns: Int) -> [ClosedRange<Int>] {
        if first < 0 { return [(first + columns)...(columns - 1), 0...last] }
        if last >= columns { return [first...(columns - 1), 0...(last - columns)] }
        return [first...last]
    }

    /// A lower bound on the distance from `point` to any point outside the square of cells
    /// `reach` around its cell: the nearest of its four edges, measured on a sphere of the
    /// ellipsoid's least radius of curvature (6,335,439 m), less 1 %.
    private static func outsideLowerBound(_ point: Coordinate, reach: Int, row: Int, column: Int, grid: GeoGrid) -> Double {
        let radius = 6_335_439.0 * 0.99
        let south = -90 + Double(row - reach) * grid.degrees, north = -90 + Double(row + reach + 1) * grid.degrees
        let west = -180 + Double(column - reach) * grid.degrees, east = -180 + Double(column + reach + 1) * grid.degrees
        var bound = Double.infinity
        if south > -90 { bound = min(bound, (point.latitude - south) * .pi / 180 * radius) }
        if north < 90 { bound = min(bound, (north - point.latitude) * .pi / 180 * radius) }
        let dLon = min(point.longitude - west, east - point.longitude)
        if 2 * reach + 1 < grid.columns {
            // The distance to a meridian dLon away: asin(sin dLon · cos lat) on the sphere;
            // past 90° of longitude, the nearest point of a meridian is a pole.
            let nearestPole = (90 - abs(point.latitude)) * .pi / 180 * radius
            let toMeridian = dLon >= 90 ? nearestPole
                : asin(min(1, sin(dLon * .pi / 180) * cos(point.latitude * .pi / 180))) * radius
            bound = min(bound, toMeridian)
        }
        return max(0, bound - 1)
    }
}
