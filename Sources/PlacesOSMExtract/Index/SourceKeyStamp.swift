import PlacesSupport

/// How a file kept beside an index (the PBF venue records, the addresses) says which source
/// it was written for: the key's numbers, the path's length, a checksum of the header up to
/// there and of the path, then the path. Written and checked here, once for both.
extension SourceKey {
    /// The key's numbers, in the order a stamp holds them.
    var stampWords: [UInt64] {
        [
            status.size, UInt64(bitPattern: status.modified.seconds), UInt64(bitPattern: status.modified.nanoseconds),
            UInt64(bitPattern: status.changed.seconds), UInt64(bitPattern: status.changed.nanoseconds),
            status.inode, status.device, sampledHash,
        ]
    }

    /// Appends the stamp to a header being written (`w` holds the header so far, which the
    /// checksum covers).
    func appendStamp(to w: inout ByteWriter) {
        for word in stampWords { w.append(word) }
        let pathBytes = Array(path.utf8)
        w.append(UInt64(pathBytes.count))
        var checked = w.bytes
        checked.append(contentsOf: pathBytes)
        w.append(checked.withUnsafeBytes { ByteHash.of($0) })
        w.append(pathBytes)
    }

    /// Reads the stamp at `r` in `file`: the offset of its checksum when the stamp is whole
    /// and this key's, `r` left after the path; nil otherwise.
    func checkStamp(in file: UnsafeRawBufferPointer, _ r: inout ByteReader) -> Int? {
        var words: [UInt64] = []
        for _ in 0..<8 {
            guard let word = try? r.u64() else { return nil }
            words.append(word)
        }
        guard let pathLength = try? r.u64(), pathLength < 1 << 20 else { return nil }
        let checksumOffset = r.offset
        guard let checksum = try? r.u64(), let pathBytes = try? r.bytes(Int(pathLength)) else { return nil }
        var checked = Array(file[0..<checksumOffset])
        checked += pathBytes
        guard checked.withUnsafeBytes({ ByteHash.of($0) }) == checksum, String(decoding: pathBytes, as: UTF8.self) == path,
            words == stampWords
        else { return nil }
        return checksumOffset
    }
}
