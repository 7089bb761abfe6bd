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

    var description: String { "cannot \(action) \(path): \(reason)" }
}
