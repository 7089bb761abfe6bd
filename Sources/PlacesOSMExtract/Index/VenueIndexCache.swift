import Foundation
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of spatial indexes of extract files: one file per source path,
/// `osm-<hash of the path>.idx`. The CLI keeps them under `$XDG_CACHE_HOME/places/`.
package struct VenueIndexCache: Sendable, Equatable {
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// The index file for a source file's absolute path.
    func indexPath(forSource path: String) -> String {
        let hash = Array(path.utf8).withUnsafeBytes { ByteHash.of($0) }
        let hex = String(hash, radix: 16)
        return PathText.join(directory, "osm-\(String(repeating: "0", count: 16 - hex.count))\(hex).idx")
    }

    /// Creates the directory and any missing parents (`mkdir -p`); the reason when it cannot.
    /// A relative directory (from a relative `HOME`) stays relative.
    func createDirectory() throws(VenueIndexCorruption) {
        guard let failure = POSIX.makeDirectories(directory, mode: 0o755) else { return }
        if failure.code == ENOTDIR { throw VenueIndexCorruption(reason: "\(failure.path) is not a directory") }
        throw VenueIndexCorruption(reason: "\(failure.path): \(ReadOnlyFile.describe(failure.code))")
    }

    /// Removes what no query can use any more, after an index was written: indexes whose
    /// source file is gone (or that another version of places wrote), and temporary files
    /// more than an hour old (left by a run that was killed). Best effort, never an error;
    /// `keeping` is the index just written.
    func removeStaleIndexes(keeping current: String) {
        let now = Date()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = "\(directory)/\(name)"
            guard path != current else { continue }
            if name.hasPrefix(".osm-"), name.hasSuffix(".tmp") {
                if let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date,
                    now.timeIntervalSince(modified) > 3600
                {
                    unlink(path)
                }
                continue
            }
            // A PBF index's venue records (PBFVenueRecords) and any index's word list
            // (NameWordIndex) go with their index; an extract's addresses (OSMAddressFile) go
            // with their index, or with their source when it has none (below).
            if name.hasPrefix("osm-"), let suffix = [".venues", ".words"].first(where: { name.hasSuffix(".idx" + $0) }) {
                let index = String(path.dropLast(suffix.count))
                if index != current, access(index, F_OK) != 0 { unlink(path) }
                continue
            }
            if name.hasPrefix("osm-"), name.hasSuffix(".idx.addresses") || name.hasSuffix(".idx.map") { continue }
            guard name.hasPrefix("osm-"), name.hasSuffix(".idx") else { continue }
            switch Self.source(ofIndexAt: path) {
            case .gone, .otherVersion:
                unlink(path)
                unlink(path + ".venues")
                unlink(path + ".words")
                unlink(path + ".addresses")
                unlink(path + ".map")
            case .present, .unreadable: break
            }
        }
    }

    /// The index files in the cache and the bytes they take: what `rm -rf` of the
    /// directory would free.
    func usage() -> (files: Int, bytes: Int) {
        var files = 0, bytes = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasSuffix(".idx") || name.hasSuffix(".idx.venues") || name.hasSuffix(".idx.words")
            || name.hasSuffix(".idx.addresses") || name.hasSuffix(".idx.map") || name.hasSuffix(".tmp")
        {
            var info = stat()
            guard lstat("\(directory)/\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files += 1
            bytes += Int(info.st_size)
        }
        return (files, bytes)
    }

    private enum SourceState { case present, gone, otherVersion, unreadable }

    /// Whether the source an index file describes still exists, from its header alone.
    private static func source(ofIndexAt path: String) -> SourceState {
        guard let file = try? ReadOnlyFile(path: path) else { return .unreadable }
        let fixed = file.read(at: 0, count: VenueIndexFormat.fixedHeaderLength)
        guard fixed.count == VenueIndexFormat.fixedHeaderLength else { return .unreadable }
        switch fixed.withUnsafeBytes(VenueIndexFormat.signature.read) {
        case .current: break
        case .otherVersion: return .otherVersion
        case .foreign: return .unreadable
        }
        let pathLength = fixed.withUnsafeBytes {
            Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: VenueIndexFormat.fixedHeaderLength - 16, as: UInt64.self)))
        }
        guard pathLength > 0, pathLength < 1 << 16 else { return .unreadable }
        let sourcePath = String(decoding: file.read(at: VenueIndexFormat.fixedHeaderLength, count: pathLength), as: UTF8.self)
        var info = stat()
        if stat(sourcePath, &info) == 0 { return .present }
        return errno == ENOENT || errno == ENOTDIR ? .gone : .unreadable
    }
}
