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

/// Reads a batch's input, or a previous output for `--resume`, whole: a file, or stdin.
/// A named FIFO is read as `--data` reads one: opening never blocks, and with no writer yet
/// a note says what it waits for.
enum BatchInput {
    /// Larger input is refused (split it into several batches).
    static let maximumBytes = 1 << 28

    /// The bytes of `path`, or of stdin when nil. `role` names the file in messages.
    static func read(_ path: String?, role: String, diagnostics: Diagnostics) throws -> Data {
        guard let path else { return try readAll(STDIN_FILENO, name: "stdin", role: role) }
        let shown = TerminalText.sanitizedLine(path)
        let fd = POSIX.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw PlacesError.notFound(message: "the \(role) \(shown) does not exist") }
            throw PlacesError.io(path: path, message: "cannot open the \(role) \(shown): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            let bytes: [UInt8]
            do {
                bytes = try StreamInput.readAll(
                    fd, namedFIFO: path,
                    waiting: {
                        diagnostics.note(
                            "the \(role) \(shown) is a FIFO with no writer yet; waiting for one, as cat would (Ctrl-C to stop)")
                    }, startVerdict: { $0.count > maximumBytes ? true : nil })
            } catch {
                throw PlacesError.io(path: path, message: "cannot read the \(role) \(shown): \(error.reason)")
            }
            guard bytes.count <= maximumBytes else { throw tooLarge(shown, role: role) }
            return Data(bytes)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return try readAll(fd, name: path, role: role)
    }

    private static func tooLarge(_ shown: String, role: String) -> UsageError {
        UsageError("the \(role) \(shown) is larger than \(maximumBytes >> 20) MiB; split it into several batches")
    }

    private static func readAll(_ fd: Int32, name: String, role: String) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { POSIX.read(fd, into: $0) }
            if count == 0 { return data }
            guard count > 0 else {
                let code = errno
                if code == EAGAIN || code == EWOULDBLOCK {
                    POSIX.waitReadable(fd)
                    continue
                }
                throw PlacesError.io(
                    path: name, message: "cannot read the \(role) \(TerminalText.sanitizedLine(name)): \(String(cString: strerror(code)))")
            }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= maximumBytes else { throw tooLarge(TerminalText.sanitizedLine(name), role: role) }
        }
    }
}
