import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PlacesBinary {
    /// A run of the binary with the peak resident memory of that one child process.
    struct MeasuredResult: CustomStringConvertible {
        let result: Result
        /// This child's own peak, whatever other tests run (`ChildPeakMemory`).
        let peakResidentBytes: Int

        var description: String { "\(result)\n--- peak RSS \(peakResidentBytes / 1_048_576) MiB" }
    }

    /// Runs `places` with posix_spawn and reaps it with `wait4` to read its resource usage.
    /// Output goes to files (nothing can block the child). Safety nets, so that a regression
    /// fails the test instead of taking the machine or the test run with it:
    /// `addressSpaceLimit` caps the child's virtual memory (`ulimit -v`, via /bin/sh), and
    /// `killAfter` sends it SIGKILL after that many seconds (its status is then 137).
    static func runMeasured(
        _ arguments: [String], environment: [String: String], addressSpaceLimit: Int? = nil,
        killAfter: Double? = nil
    ) throws -> MeasuredResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("stdout").path
        let errPath = directory.appendingPathComponent("stderr").path

        var argv: [String]
        if let limit = addressSpaceLimit {
            argv = ["/bin/sh", "-c", "ulimit -v \(limit / 1024) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            argv = [executable.path] + arguments
        }
        let envp = environment.map { "\($0.key)=\($0.value)" }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvp = envp.map { strdup($0) } + [nil]
        defer { for pointer in cArgv + cEnvp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgv, cEnvp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        if let killAfter { DispatchQueue.global().asyncAfter(deadline: .now() + killAfter, execute: watchdog) }
        defer { watchdog.cancel() }
        let inherited = ChildPeakMemory.ownPeak()
        var sampled = 0
        var status: Int32 = 0
        var usage = rusage()
        var pause: UInt32 = 500
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
            sampled = max(sampled, ChildPeakMemory.highWater(of: pid))
            usleep(pause)
            pause = min(pause * 2, 8000)
        }
        // WIFEXITED / WEXITSTATUS; a signal shows as 128 + its number, as in a shell.
        let exitStatus: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
        #else
        let peak = ChildPeakMemory.peak(sampled: sampled, reported: Int(usage.ru_maxrss) * 1024, inherited: inherited)
        #endif
        let outData = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        PlacesTranscript.record(
            executable: executable.path, arguments: arguments, environment: environment,
            status: exitStatus, stdout: outData, stderr: errData)
        return MeasuredResult(
            result: Result(
                status: exitStatus, stdout: String(decoding: outData, as: UTF8.self),
                stderr: String(decoding: errData, as: UTF8.self)), peakResidentBytes: peak)
    }
}
