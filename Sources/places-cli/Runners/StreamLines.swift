import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of `reverse -`'s input, read in large blocks into two buffers allocated once:
/// each line's bytes, without its newline, handed over in order. A line still unfinished
/// past `longestLine` bytes is handed over once as `tooLong` and the rest of it skipped, so
/// memory stays flat whatever the input holds. A UTF-8 byte-order mark opening the input
/// (as some editors and Windows tools write) is not part of the first line.
enum StreamLines {
    enum Line {
        /// The line's bytes: valid during the call only.
        case text(UnsafeRawBufferPointer)
        /// A line that grew past `longestLine` before its end: no point.
        case tooLong
    }

    /// Bytes read from the input at a time.
    static let blockSize = 1 << 20

    /// The longest line read as a point (an NDJSON object with other members may be long).
    static let longestLine = 64 << 10

    /// EF BB BF: U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The error record's message for a `tooLong` line.
    static var tooLongMessage: String { "the line is longer than \(longestLine / 1024) KiB: not a point" }

    /// Calls `body` with each line of `input` in order, to the end or until `body` returns
    /// false. The last line needs no newline. `whenIdle` is called before waiting for input
    /// that is not there yet (a pipe whose writer waits for the answers so far): what is held
    /// back for later must go out then.
    static func read(
        _ input: Int32, whenIdle: (() async throws -> Void)? = nil, _ body: (Line) async throws -> Bool
    ) async throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        // A line's start carried over from earlier blocks: at most `longestLine`, then a block.
        let pending = UnsafeMutableRawBufferPointer.allocate(byteCount: longestLine + blockSize, alignment: 16)
        defer {
            block.deallocate()
            pending.deallocate()
        }
        var held = 0
        /// Past the longest line taken, to its end: the rest of that line is no point.
        var skipping = false
        var first = true
        /// A line to `body`, the first without a byte-order mark.
        func hand(_ line: UnsafeRawBufferPointer) async throws -> Bool {
            guard first else { return try await body(.text(line)) }
            first = false
            let mark = line.starts(with: byteOrderMark) ? byteOrderMark.count : 0
            return try await body(.text(UnsafeRawBufferPointer(rebasing: line[mark...])))
        }
        while true {
            if let whenIdle, !readable(input) { try await whenIdle() }
            let n = POSIX.read(input, into: block)
            if n < 0 {
                throw PlacesError.io(path: "standard input", message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            var start = 0
            for i in 0..<n where block[i] == 10 {
                if skipping {
                    skipping = false
                } else if held == 0 {
                    guard try await hand(UnsafeRawBufferPointer(rebasing: block[start..<i])) else { return }
                } else {
                    UnsafeMutableRawBufferPointer(rebasing: pending[held..<(held + i - start)]).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: block[start..<i]))
                    held += i - start
                    guard try await hand(UnsafeRawBufferPointer(rebasing: pending[0..<held])) else { return }
                }
                held = 0
                start = i + 1
            }
            if !skipping {
                UnsafeMutableRawBufferPointer(rebasing: pending[held..<(held + n - start)]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: block[start..<n]))
                held += n - start
            }
            if held > longestLine {
                held = 0
                skipping = true
                first = false
                guard try await body(.tooLong) else { return }
            }
        }
        if held > 0, !skipping { _ = try await hand(UnsafeRawBufferPointer(rebasing: pending[0..<held])) }
    }

    /// Whether a read of `input` would return at once (bytes, the end, or an error).
    private static func readable(_ input: Int32) -> Bool {
        var request = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) != 0
    }
}
