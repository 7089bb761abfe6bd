#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stream to its end into memory: a pipe (`<(cat f)`, `/dev/stdin` fed by a
/// pipe), standard input, a named FIFO, a terminal, a character device. Works whether the
/// descriptor is blocking or not (a would-block read waits in `poll`).
package enum StreamInput {
    package struct ReadError: Error, Equatable {
        package var reason: String
        /// The stream went on past the most it was read with (`maximumBytes`): no failure of
        /// the read, nothing kept.
        package var overLimit = false
    }

    /// Everything `descriptor` gives until end of file, or only its start when `startVerdict`
    /// says so: it is asked after each read with all the bytes so far, until it answers
    /// (true: stop, the rest cannot matter; false: read on, never asking again). A stream
    /// longer than `maximumBytes` is refused as soon as it shows (`ReadError.overLimit`),
    /// before room for more is taken.
    ///
    /// `namedFIFO`, the path of a FIFO this process opened itself with `O_NONBLOCK`, makes
    /// an end of file before any byte mean "no writer yet" rather than "empty": then
    /// `waiting` is called and the read waits for a writer, as `cat FIFO` does. (A pipe
    /// whose writer has already gone, `<(true)`, is simply empty.)
    package static func readAll(
        _ descriptor: Int32, namedFIFO: String? = nil, waiting: () -> Void = {},
        startVerdict: (UnsafeRawBufferPointer) -> Bool? = { _ in false }, maximumBytes: Int = .max
    ) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        let blockBytes = 1 << 20
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockBytes, alignment: 8)
        defer { block.deallocate() }
        var fd = descriptor
        var reopened: Int32 = -1
        defer { if reopened >= 0 { close(reopened) } }
        var mayWait = namedFIFO != nil
        var decided = false
        while true {
            let n = POSIX.read(fd, into: block)
            if n > 0 {
                mayWait = false
                guard n <= maximumBytes - bytes.count else {
                    throw ReadError(reason: "it is longer than \(maximumBytes) bytes", overLimit: true)
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[0..<n]))
                if !decided, let hopeless = bytes.withUnsafeBytes(startVerdict) {
                    if hopeless { return bytes }
                    decided = true
                }
                continue
            }
            if n == 0 {
                guard mayWait, let path = namedFIFO, !isAnonymousPipe(fd) else { return bytes }
                mayWait = false
                waiting()
                if let other = waitForWriter(fd, path: path) {
                    reopened = other
                    fd = other
                }
                continue
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK:
                POSIX.waitReadable(fd)
            default:
                throw ReadError(reason: ReadOnlyFile.describe(errno))
            }
        }
    }

    /// Waits until a writer opens the FIFO that `fd` reads. On Linux `poll` on the same
    /// descriptor reports it (data, or the hang-up of a writer that came and went), so
    /// nothing written in between is missed; elsewhere the FIFO is opened again, blocking,
    /// as `cat` does, and that descriptor is returned.
    private static func waitForWriter(_ fd: Int32, path: String) -> Int32? {
        #if os(Linux)
        POSIX.waitReadable(fd)
        return nil
        #else
        let other = POSIX.open(path, O_RDONLY | O_CLOEXEC)
        return other >= 0 ? other : nil
        #endif
    }

    /// Whether `fd` is an anonymous pipe (`|`, `<(...)`) rather than a named FIFO: only a
    /// named one can get a writer later. Linux names an anonymous pipe's descriptor
    /// `pipe:[inode]` in /proc; elsewhere reopening `/dev/fd/N` never waits, so the answer
    /// does not matter.
    private static func isAnonymousPipe(_ fd: Int32) -> Bool {
        #if os(Linux)
        var target = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
        return n > 0 && String(decoding: target[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("pipe:")
        #else
        return false
        #endif
    }
}
