import Foundation
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A scratch file beside an index being written, for the sorted runs (`SortedRuns`) that
/// do not fit the memory budget. It is unlinked as soon as it is created, so nothing is
/// left behind whatever happens to the process: its space is freed when it is closed
/// (when this object goes), and no reader can ever take it for an index.
///
/// Runs may come from two threads (each scanning thread spills its own): each reserves its
/// place at the end under a lock and writes there outside it.
final class SpillFile: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var end = 0
    /// The first failure's description (strerror text); later appends do nothing.
    private var failureText: String?

    /// Creates the file in the directory of `destination` (the same file system as the
    /// index, which has room for what is being written) and unlinks it at once.
    init(beside destination: String) throws(VenueIndexCorruption) {
        let slash = destination.lastIndex(of: "/") ?? destination.startIndex
        let name = destination[slash...].dropFirst()
        let path = "\(destination[..<slash])/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).spill"
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: ReadOnlyFile.describe(errno)) }
        unlink(path)
    }

    deinit {
        close(descriptor)
    }

    /// The first failure to write or read, if any.
    var failure: String? { lock.withLock { failureText } }

    /// Takes `length` bytes at the end of the file for one writer; where they begin, or nil
    /// once a write has failed.
    func reserve(_ length: Int) -> Int? {
        lock.withLock {
            guard failureText == nil else { return nil }
            let at = end
            end += length
            return at
        }
    }

    /// Writes all of `bytes` at `offset` (within a reservation); false (the failure kept)
    /// when they could not all be written.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return moveWhole(bytes.count) { done in pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done)) }
    }

    /// Reads `buffer.count` bytes at `offset` into `buffer`; false (the failure kept) when
    /// they could not all be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        return moveWhole(buffer.count) { done in pread(descriptor, base + done, buffer.count - done, off_t(offset + done)) }
    }

    /// Repeats `step` (a pwrite or pread starting `done` bytes in) until `count` bytes have
    /// moved; false (the failure kept) on an error or an early end of the file.
    private func moveWhole(_ count: Int, _ step: (_ done: Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let n = step(done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                fail(n < 0 ? errno : EIO)
                return false
            }
            done += n
        }
        return true
    }

    private func fail(_ code: Int32) {
        let text = ReadOnlyFile.describe(code)
        lock.withLock {
            if failureText == nil { failureText = text }
        }
    }
}
