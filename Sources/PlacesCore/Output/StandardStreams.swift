#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to stdout/stderr that notice a reader that went away.
public enum StandardStreams {
    public enum WriteResult: Sendable, Equatable {
        case written
        /// The reader closed the pipe (`places ... | head -1`): stop quietly, exit 0.
        case closedPipe
        case failed(errno: Int32)
    }

    /// Makes a closed pipe an `EPIPE` error instead of a killing `SIGPIPE`. Call once at start.
    public static func ignoreSigpipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func write(_ text: String, to fd: Int32) -> WriteResult {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes`, retrying short and interrupted writes.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> WriteResult {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                return code == EPIPE ? .closedPipe : .failed(errno: code)
            }
            offset += n
        }
        return .written
    }
}

#if canImport(Darwin)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Darwin.write(fd, p, n) }
#elseif canImport(Musl)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Musl.write(fd, p, n) }
#else
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Glibc.write(fd, p, n) }
#endif
