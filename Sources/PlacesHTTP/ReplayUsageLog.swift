import PlacesModel
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `$PLACES_REPLAY_LOG`: a file to which every replay appends the canonical path of each
/// recorded exchange it answered from, one a line, so `places cassettes unused` can tell which
/// files no run uses. Appends are single `O_APPEND` writes of one line: concurrent runs (a CI
/// job's parallel tests) interleave whole lines.
package struct ReplayUsageLog: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// Appends the canonical path of `file` (as given when it cannot be resolved). A FIFO
    /// with no reader yet is waited for, as `--data` waits for a FIFO's writer: `waiting` is
    /// called first (a note), never a silent hang.
    func append(_ file: String, waiting: () -> Void = {}) throws {
        let line = (DirectoryEntries.canonicalPath(file) ?? file) + "\n"
        var fd = POSIX.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        if fd < 0, errno == ENXIO {
            // A FIFO nobody reads: opening it for writing would wait, unannounced.
            waiting()
            fd = POSIX.open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        }
        guard fd >= 0 else { throw failure(SystemCallError("open the replay log", path)) }
        defer { close(fd) }
        ReadOnlyFile.clearNonBlocking(fd)
        let code = Array(line.utf8).withUnsafeBytes { POSIX.writeAll(fd, $0) }
        if let code { throw failure(SystemCallError("append to the replay log", path, code: code)) }
    }

    /// The files named in the log (canonical paths); an absent log names none.
    package func usedFiles() throws -> Set<String> {
        do {
            guard let data = try AtomicFile.contents(path) else { return [] }
            return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
        } catch let error as SystemCallError {
            throw failure(error)
        } catch let error as UnexpectedFileKind {
            throw PlacesError.badFile(path: path, message: "the replay log \(path) is \(error.kind), not a regular file")
        }
    }

    private func failure(_ error: SystemCallError) -> PlacesError {
        error.isStorageFailure
            ? .io(path: path, message: error.description)
            : .configuration(message: error.description)
    }
}
