#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An instant as the file system records it: seconds and nanoseconds since 1970 (UTC).
package struct FileTime: Comparable, Hashable, Sendable {
    package var seconds: Int64
    package var nanoseconds: Int64

    package init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) {
        self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// The wall clock now (the clock the kernel stamps files with).
    package static func now() -> FileTime {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return FileTime(time)
    }

    /// This instant moved by whole seconds (saturating).
    func adding(seconds delta: Int64) -> FileTime {
        FileTime(
            seconds: seconds.addingReportingOverflow(delta).overflow ? (delta < 0 ? .min : .max) : seconds + delta,
            nanoseconds: nanoseconds)
    }

    package static func < (a: FileTime, b: FileTime) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }
}

/// What `fstat` says identifies a file's content without reading it: which file (device and
/// inode), its size, and when its content (mtime) and its inode (ctime) last changed. Every
/// write sets both times to the clock; `touch` can set mtime back, but nothing a user can
/// do sets ctime back.
package struct FileStatus: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: UInt64
    package var modified: FileTime
    package var changed: FileTime

    package init(device: UInt64, inode: UInt64, size: UInt64, modified: FileTime, changed: FileTime) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (FileTime(info.st_mtimespec), FileTime(info.st_ctimespec))
        #else
        let (modified, changed) = (FileTime(info.st_mtim), FileTime(info.st_ctim))
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: UInt64(clamping: max(Int64(info.st_size), 0)), modified: modified, changed: changed)
    }

    /// Whether both of the file's times are older than `now` by more than `slack` seconds: then
    /// any later write stamps a different time, however coarse the file system's clock (FAT
    /// keeps 2 s), so this status can stand for the content read from now on. A file changed
    /// within the slack (or stamped in the future) is "racy", as git calls it: a write in the
    /// same tick may leave every field of the status as it was.
    package func isSettled(at now: FileTime, slack: Int64 = 2) -> Bool {
        let horizon = now.adding(seconds: -slack)
        return modified < horizon && changed < horizon
    }
}
