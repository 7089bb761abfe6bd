#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PlacesCore

/// Reads a batch's input, or a previous output for `--resume`, whole: a file, or stdin.
enum BatchInput {
    /// Larger input is refused (split it into several batches).
    static let maximumBytes = 1 << 28

    /// The bytes of `path`, or of stdin when nil. `role` names the file in messages.
    static func read(_ path: String?, role: String) throws -> Data {
        guard let path else { return try readAll(STDIN_FILENO, name: "stdin", role: role) }
        let fd = POSIX.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let shown = TerminalText.sanitizedLine(path)
            if code == ENOENT { throw PlacesError.notFound(message: "the \(role) \(shown) does not exist") }
            throw PlacesError.io(path: path, message: "cannot open the \(role) \(shown): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        return try readAll(fd, name: path, role: role)
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
                throw PlacesError.io(path: name, message: "cannot read the \(role) \(TerminalText.sanitizedLine(name)): \(String(cString: strerror(code)))")
            }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= maximumBytes else {
                throw UsageError("the \(role) \(TerminalText.sanitizedLine(name)) is larger than \(maximumBytes >> 20) MiB; split it into several batches")
            }
        }
    }
}
