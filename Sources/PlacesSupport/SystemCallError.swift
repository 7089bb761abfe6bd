#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a path: what was tried, on which path, and `errno`.
package struct SystemCallError: Error, CustomStringConvertible {
    package let action: String
    package let path: String
    package let code: Int32

    /// Captures the current `errno`.
    package init(_ action: String, _ path: String, code: Int32 = errno) {
        self.action = action
        self.path = path
        self.code = code
    }

    package var reason: String { String(cString: strerror(code)) }

    /// Whether the storage failed rather than the permissions or the path: no space, over
    /// quota, a file too large (`RLIMIT_FSIZE`), an I/O error. Exit 74, not 78: nothing
    /// about the configuration is wrong.
    package var isStorageFailure: Bool { [ENOSPC, EDQUOT, EFBIG, EIO].contains(code) }

    package var description: String { "cannot \(action) \(path): \(reason)" }
}

/// A path that is there but is not the regular file that was needed: a FIFO, a device, a
/// socket, a directory.
package struct UnexpectedFileKind: Error {
    package let path: String
    package let kind: FileKind
}
