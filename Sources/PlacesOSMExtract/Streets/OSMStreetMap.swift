import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// The street map of an `.osm.pbf` extract, for `--format svg`: from its street file beside
/// the index when that is current (`OSMStreetFile`, a few tiles read a view), else read from
/// the extract and written there first; a stream, or a file without a cache, is read whole
/// into memory. A street file found damaged is a note and is written again.
package final class OSMStreetMap: StreetMapSource, @unchecked Sendable {
    private enum Storage {
        case file(OSMStreetFile)
        case memory([MapFeature])
    }

    private let lock = NSLock()
    private var storage: Storage
    private let source: StreetSource?

    private init(_ storage: Storage, source: StreetSource?) {
        self.storage = storage
        self.source = source
    }

    /// OpenStreetMap's credit, which its licence (ODbL) asks every map drawn from its data to show.
    package var attribution: String { "© OpenStreetMap contributors" }

    /// Whether the file at `path` is an `.osm.pbf` extract (its first bytes say so); a file
    /// that cannot be read is not.
    package static func isPBF(path: String) -> Bool {
        guard let file = try? ReadOnlyFile(path: path) else { return false }
        let prefix = file.read(at: 0, count: 4096)
        return prefix.withUnsafeBytes { ExtractFileFormat(prefix: $0) } == .pbf
    }

    /// The street map of the extract at `path` (written beside its index when `cache` is
    /// given). A file that is not `.osm.pbf` is bad data.
    package static func open(path: String, cacheDirectory: String?, diagnostics: Diagnostics) throws -> OSMStreetMap {
        let cache = cacheDirectory.map(VenueIndexCache.init(directory:))
        switch try OverpassDataSource.open(path, diagnostics: diagnostics) {
        case .stream(let bytes):
            return OSMStreetMap(.memory(try bytes.withUnsafeBytes { try collect($0, path: path) }), source: nil)
        case .file(let file):
            guard let cache else {
                return OSMStreetMap(
                    .memory(try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }), source: nil)
            }
            let key = SourceKey(file: file, path: OverpassDataSource.absolutePath(path))
            let source = StreetSource(file: file, path: path, cache: cache, key: key, diagnostics: diagnostics)
            return OSMStreetMap(try source.storage(), source: source)
        }
    }

    package func features(south: Double, west: Double, north: Double, east: Double) throws -> [MapFeature] {
        let current = lock.withLock { storage }
        do {
            return try Self.features(in: current, south: south, west: west, north: north, east: east)
        } catch {
            guard let source else { throw error }
            source.damaged(error)
            let rebuilt = try source.storage()
            lock.withLock { storage = rebuilt }
            do {
                return try Self.features(in: rebuilt, south: south, west: west, north: north, east: east)
            } catch {
                source.damaged(error)
                let memory = try source.storage(inMemory: true)
                lock.withLock { storage = memory }
                return try Self.features(in: memory, south: south, west: west, north: north, east: east)
            }
        }
    }

    private static func features(
        in storage: Storage, south: Double, west: Double, north: Double, east: Double
    ) throws(VenueIndexCorruption) -> [MapFeature] {
        switch storage {
        case .file(let file): return try file.features(south: south, west: west, north: north, east: east)
        case .memory(let all):
            return all.filter { feature in
                feature.points.contains { $0.latitude >= south && $0.latitude <= north && $0.longitude >= west && $0.longitude <= east }
                    || crosses(feature, south: south, west: west, north: north, east: east)
            }
        }
    }

    /// Whether a feature's box covers the rectangle's (a long segment, a large area, with no
    /// point inside it).
    private static func crosses(_ feature: MapFeature, south: Double, west: Double, north: Double, east: Double) -> Bool {
        var s = 90.0, n = -90.0, w = 180.0, e = -180.0
        for p in feature.points {
            s = min(s, p.latitude)
            n = max(n, p.latitude)
            w = min(w, p.longitude)
            e = max(e, p.longitude)
        }
        return s <= north && n >= south && w <= east && e >= west
    }

    /// An extract read into a street file beside its index.
    private struct StreetSource {
        let file: ReadOnlyFile
        let path: String
        let cache: VenueIndexCache
        let key: SourceKey
        let diagnostics: Diagnostics

        var streetPath: String { OSMStreetFileFormat.path(forIndex: cache.indexPath(forSource: key.path)) }

        /// The street file when it is current, else the extract's streets written into one
        /// (held in memory when that cannot be written, or `inMemory`).
        func storage(inMemory: Bool = false) throws -> Storage {
            if !inMemory {
                do {
                    if let current = try OSMStreetFile(path: streetPath, key: key) { return .file(current) }
                } catch {
                    damaged(error)
                }
            }
            let features = try withMapped(file, path: path, diagnostics: diagnostics) { try collect($0, path: path) }
            guard !inMemory else { return .memory(features) }
            do {
                try cache.createDirectory()
                let writer = try IndexFileWriter(destination: streetPath)
                OSMStreetFileFormat.encode(features, key: key).withUnsafeBytes { writer.write($0) }
                try writer.commit()
            } catch {
                diagnostics.note(.indexNotWritable(path: path, directory: cache.directory, reason: error.reason))
                return .memory(features)
            }
            if let written = try? OSMStreetFile(path: streetPath, key: key) { return .file(written) }
            return .memory(features)
        }

        /// Says the street file is damaged, and removes it.
        func damaged(_ error: any Error) {
            let reason = (error as? VenueIndexCorruption)?.reason ?? "it cannot be read"
            diagnostics.note("the cached street map \(streetPath) of \(path) is damaged (\(reason)); rebuilding it")
            unlink(streetPath)
        }
    }

    private static func withMapped<R>(
        _ file: ReadOnlyFile, path: String, diagnostics: Diagnostics, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        let mapping: MappedBytes
        do {
            mapping = try file.map()
        } catch {
            throw OverpassDataSource.error(error, path: path, wording: diagnostics.wording)
        }
        return try body(mapping.bytes)
    }

    private static func collect(_ bytes: UnsafeRawBufferPointer, path: String) throws -> [MapFeature] {
        let name = OverpassDataSource.displayName(path)
        guard ExtractFileFormat(prefix: UnsafeRawBufferPointer(rebasing: bytes.prefix(4096))) == .pbf else {
            throw PlacesError.badFile(
                path: path, message: "\(name) is not an .osm.pbf extract: a map's streets are read from .osm.pbf only")
        }
        do {
            return try OSMStreetCollector.features(pbf: bytes)
        } catch {
            throw PlacesError.badFile(path: path, message: error.message(file: name))
        }
    }
}
