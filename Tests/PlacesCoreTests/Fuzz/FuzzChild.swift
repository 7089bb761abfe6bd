import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the `places` binary once for a fuzz case and says how it ended: by exit or by a
/// signal (which `PlacesBinary.run` cannot tell apart), or killed by the watchdog because it
/// ran too long or the test asked (a server saw an endless request loop).
///
/// The child runs through `/bin/sh` so that it starts in the case's own directory (a
/// relative `--record x` lands there, not in the repository) with its address space capped
/// (`ulimit -v`), so that a read without end fails inside the child instead of starving the
/// machine. stdout and stderr go to files, which need no reader thread.
struct FuzzChild {
    enum Ending: Equatable, CustomStringConvertible {
        case exit(Int32)
        case signal(Int32)
        /// Killed by the test; the reason says why.
        case killed(String)

        var description: String {
            switch self {
            case .exit(let code): return "exit \(code)"
            case .signal(let number): return "signal \(number) (\(FuzzChild.signalName(number)))"
            case .killed(let why): return "killed by the test: \(why)"
            }
        }
    }

    struct Outcome {
        let ending: Ending
        let stdout: Data
        let stderr: Data
        /// Peak resident memory of the child.
        let maxResidentBytes: Int
        let seconds: Double
        /// CPU time of the child, user and system.
        var cpuSeconds: Double = 0
        /// The child's own peak, read while it ran (nil where it could not be): unlike
        /// `ru_maxrss`, never its parent's.
        var ownResidentBytes: Int?

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// A `ulimit -v` for the child, in KiB: far above what any command needs (about 60 MB
    /// resident, 1 GB virtual), far below what would hurt a shared machine.
    static let addressSpaceKiB = 2_000_000
    /// What is read back of each stream; more counts as a failure of its own.
    static let outputCap = 32 << 20

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    let directory: String
    /// Where stdout and stderr are written (two files named after it).
    let outputStem: String
    /// The file read as stdin (`reverse -`'s points).
    var standardInput = "/dev/null"
    /// The child's `ulimit -v` in KiB (a campaign whose commands need less may cap it lower).
    var addressSpaceLimitKiB = FuzzChild.addressSpaceKiB

    /// Runs the child to its end, or until `deadline` seconds or until `stop` returns a
    /// reason (asked every few milliseconds), whichever is first.
    func run(deadline: Double, stop: () -> String? = { nil }) throws -> Outcome {
        let outPath = outputStem + ".stdout", errPath = outputStem + ".stderr"
        let script = #"cd -- "$1" || exit 125; ulimit -v "$2" 2>/dev/null; shift 2; exec "$@""#
        let argv = ["/bin/sh", "-c", script, "places-fuzz", directory, String(addressSpaceLimitKiB), executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }

        let started = Date()
        let pid = try Self.spawn(argv: argv, environment: envp, stdin: standardInput, stdout: outPath, stderr: errPath)
        let inherited = ChildPeakMemory.ownPeak()
        var status: Int32 = 0
        var usage = rusage()
        var killedBecause: String?
        var pause: UInt32 = 500
        var polledPeak = 0
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            polledPeak = max(polledPeak, ChildPeakMemory.highWater(of: pid))
            if reaped < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
            if killedBecause == nil {
                if let why = stop() {
                    killedBecause = why
                } else if Date().timeIntervalSince(started) > deadline {
                    killedBecause = "still running after \(Int(deadline)) s (a hang or a loop)"
                }
                if killedBecause != nil { kill(pid, SIGKILL) }
            }
            usleep(pause)
            pause = min(pause * 2, 8000)
        }
        let seconds = Date().timeIntervalSince(started)
        let ending: Ending
        if let killedBecause {
            ending = .killed(killedBecause)
        } else if status & 0x7f == 0 {
            ending = .exit((status >> 8) & 0xff)
        } else {
            ending = .signal(status & 0x7f)
        }
        #if canImport(Darwin)
        let maxResident = Int(usage.ru_maxrss)
        #else
        let maxResident = ChildPeakMemory.peak(sampled: polledPeak, reported: Int(usage.ru_maxrss) * 1024, inherited: inherited)
        #endif
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let stdoutData = Self.read(outPath), stderrData = Self.read(errPath)
        let transcribed: Int32
        switch ending {
        case .exit(let code): transcribed = code
        case .signal(let number): transcribed = 128 + number
        case .killed: transcribed = -1
        }
        PlacesTranscript.record(
            executable: executable, arguments: arguments, environment: environment,
            status: transcribed, stdout: stdoutData, stderr: stderrData)
        return Outcome(
            ending: ending, stdout: stdoutData, stderr: stderrData, maxResidentBytes: maxResident, seconds: seconds, cpuSeconds: cpu,
            ownResidentBytes: polledPeak > 0 ? polledPeak : nil)
    }

    private static func read(_ path: String) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: outputCap + 1)) ?? Data()
    }

    private static func spawn(argv: [String], environment: [String], stdin: String, stdout: String, stderr: String) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        closeInheritedDescriptors(&actions)

        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgs + cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return pid
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc ≥ 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift does not import.
    private static let closeFrom: CloseFrom? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }

    /// The child gets only stdin, stdout and stderr: a socket a fake server has open for
    /// another case, inherited, would keep that connection open after the server closed it.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = closeFrom?(&actions, 3)
    }
    #else
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t?) {}
    #endif

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGILL: return "SIGILL: a Swift trap such as an overflowing Int(...)"
        case SIGTRAP: return "SIGTRAP: a Swift trap"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL"
        case SIGPIPE: return "SIGPIPE"
        default: return "signal"
        }
    }
}
