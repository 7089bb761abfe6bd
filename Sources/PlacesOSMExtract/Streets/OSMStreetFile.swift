import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// The street map of an extract, kept beside its spatial index (`<index>.map`) so that a
/// map reads the few tiles its view covers, not the whole extract: written the first time
/// a map of the file is drawn, rebuilt when the file changes (its key differs) or when it is
/// found damaged, never trusted before what is read checks out.
///
/// Layout (little-endian): the signature ("PLCSMAP\x1A", version), the tile count, the
/// data's length, a checksum of the tile table, the source's key (as every side file has
/// it), padded to 8 bytes; then the tile table, 24 bytes a tile that holds anything, by
/// tile number (`grid`): the number, where its data starts, and a checksum of its data;
/// then the tiles' data. A tile's data is its piece count, then each piece: its kind, its
/// number in the file (a piece that crosses tiles is in each of them, and read once), its
/// point count and its points (1e-7 degrees, the first as is, then the differences, each a
/// zigzag varint). A line is cut into pieces of at most `piecePoints` points, each filed in
/// every tile its box meets; an area is one piece.
enum OSMStreetFileFormat {
    static let signature = CacheFileSignature(magic: "PLCSMAP\u{1A}", version: 1)
    static let tileLength = 24
    /// Tiles of 0.02° (about 2.2 km north to south): a view of a few kilometres reads a few dozen.
    static let grid = GeoGrid(degrees: 0.02)
    static let piecePoints = 48
    static let unitsPerDegree = 1e7

    static func path(forIndex indexPath: String) -> String { indexPath + ".map" }

    /// The whole file for `features` of the source `key`.
    static func encode(_ features: [MapFeature], key: SourceKey) -> [UInt8] {
        var filed: [(tile: UInt64, piece: Int)] = []
        var pieces: [(kind: MapFeature.Kind, points: ArraySlice<Coordinate>)] = []
        for feature in features where feature.points.count >= 2 {
            var start = 0
            repeat {
                let end = feature.kind.isArea ? feature.points.count : min(start + piecePoints, feature.points.count)
                let points = feature.points[start..<end]
                for tile in tiles(of: points) { filed.append((tile, pieces.count)) }
                pieces.append((feature.kind, points))
                // The next piece starts at this one's last point, so the line stays joined.
                start = end - 1
            } while start < feature.points.count - 1
        }
        filed.sort { ($0.tile, $0.piece) < ($1.tile, $1.piece) }
        var data = ByteWriter(), table = ByteWriter()
        var first = 0
        while first < filed.count {
            var end = first + 1
            while end < filed.count, filed[end].tile == filed[first].tile { end += 1 }
            let start = data.bytes.count
            data.appendVarint(end - first)
            for entry in filed[first..<end] {
                let piece = pieces[entry.piece]
                data.append(UInt8(piece.kind.rawValue))
                data.appendVarint(entry.piece)
                data.appendVarint(piece.points.count)
                var lastLatitude: Int64 = 0, lastLongitude: Int64 = 0
                for point in piece.points {
                    let latitude = Int64((point.latitude * unitsPerDegree).rounded())
                    let longitude = Int64((point.longitude * unitsPerDegree).rounded())
                    appendZigzag(latitude - lastLatitude, to: &data)
                    appendZigzag(longitude - lastLongitude, to: &data)
                    lastLatitude = latitude
                    lastLongitude = longitude
                }
            }
            table.append(filed[first].tile)
            table.append(UInt64(start))
            table.append(data.bytes[start...].withUnsafeBytes { ByteHash.of($0) })
            first = end
        }
        var w = ByteWriter()
        signature.write(to: &w)
        w.append(UInt64(table.bytes.count / tileLength))
        w.append(UInt64(data.bytes.count))
        w.append(table.bytes.withUnsafeBytes { ByteHash.of($0) })
        key.appendStamp(to: &w)
        while w.bytes.count % 8 != 0 { w.append(UInt8(0)) }
        return w.bytes + table.bytes + data.bytes
    }

    /// The tiles the box of `points` meets.
    static func tiles(of points: ArraySlice<Coordinate>) -> [UInt64] {
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
        for point in points {
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            west = min(west, point.longitude)
            east = max(east, point.longitude)
        }
        guard south <= north, west <= east else { return [] }
        var tiles: [UInt64] = []
        for row in grid.row(south)...grid.row(north) {
            for column in grid.column(west)...grid.column(east) { tiles.append(UInt64(row * grid.columns + column)) }
        }
        return tiles
    }

    private static func appendZigzag(_ value: Int64, to w: inout ByteWriter) {
        var v = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while v >= 0x80 {
            w.bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        w.bytes.append(UInt8(v))
    }
}

/// A street file opened for reading: the header checked against the source's key, the tile
/// table against its checksum, each tile's data against its own before it is read. Nil: no
/// file, or one of another version or another source (it is written again); damage found
/// is a `VenueIndexCorruption`, and the caller writes it again too.
final class OSMStreetFile: @unchecked Sendable {
    private let mapping: MappedBytes
    private let bytes: UnsafeRawBufferPointer
    let tileCount: Int
    private let tableOffset: Int
    private let dataOffset: Int

