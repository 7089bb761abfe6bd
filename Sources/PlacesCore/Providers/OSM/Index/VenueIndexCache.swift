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
}
