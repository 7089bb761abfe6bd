/// What identifies the exact contents of a `--data` file for its cached index: path,
/// size, modification time, inode, and a hash of samples of its bytes.
///
/// The hash covers the first and last 64 KiB and 64 blocks of 4 KiB spread evenly
/// between (all of a file under 1 MiB): reading it costs well under a millisecond, where
/// hashing all of a 178 MB extract would cost more than the indexed query it guards.
struct SourceKey: Equatable, Sendable {
    var path: String
    var size: UInt64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    var inode: UInt64
    var contentHash: UInt64

    init(path: String, size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64, contentHash: UInt64) {
        self.path = path
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
        self.contentHash = contentHash
    }

    /// The key of an open file, known by `path` (absolute, so the same file has one index).
    init(file: ReadOnlyFile, path: String) {
        self.init(path: path, size: UInt64(file.size), modifiedSeconds: file.modifiedSeconds,
                  modifiedNanoseconds: file.modifiedNanoseconds, inode: file.inode,
                  contentHash: Self.sampledHash(of: file))
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