    init?(path: String, key: SourceKey) throws(VenueIndexCorruption) {
        do {
            mapping = try ReadOnlyFile(path: path).map()
        } catch {
            if case .missing = error { return nil }
            throw VenueIndexCorruption(reason: "it cannot be read")
        }
        bytes = mapping.bytes
        switch OSMStreetFileFormat.signature.read(bytes) {
        case .current: break
        case .otherVersion: return nil
        case .foreign: throw VenueIndexCorruption(reason: "it is not a street map file")
        }
        var r = ByteReader(bytes, offset: CacheFileSignature.length)
        let tileCount = try r.u64(), dataLength = try r.u64(), tableChecksum = try r.u64()
        guard key.checkStamp(in: bytes, &r) != nil else { return nil }
        tableOffset = (r.offset + 7) / 8 * 8
        guard tileCount < 1 << 40, dataLength < 1 << 40,
            UInt64(tableOffset) + tileCount * UInt64(OSMStreetFileFormat.tileLength) + dataLength == UInt64(bytes.count)
        else {
            throw VenueIndexCorruption(reason: "it is \(bytes.count) bytes long, not what its header says")
        }
        self.tileCount = Int(tileCount)
        dataOffset = tableOffset + self.tileCount * OSMStreetFileFormat.tileLength
        guard ByteHash.of(UnsafeRawBufferPointer(rebasing: bytes[tableOffset..<dataOffset])) == tableChecksum else {
            throw VenueIndexCorruption(reason: "its tile table does not match its checksum")
        }
        for tile in 0..<self.tileCount {
            guard dataStart(ofTile: tile) <= dataStart(ofTile: tile + 1), tile == 0 || number(ofTile: tile - 1) < number(ofTile: tile)
            else {
                throw VenueIndexCorruption(reason: "its tile table is out of order (tile \(tile))")
            }
        }
        guard self.tileCount == 0 || dataStart(ofTile: 0) == 0 else {
            throw VenueIndexCorruption(reason: "its tile table does not start at its data")
        }
    }

    @inline(__always) private func tableWord(_ tile: Int, _ at: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: tableOffset + tile * OSMStreetFileFormat.tileLength + at, as: UInt64.self))
    }

    private func number(ofTile tile: Int) -> UInt64 { tableWord(tile, 0) }

    /// Where tile `tile`'s data starts, from the data's start (its length past the last).
    private func dataStart(ofTile tile: Int) -> Int {
        let length = bytes.count - dataOffset
        return tile < tileCount ? Int(truncatingIfNeeded: min(tableWord(tile, 8), UInt64(length))) : length
    }

    private func firstTile(atLeast number: UInt64) -> Int {
        var low = 0, high = tileCount
        while low < high {
            let mid = (low + high) / 2
            if self.number(ofTile: mid) < number { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The features of the tiles that meet `south…north`, `west…east` (`west` ≤ `east`),
    /// each piece once.
    func features(south: Double, west: Double, north: Double, east: Double) throws(VenueIndexCorruption) -> [MapFeature] {
        let grid = OSMStreetFileFormat.grid
        guard south <= north, west <= east else { return [] }
        var seen = Set<Int>(), found: [MapFeature] = []
        for row in grid.row(south)...grid.row(north) {
            let first = UInt64(row * grid.columns + grid.column(west)), last = UInt64(row * grid.columns + grid.column(east))
            var tile = firstTile(atLeast: first)
            while tile < tileCount, number(ofTile: tile) <= last {
                try read(tile: tile, seen: &seen, into: &found)
                tile += 1
            }
        }
        return found
    }

    private func read(tile: Int, seen: inout Set<Int>, into found: inout [MapFeature]) throws(VenueIndexCorruption) {
        let start = dataOffset + dataStart(ofTile: tile), end = dataOffset + dataStart(ofTile: tile + 1)
        let data = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard ByteHash.of(data) == tableWord(tile, 16) else {
            throw VenueIndexCorruption(reason: "tile \(number(ofTile: tile)) does not match its checksum")
        }
        var r = ByteReader(data)
        let count = try r.varint()
        for _ in 0..<min(count, data.count) {
            guard let kind = MapFeature.Kind(rawValue: Int(try r.u8())) else {
                throw VenueIndexCorruption(reason: "tile \(number(ofTile: tile)) names no kind of feature")
            }
            let piece = try r.varint(), pointCount = try r.varint()
            guard pointCount <= data.count else { throw VenueIndexCorruption(reason: "a piece has more points than its tile has bytes") }
            var points: [Coordinate] = []
            points.reserveCapacity(pointCount)
            var latitude: Int64 = 0, longitude: Int64 = 0
            for _ in 0..<pointCount {
                latitude &+= try Self.zigzag(&r)
                longitude &+= try Self.zigzag(&r)
                let lat = Double(latitude) / OSMStreetFileFormat.unitsPerDegree,
                    lon = Double(longitude) / OSMStreetFileFormat.unitsPerDegree
                guard abs(lat) <= 90, abs(lon) <= 180 else { throw VenueIndexCorruption(reason: "a point lies outside the world") }
                points.append(Coordinate(uncheckedLatitude: lat, longitude: lon))
            }
            if seen.insert(piece).inserted { found.append(MapFeature(kind: kind, points: points)) }
        }
    }

    private static func zigzag(_ r: inout ByteReader) throws(VenueIndexCorruption) -> Int64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = try r.u8()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
            guard shift < 64 else { throw VenueIndexCorruption(reason: "a number is damaged") }
        }
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
