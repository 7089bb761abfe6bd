import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// The addresses of one extract: the nearest to a point (`reverse --data`), and every one
/// for matching a typed address. A file with an index directory keeps them in an addresses
/// file beside its index (`OSMAddressFile`), read a few cells at a time; a stream, or a file
/// without a cache, is read whole into memory. An addresses file found damaged, when it is
/// opened or when a cell of it is read, is a note and is written again from the extract.
final class OSMAddressBook: @unchecked Sendable {
    private enum Storage {
        case file(OSMAddressFile)
        case memory([OSMAddressRecord])

        func isFile(_ file: OSMAddressFile) -> Bool {
            if case .file(let mine) = self { return mine === file }
            return false
        }
    }

    private let lock = NSLock()
    private var storage: Storage
    /// How the addresses file is written again when a read finds it damaged; nil for a book
    /// held in memory, which has nothing to damage.
    private let source: AddressSource?

    private init(_ storage: Storage, source: AddressSource? = nil) {
        self.storage = storage
        self.source = source
    }

    /// Records held in memory (tests; a stream's).
    init(records: [OSMAddressRecord]) {
        storage = .memory(records)
        source = nil
    }

    /// The addresses of the extract at `path`: from its addresses file when that is current,
    /// else read from the extract (and written beside its index when `cache` is given).
    static func open(path: String, cache: VenueIndexCache?, diagnostics: Diagnostics) throws -> OSMAddressBook {
        switch try OverpassDataSource.open(path, diagnostics: diagnostics) {
        case .stream(let bytes):
            return OSMAddressBook(.memory(try bytes.withUnsafeBytes { try collect($0, path: path) }))
        case .file(let file):
            guard let cache else {
                return OSMAddressBook(.memory(try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }))
            }
            let key = SourceKey(file: file, path: OverpassDataSource.absolutePath(path))
            let source = AddressSource(file: file, path: path, cache: cache, key: key, diagnostics: diagnostics)
            return OSMAddressBook(try source.storage(), source: source)
        }
    }

    /// An extract read into an addresses file beside its index.
    private struct AddressSource {
        let file: ReadOnlyFile
        let path: String
        let cache: VenueIndexCache
        let key: SourceKey
        let diagnostics: Diagnostics

        var addressPath: String { OSMAddressFileFormat.path(forIndex: cache.indexPath(forSource: key.path)) }

        /// The addresses file when it is current, else the extract's addresses written into
        /// one (held in memory when that cannot be written, or `inMemory`).
        func storage(inMemory: Bool = false) throws -> Storage {
            if !inMemory {
                do {
                    if let current = try OSMAddressFile(path: addressPath, key: key) { return .file(current) }
                } catch {
                    damaged(error)
                }
            }
            let records = try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }
            guard !inMemory else { return .memory(records) }
            do {
                try cache.createDirectory()
                let writer = try IndexFileWriter(destination: addressPath)
                OSMAddressFileFormat.encode(records, key: key).withUnsafeBytes { writer.write($0) }
                try writer.commit()
            } catch {
                diagnostics.note(.indexNotWritable(path: path, directory: cache.directory, reason: error.reason))
                return .memory(records)
            }
            if let written = try? OSMAddressFile(path: addressPath, key: key) { return .file(written) }
            return .memory(records)
        }

        /// Says the addresses file is damaged, and removes it.
        func damaged(_ error: VenueIndexCorruption) {
            diagnostics.note("the cached addresses \(addressPath) of \(path) are damaged (\(error.reason)); rebuilding them")
            unlink(addressPath)
        }
    }

    /// `read` of the addresses; when it finds the addresses file damaged, the file is written
    /// again and read again (and when that one is damaged too, the addresses are read into
    /// memory).
    private func reading<R>(_ read: (Storage) throws(VenueIndexCorruption) -> R) throws -> R {
        let current = lock.withLock { storage }
        do {
            return try read(current)
        } catch {
            // A book in memory has nothing to damage: only a file's reads throw.
            guard let source else { throw error }
            let rebuilt: Storage = try lock.withLock {
                // Another reader may have written it again already.
                if case .file(let seen) = current, !storage.isFile(seen) { return storage }
                source.damaged(error)
                storage = try source.storage()
                return storage
            }
            do {
                return try read(rebuilt)
            } catch {
                source.damaged(error)
                let records = try source.storage(inMemory: true)
                lock.withLock { storage = records }
                return try read(records)
            }
        }
    }

    private static func withMapped<R>(
        _ file: ReadOnlyFile, path: String, diagnostics: Diagnostics,
        _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
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
            throw PlacesError.badFile(
                path: path,
                message:
                    "\(name) is not Overpass JSON: \(error.message) \(error.location(in: bytes)); export with [out:json] and 'out center tags;'"
            )
        }
    }

    /// How many addresses the extract holds.
    var count: Int {
        switch lock.withLock({ storage }) {
        case .file(let file): return file.count
        case .memory(let records): return records.count
        }
    }

    /// The address nearest `point` and its geodesic distance in metres (a tie goes to the
    /// node before the way, the lower id); nil when the extract has none.
    func nearest(to point: Coordinate) throws -> (record: OSMAddressRecord, meters: Double)? {
        try reading { storage throws(VenueIndexCorruption) in
            switch storage {
            case .memory(let records):
                var best: (record: OSMAddressRecord, meters: Double)?
                for record in records {
                    let meters = GeodesicDistance.meters(from: point, to: record.coordinate)
                    if best.map({ Self.before(meters, record, $0.meters, $0.record) }) ?? true { best = (record, meters) }
                }
                return best
            case .file(let file):
                return try Self.nearest(to: point, in: file)
            }
        }
    }

    /// Calls `body` with every address (matching a typed address), one cell at a time.
    func forEachRecord(_ body: (OSMAddressRecord) -> Void) throws {
        // Every cell checked before any address is handed over: a damaged cell found half-way
        // would hand the first half over twice, once from the file written again.
        let checked = try reading { storage throws(VenueIndexCorruption) in
            if case .file(let file) = storage {
                for cell in 0..<file.cellCount { try file.check(cell: cell) }
            }
            return storage
        }
        switch checked {
        case .memory(let records):
            for record in records { body(record) }
        case .file(let file):
            do {
                for cell in 0..<file.cellCount {
                    for record in try file.records(ofCell: cell) { body(record) }
                }
            } catch {
                // Checked a moment ago, and written only by renaming a new file over it.
                let path = source?.addressPath ?? ""
                throw PlacesError.badFile(
                    path: path, message: "the cached addresses \(path) changed while they were read (\(error.reason))")
            }
        }
    }

    private static func before(_ meters: Double, _ record: OSMAddressRecord, _ bestMeters: Double, _ best: OSMAddressRecord) -> Bool {
        (meters, record.kind.rawValue, record.id) < (bestMeters, best.kind.rawValue, best.id)
    }

    private static func before(_ meters: Double, _ position: OSMAddressPosition, _ bestMeters: Double, _ best: OSMAddressPosition) -> Bool {
        (meters, position.kind.rawValue, position.id) < (bestMeters, best.kind.rawValue, best.id)
    }

    /// Squares of cells around the point's cell, doubling, until no address outside the
    /// square can be nearer than the best inside it.
    private static func nearest(
        to point: Coordinate, in file: OSMAddressFile
    ) throws(VenueIndexCorruption) -> (record: OSMAddressRecord, meters: Double)? {
        guard file.count > 0 else { return nil }
        let grid = OSMAddressFileFormat.grid
        let row = grid.row(point.latitude), column = grid.column(point.longitude)
        // The exact distance (an ellipsoid's inverse problem) only for an address that a
        // floor of a few multiplications does not put beyond the nearest so far; the strings
        // only of the one kept.
        var best: (position: OSMAddressPosition, meters: Double)?
        var floor: GeodesicDistanceFloor?
        var reach = 1
        while true {
            let rows = max(0, row - reach)...min(grid.rows - 1, row + reach)
            let wraps = 2 * reach + 1 >= grid.columns
            let spans: [ClosedRange<Int>] =
                wraps ? [0...(grid.columns - 1)] : Self.columnSpans(column - reach, column + reach, columns: grid.columns)
            for r in rows {
                for span in spans {
                    let base = UInt64(r * grid.columns)
                    var cell = file.firstCell(atLeast: base + UInt64(span.lowerBound))
                    while cell < file.cellCount, file.number(ofCell: cell) <= base + UInt64(span.upperBound) {
                        for position in try file.positions(ofCell: cell) {
                            if let floor, floor.rulesOut(latitude: position.latitude, longitude: position.longitude) { continue }
                            let meters = GeodesicDistance.meters(
                                from: point, to: Coordinate(uncheckedLatitude: position.latitude, longitude: position.longitude))
                            if best.map({ Self.before(meters, position, $0.meters, $0.position) }) ?? true {
                                best = (position, meters)
                                floor = GeodesicDistanceFloor(center: point, within: meters)
                            }
                        }
                        cell += 1
                    }
                }
            }
            let covered = wraps && rows.lowerBound == 0 && rows.upperBound == grid.rows - 1
            if let found = best,
                covered || found.meters <= Self.outsideLowerBound(point, reach: reach, row: row, column: column, grid: grid)
            {
                return (try file.record(at: found.position.index), found.meters)
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
            let toMeridian =
                dLon >= 90
                ? nearestPole
                : asin(min(1, sin(dLon * .pi / 180) * cos(point.latitude * .pi / 180))) * radius
            bound = min(bound, toMeridian)
        }
        return max(0, bound - 1)
    }
}
