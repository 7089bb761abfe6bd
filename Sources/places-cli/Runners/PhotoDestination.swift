import Foundation
import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `places photo` puts the image (`-o`): stdout, a file, or the default name
/// (`PROVIDER-ID-N.EXT`) in a directory. A file is checked before anything is sent (its
/// directory is there and writable, and it is not a FIFO or a device), then written whole:
/// a temporary file beside it, flushed, renamed over it, so a failure leaves nothing behind.
enum PhotoDestination: Equatable {
    case standardOutput
    /// Exactly this path.
    case file(String)
    /// The default name, in this directory.
    case directory(String)

    /// `-o` as given: `-`, a directory (an existing one, or a path ending in "/"), a file;
    /// nil for the default name in the current directory.
    init(_ output: String?) {
        guard let output else {
            self = .directory(".")
            return
        }
        if output == "-" {
            self = .standardOutput
        } else if output.hasSuffix("/") || Self.kind(of: output) == .directory {
            self = .directory(output)
        } else {
            self = .file(output)
        }
    }

    /// Throws unless a file can be written here: the directory exists and is writable, and a
    /// file already at the path is a regular one (it is replaced).
    func check() throws {
        let directory: String
        switch self {
        case .standardOutput: return
        case .directory(let path): directory = path
        case .file(let path):
            if let kind = Self.kind(of: path), kind != .regular {
                throw UsageError("-o \(path) is \(kind), not a file to save a photo as; give -o - to write the photo to stdout")
            }
            directory = PathText.directory(of: path)
        }
        guard Self.kind(of: directory) == .directory else {
            throw PlacesError.io(path: directory, message: "cannot save the photo: there is no directory \(directory)")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw PlacesError.io(
                path: directory, message: "cannot save the photo in \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// The path `photo` is saved at: the file given, or its default name in the directory.
    func path(for photo: PlacePhoto) -> String? {
        switch self {
        case .standardOutput: return nil
        case .file(let path): return path
        case .directory(let directory):
            let name = Self.defaultName(photo)
            return directory == "." ? name : PathText.join(directory, name)
        }
    }

    /// `PROVIDER-ID-N.EXT`, every character of the id but letters, digits, `_` and `-` a `-`
    /// (`osm:node/1` → `osm-node-1-1.jpg`).
    static func defaultName(_ photo: PlacePhoto) -> String {
        let id = String(
            photo.placeID.rawID.unicodeScalars.map { scalar -> Character in
                let keep =
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                return keep ? Character(scalar) : "-"
            })
        return "\(photo.placeID.provider.rawValue)-\(id)-\(photo.index).\(photo.fileExtension)"
    }

    /// Writes `photo` at `path` whole, or not at all.
    static func save(_ photo: PlacePhoto, at path: String) throws {
        do {
            try AtomicFile.replace(path, with: photo.data, tempPath: AtomicFile.temporaryPath(for: path), mode: 0o644)
        } catch let error as SystemCallError where error.action != AtomicFile.flushDirectoryAction {
            throw PlacesError.io(path: path, message: "cannot save the photo: \(error.description)")
        } catch is SystemCallError {
            // Renamed into place; only making the rename durable failed: the photo is there.
        }
    }

    /// What is at `path`, following a symbolic link; nil when nothing is.
    private static func kind(of path: String) -> FileKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileKind(mode: status.st_mode)
    }
}
