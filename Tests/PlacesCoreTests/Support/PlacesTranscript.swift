import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An opt-in record of every run of the binary the tests make: with `$PLACES_TRANSCRIPT` set
/// to a file, each run appends one JSON line `{tool, args, env, status, stdout, stderr}`.
/// Two transcripts (the binary before a refactor and after, Scripts/compare-transcripts.py)
/// show that no run's output or exit status changed. Off, it costs nothing.
enum PlacesTranscript {
    static let path = ProcessInfo.processInfo.environment["PLACES_TRANSCRIPT"]

    /// Appends one run, one `write` per line (O_APPEND), so concurrent tests never interleave.
    static func record(
        executable: String, arguments: [String], environment: [String: String],
        status: Int32, stdout: Data, stderr: Data
    ) {
        guard let path else { return }
        let entry: [String: Any] = [
            "tool": (executable as NSString).lastPathComponent,
            "args": arguments,
            "env": environment,
            "status": Int(status),
            "stdout": String(decoding: stdout, as: UTF8.self),
            "stderr": String(decoding: stderr, as: UTF8.self),
        ]
        guard var line = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) else { return }
        line.append(0x0A)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        line.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
    }
}
