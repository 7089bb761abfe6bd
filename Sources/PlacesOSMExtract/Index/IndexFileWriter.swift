import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An index file being written: a temporary file beside the destination (created, never
/// opened through a link), renamed into place by `commit()`, so a reader sees the old file
/// or the whole new one; removed if anything fails or it is discarded.
final class IndexFileWriter {
    let destination: String
    private let temporary: String
    private var descriptor: Int32
    /// The first failure's description (strerror text); later writes do nothing.
    private(set) var failure: String?

    init(destination: String) throws(VenueIndexCorruption) {
        self.destination = destination
        let slash = destination.lastIndex(of: "/") ?? destination.startIndex
        let name = destination[slash...].dropFirst()
        temporary = "\(destination[..<slash])/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: ReadOnlyFile.describe(errno)) }
    }

    deinit {
        discard()
    }

    /// Moves the end of the file to `offset` (later writes append from there).
    func seek(to offset: Int) {
        guard failure == nil else { return }
        if lseek(descriptor, off_t(offset), SEEK_SET) < 0 { failure = ReadOnlyFile.describe(errno) }
    }

    /// Appends all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let code = POSIX.writeAll(descriptor, bytes) else { return }
        failure = ReadOnlyFile.describe(code)
    }

    /// Writes `bytes` at `offset`, leaving the end where it was.
    func write(_ bytes: [UInt8], at offset: Int) {
        bytes.withUnsafeBytes { write($0, at: offset) }
    }

    /// Writes all of `bytes` at `offset`, leaving the end where it was.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while failure == nil && done < bytes.count {
            let n = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = ReadOnlyFile.describe(n < 0 ? errno : EIO)
                break
            }
            done += n
        }
    }

    /// Copies the `count` bytes written at `source` to `target` (below it), a mebibyte at
    /// a time.
    func move(from source: Int, count: Int, to target: Int) {
        var buffer = [UInt8](repeating: 0, count: min(count, 1 << 20))
        var done = 0
        while failure == nil && done < count {
            let length = min(buffer.count, count - done)
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(source + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = ReadOnlyFile.describe(n < 0 ? errno : EIO)
                break
            }
            buffer.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[..<n]), at: target + done) }
            done += n
        }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) {
        guard failure == nil else { return }
        if ftruncate(descriptor, off_t(length)) != 0 { failure = ReadOnlyFile.describe(errno) }
    }

    /// Closes the file and renames it over the destination; throws (having removed it) if
    /// any write failed.
    func commit() throws(VenueIndexCorruption) {
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: "the index was discarded") }
        if close(descriptor) != 0, failure == nil { failure = ReadOnlyFile.describe(errno) }
        descriptor = -1
        if failure == nil, rename(temporary, destination) != 0 { failure = ReadOnlyFile.describe(errno) }
        if let failure {
            unlink(temporary)
            throw VenueIndexCorruption(reason: failure)
        }
    }

    /// Stops and removes the temporary file.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }
}
