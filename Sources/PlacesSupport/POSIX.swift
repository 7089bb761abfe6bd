#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls made in more than one place, each retried when a signal interrupts it
/// (`EINTR`), so no caller writes that loop again: reads, whole writes, opens, the exclusive
/// lock, waiting for input, flushing to disk, and `mkdir -p`.
package enum POSIX {
    /// `read(2)`: the bytes read, 0 at the end, or -1 with `errno` set (never `EINTR`).
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = systemRead(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// `pread(2)` at `offset`: as `read`, without moving the file offset.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        while true {
            let n = pread(fd, buffer, count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Writes all of `bytes`, going on after short and interrupted writes and waiting while
    /// a non-blocking descriptor is full. Nil when everything was written, else the `errno`
    /// that stopped it (a write that makes no progress is `EIO`).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, base + offset, bytes.count - offset)
            if n > 0 {
                offset += n
                continue
            }
            if n == 0 { return EIO }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: wait(fd, for: Int16(POLLOUT))
            case let code: return code
            }
        }
        return nil
    }

    /// `open(2)`: the descriptor, or -1 with `errno` set (never `EINTR`).
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        while true {
            let fd = systemOpen(path, flags, mode)
            if fd < 0 && errno == EINTR { continue }
            return fd
        }
    }

    /// Waits for the exclusive `flock` on `fd`: nil once held, else the `errno`.
    static func lockExclusively(_ fd: Int32) -> Int32? {
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            if code != EINTR { return code }
        }
        return nil
    }

    /// Waits until `fd` is readable (or hung up).
    package static func waitReadable(_ fd: Int32) {
        wait(fd, for: Int16(POLLIN))
    }

    /// Flushes `fd` to the disk: `fsync`, and on Darwin `F_FULLFSYNC` first, which also
    /// flushes the drive's cache. False with `errno` set when it cannot.
    static func flush(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        while fsync(fd) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// `mkdir -p`: creates `directory` and any missing parents with `mode`, leaving those
    /// that exist as they are. Nil when it is there, else the path that could not be made and
    /// why (something there that is not a directory is `ENOTDIR`).
    package static func makeDirectories(_ directory: String, mode: mode_t) -> (path: String, code: Int32)? {
        var path = ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            path += (path.isEmpty && !directory.hasPrefix("/") ? "" : "/") + component
            if mkdir(path, mode) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
            return (path, code == EEXIST ? ENOTDIR : code)
        }
        return nil
    }

    private static func wait(_ fd: Int32, for events: Int16) {
        var poller = pollfd(fd: fd, events: events, revents: 0)
        while poll(&poller, 1, -1) < 0 && errno == EINTR {}
    }
}

// The C functions by their module's name, where Swift methods of the same name would shadow them.
#if canImport(Darwin)
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { Darwin.read(fd, p, n) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Darwin.write(fd, p, n) }
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
#elseif canImport(Musl)
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { Musl.read(fd, p, n) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Musl.write(fd, p, n) }
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Musl.open(path, flags, mode) }
#else
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { Glibc.read(fd, p, n) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Glibc.write(fd, p, n) }
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
#endif
