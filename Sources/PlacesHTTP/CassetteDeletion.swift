import Foundation
import PlacesModel
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `places cassettes unused --delete` may delete, and the deleting. Only DIR's own
/// recordings: regular files named as exchanges, directly in a folder of a known service
/// that is a real directory of DIR, each read back as a recorded exchange first. Nothing is
/// reached through a symbolic link: the folder is opened relative to DIR with `O_NOFOLLOW`,
/// the file relative to the folder, and removed relative to it (`unlinkat`), so a folder
/// swapped for a link between the listing and the deleting is not followed either.
package enum CassetteDeletion {
    /// The folders `--record` writes: every web service's (`nominatim` and the image
    /// host's `photos` too).
    static let serviceFolders = Set(WebService.allCases.map(\.recordingFolder))

    /// DIR's own recordings, by folder then name, and what was passed over (one phrase each).
    package struct Survey: Sendable {
        package var recordings: [CassetteDirectory.Entry] = []
        package var passedOver: [String] = []
    }

    /// Looks at DIR without following a symbolic link anywhere below it.
    package static func survey(_ directory: CassetteDirectory) -> Survey {
        var survey = Survey()
        for name in DirectoryEntries.names(in: directory.path) ?? [] where !name.hasPrefix(".") {
            let folder = directory.folder(name)
            switch DirectoryEntries.linkKind(of: folder) {
            case .symbolicLink?:
                if serviceFolders.contains(name) || DirectoryEntries.kind(of: folder) == .directory {
                    survey.passedOver.append("\(name)/ is a symbolic link, which is not followed")
                }
            case .directory?:
                let names = (DirectoryEntries.names(in: folder) ?? []).filter(CassetteDirectory.isExchangeName)
                guard serviceFolders.contains(name) else {
                    if !names.isEmpty {
                        survey.passedOver.append("\(name)/ is not a service folder (\(serviceFolders.sorted().joined(separator: ", ")))")
                    }
                    continue
                }
                for file in names {
                    let path = PathText.join(folder, file)
                    let kind = DirectoryEntries.linkKind(of: path)
                    if kind == .regular {
                        survey.recordings.append(CassetteDirectory.Entry(service: name, name: file, path: path))
                    } else if let kind {
                        survey.passedOver.append("\(name)/\(file) is \(kind)")
                    }
                }
            default:
                continue
            }
        }
        return survey
    }

    /// What became of one recording.
    package enum Outcome: Equatable, Sendable {
        /// Read back as a recorded exchange (and, when asked, deleted).
        case recording
        /// Left where it is, for this reason.
        case notARecording(String)
    }

    /// Reads `entry` through DIR's own folder and, when `delete`, removes it. A file that is
    /// not a regular file or does not read as an exchange is left (`notARecording`); a failure
    /// to delete a recording is an I/O error (74).
    package static func examine(_ entry: CassetteDirectory.Entry, in directory: CassetteDirectory, delete: Bool) throws -> Outcome {
        let root = POSIX.open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return .notARecording("DIR cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(root) }
        let folder = openat(root, entry.service, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return .notARecording("its folder is no longer a directory of DIR") }
        defer { close(folder) }
        let fd = openat(folder, entry.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .notARecording(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return .notARecording("it is not a regular file") }
        guard Int64(info.st_size) <= Int64(HTTPClient.defaultMaxResponseBytes) * 4, let data = readAll(fd) else {
            return .notARecording("it cannot be read as a recorded exchange")
        }
        guard (try? Cassette.parse(data, service: entry.service, source: entry.relativePath)) != nil else {
            return .notARecording("it does not read as a recorded exchange")
        }
        if delete, unlinkat(folder, entry.name, 0) != 0 {
            throw PlacesError.io(path: entry.path, message: "cannot delete \(entry.path): \(String(cString: strerror(errno)))")
        }
        return .recording
    }

    private static func readAll(_ fd: Int32) -> Data? {
        ReadOnlyFile.clearNonBlocking(fd)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { POSIX.read(fd, into: $0) }
            if n < 0 { return nil }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
        }
    }
}
