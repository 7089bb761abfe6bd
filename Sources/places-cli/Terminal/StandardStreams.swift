import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to stdout/stderr that notice a reader that went away.
enum StandardStreams {
    enum WriteResult: Sendable, Equatable {
        case written
        /// The reader closed the pipe (`places ... | head -1`): stop quietly, exit 0.
        case closedPipe
        case failed(errno: Int32)
    }

    /// Makes a closed pipe an `EPIPE` error instead of a killing `SIGPIPE`. Call once at start.
    static func ignoreSigpipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func write(_ text: String, to fd: Int32) -> WriteResult {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes` (see `POSIX.writeAll`).
    static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> WriteResult {
        guard let code = POSIX.writeAll(fd, bytes) else { return .written }
        return code == EPIPE ? .closedPipe : .failed(errno: code)
    }
}
