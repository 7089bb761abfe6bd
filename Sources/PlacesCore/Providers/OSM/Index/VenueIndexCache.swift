#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the spatial indexes of `--data` files are kept: `$XDG_CACHE_HOME/places/`, else
/// `~/.cache/places/`; one file per source path, `osm-<hash of the path>.idx`.
public struct VenueIndexCache: Sendable, Equatable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The cache of this environment; nil when neither `XDG_CACHE_HOME` (absolute, as the
    /// XDG spec requires) nor `HOME` is set.
    public init?(environment: [String: String]) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            directory = PathText.join(xdg, "places")
        } else if let home = environment["HOME"], !home.isEmpty {
            directory = PathText.join(home, ".cache/places")
        } else {
            return nil
        }
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
        do {
            try AtomicFile.makeDirectories(directory, mode: 0o755)
        } catch let error as SystemCallError {
            throw VenueIndexCorruption(reason: "\(error.path): \(ReadOnlyFile.describe(error.code))")
        } catch {
            throw VenueIndexCorruption(reason: "\(directory): cannot be created")
        }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw VenueIndexCorruption(reason: "\(directory) is not a directory")
        }
    }
}
