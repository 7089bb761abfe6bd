import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `places` (or a shell line that runs it) with a watchdog: a child still running after
/// `limit` seconds is killed, and the result says so. For tests of inputs that used to make
/// `places` wait forever (FIFOs): if the fix is missing the test fails instead of hanging.
enum BoundedRun {
    struct Outcome: CustomStringConvertible {
        let result: PlacesBinary.Result
        /// Whether the watchdog had to kill the child.
        let timedOut: Bool
        /// The signal that ended the child, if one did (the watchdog's SIGKILL included).
        let signal: Int32?

        var description: String { "timed out: \(timedOut), signal: \(signal.map(String.init) ?? "none")\n\(result)" }
    }

    /// A generous bound: these commands finish in well under a second when they work.
    static let defaultLimit: TimeInterval = 30

    static func places(
        _ arguments: [String], environment: [String: String], standardInput: FileHandle? = nil,
        limit: TimeInterval = defaultLimit
    ) throws -> Outcome {
        try run(PlacesBinary.executable, arguments, environment: environment, standardInput: standardInput, limit: limit)
    }

    /// `script` run by bash, with `$PLACES` the binary and `$DATA` the bundled extract.
    static func shell(_ script: String, environment: [String: String], limit: TimeInterval = defaultLimit) throws -> Outcome {
        var env = environment
        env["PLACES"] = PlacesBinary.executable.path
        env["DATA"] = PlacesBinary.helsinkiData
        return try run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: env, standardInput: nil, limit: limit)
    }

    private static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        standardInput: FileHandle?, limit: TimeInterval
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = PlacesBinary.repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
        let killed = KilledFlag()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            killed.set()
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        let signalled = process.terminationReason == .uncaughtSignal
        PlacesTranscript.record(
            executable: executable.path, arguments: arguments, environment: environment,
            status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: outData, stderr: errData)
        let result = PlacesBinary.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
        return Outcome(result: result, timedOut: killed.value, signal: signalled ? process.terminationStatus : nil)
    }

    private final class KilledFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var killed = false
        func set() { lock.withLock { killed = true } }
        var value: Bool { lock.withLock { killed } }
    }
}

/// Writes `data` into a FIFO once a reader has opened it, on a thread of its own, giving up
/// after `limit` seconds (so a test whose reader never comes does not hang either).
final class FIFOWriter: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var wrote = false

    init(path: String, data: Data, after delay: TimeInterval = 0, limit: TimeInterval = BoundedRun.defaultLimit) {
        // A reader killed mid-write must fail the write (EPIPE), not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: delay)
            let deadline = Date().addingTimeInterval(limit)
            var fd: Int32 = -1
            // O_NONBLOCK: ENXIO until a reader has the FIFO open, instead of waiting forever.
            while fd < 0 && Date() < deadline {
                fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if fd < 0 { usleep(10_000) }
            }
            if fd >= 0 {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                wrote = data.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                        if n <= 0 { return false }
                        offset += n
                    }
                    return true
                }
                close(fd)
            }
            done.signal()
        }
    }

    /// Waits for the writer to finish or give up.
    func wait() { done.wait() }
}
