import Foundation
import PlacesSupport

/// What identifies the contents of a `--data` file for its cached index: its path, its
/// status (device, inode, size, mtime and ctime to the nanosecond) and a hash of samples of
/// its bytes.
///
/// The status is what is trusted: every write to a file stamps its ctime with the clock,
/// and no user can set ctime back (`touch -r` sets mtime back, and so moves ctime on). So
/// once a file's times are safely in the past (`FileStatus.isSettled`), an unchanged status
/// means unchanged bytes. A file indexed within that window of its last change ("racy", as
/// git calls it) cannot be trusted by its status alone: its index also records a hash of
/// every byte (`VenueIndexHeader.contentHash`), checked whenever it is opened until the file
/// has settled. The sampled hash (the first and last 64 KiB and 64 blocks of 4 KiB spread
/// between, all of a file under 1 MiB, well under a millisecond) is a cheap extra check for
/// file systems that do not keep ctime.
struct SourceKey: Equatable, Sendable {
    var path: String
    var status: FileStatus
    var sampledHash: UInt64

    init(path: String, status: FileStatus, sampledHash: UInt64) {
        self.path = path
        self.status = status
        self.sampledHash = sampledHash
    }

    /// The key of an open file, known by `path` (absolute, so the same file has one index).
    init(file: ReadOnlyFile, path: String) {
        self.init(path: path, status: file.status, sampledHash: Self.sampledHash(of: file))
    }

    static let edgeBytes = 64 << 10
    static let sampleBytes = 4 << 10
    static let sampleCount = 64

    static func sampledHash(of file: ReadOnlyFile) -> UInt64 {
        var hash = ByteHash()
        hash.combine(UInt64(file.size))
        func add(_ offset: Int, _ count: Int) {
            file.read(at: offset, count: count).withUnsafeBytes { hash.combine($0) }
        }
        if file.size <= 1 << 20 {
            add(0, file.size)
        } else {
            add(0, edgeBytes)
            let middle = file.size - 2 * edgeBytes - sampleBytes
            for i in 0..<sampleCount {
                add(edgeBytes + middle * i / (sampleCount - 1), sampleBytes)
            }
            add(file.size - edgeBytes, edgeBytes)
        }
        return hash.finalized
    }
}

/// The key of the file a provider last opened, by path and status: the sampled hash reads up
/// to 384 KiB, and a stream of lookups on one extract (`reverse -`) would read them for every
/// point. Any write changes a file's status (its change time at least, which no one can set),
/// so a key found here is the key the file would give again.
final class SourceKeyMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var last: SourceKey?

    func key(of file: ReadOnlyFile, path: String) -> SourceKey {
        let status = file.status
        if let known = lock.withLock({ last }), known.path == path, known.status == status { return known }
        let key = SourceKey(path: path, status: status, sampledHash: SourceKey.sampledHash(of: file))
        lock.withLock { last = key }
        return key
    }
}
