import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The peak resident memory of a child process the tests spawn, its own and not the test
/// process's. On Linux, `wait4`'s `ru_maxrss` of a child started by `posix_spawn` counts the
/// parent's peak as the child's (exec folds the memory it replaces, the parent's, into the
/// figure), so a test process grown to 700 MB sees every child "peak" at 700 MB. The child's
/// own high-water mark (`VmHWM` in /proc, of the memory it has had since its exec) is read
/// while it runs instead.
enum ChildPeakMemory {
    /// This process's peak resident size so far, in bytes.
    static func ownPeak() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// The peak resident memory of the running process `pid` since it last exec'd (Linux's
    /// `VmHWM`), in bytes; 0 when it cannot be read (it has ended, or there is no /proc), and 0
    /// before its exec: `posix_spawn` starts the child as a vfork of this process, sharing its
    /// memory, so until the exec its `VmHWM` is this process's (and so is its executable).
    static func highWater(of pid: pid_t) -> Int {
        #if os(Linux)
        guard let own = ownExecutable, let executable = executable(of: "\(pid)"), executable != own,
            let status = statusText(of: "\(pid)"),
            let kib = field("VmHWM:", in: status).flatMap({ $0.split(separator: " ").first.flatMap { Int($0) } })
        else { return 0 }
        return kib * 1024
        #else
        return 0
        #endif
    }

    #if os(Linux)
    /// This process's executable, as /proc/self/exe names it.
    private static let ownExecutable: String? = executable(of: "self")

    /// The executable /proc/`process`/exe names; nil when it cannot be read.
    private static func executable(of process: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/\(process)/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value of the line of /proc/PID/status that starts with `key`, trimmed.
    private static func field(_ key: String, in status: String) -> String? {
        status.split(separator: "\n").first(where: { $0.hasPrefix(key) }).map {
            $0.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
        }
    }

    /// /proc/`process`/status; nil when it cannot be read.
    private static func statusText(of process: String) -> String? {
        // Read with read(2): /proc's files say they are empty, and some readers believe it.
        let fd = open("/proc/\(process)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var filled = 0
        while filled < buffer.count {
            let n = buffer.withUnsafeMutableBytes { room in
                room.baseAddress.map { Glibc.read(fd, $0 + filled, room.count - filled) } ?? -1
            }
            guard n > 0 else { break }
            filled += n
        }
        return String(decoding: buffer[0..<filled], as: UTF8.self)
    }
    #endif

    /// The child's own peak: the high-water mark sampled while it ran when there is one (a
    /// high-water mark, so only a rise in the last few milliseconds can be missed, and the
    /// parent's memory is never counted); else, for a child that ended before it could be
    /// sampled, `wait4`'s figure when it is clearly above this process's own peak
    /// (`inherited`, read after the spawn), and 0 when it is not: up to it, the figure may be
    /// this process's. "Clearly": the kernel's counts of a busy, many-threaded parent lag (each
    /// thread keeps up to 64 pages of changes to itself), so the parent's figure handed to the
    /// child can come out above `inherited` by some megabytes; `countLag` covers that.
    static func peak(sampled: Int, reported: Int, inherited: Int) -> Int {
        if sampled > 0 { return sampled }
        return reported > inherited + countLag ? reported : 0
    }

    /// How far the parent's figure handed to a child may exceed its own reading of it.
    static let countLag = 64 << 20
}
