#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a path: what was tried, on which path, and `errno`.
struct SystemCallError: Error, CustomStringConvertible {
    let action: String
    let path: String
    let code: Int32

    /// Captures the current `errno`.
    init(_ action: String, _ path: String, code: Int32 = errno) {
        self.action = action
        self.path = path
        self.code = code
    }

    var reason: String { String(cString: strerror(code)) }

    /// Whether the storage failed rather than the permissions or the path: no space, over
    /// quota, a file too large (`RLIMIT_FSIZE`), an I/O error. Exit 74, not 78: nothing
    /// about the configuration is wrong.
    var isStorageFailure: Bool { [ENOSPC, EDQUOT, EFBIG, EIO].contains(code) }

    var description: String { "cannot \(action) \(path): \(reason)" }
}

/// A path that is there but is not the regular file that was needed: a FIFO, a device, a
/// socket, a directory.
struct UnexpectedFileKind: Error {
    let path: String
    let kind: FileKind
}
