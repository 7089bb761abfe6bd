#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held until `release()` or
/// until the process ends, however it ends: the kernel drops it with the descriptor,
/// so a killed writer never leaves a stale lock. The lock file itself stays.
package final class FileLock {
    private var descriptor: Int32

    /// Opens (creating, mode 0600) `path` and waits for the exclusive lock on it. The open
    /// never blocks (`O_NONBLOCK`); anything there but a regular file is an error.
    package init(path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemCallError("create the lock file", path) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular else {
            close(fd)
            throw UnexpectedFileKind(path: path, kind: FileKind(mode: info.st_mode))
        }
        ReadOnlyFile.clearNonBlocking(fd)
        if let code = POSIX.lockExclusively(fd) {
            close(fd)
            throw SystemCallError("lock", path, code: code)
        }
        descriptor = fd
    }

    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
