import Foundation

/// Items (a 64-bit sort key and a few bytes) collected in the order they come, for a file
/// written sorted by key: an index's entries by cell, a records file's records by place.
/// They are kept in memory up to a fixed budget (`runBytes`); each full run is sorted by key
/// (items of one key in the order they came) and spilled to a `SpillFile`, so memory stays
/// the same however many items a file has. `SortedRunMerge` reads the runs back in order.
///
/// A run, in memory or spilled, is its items one after another: the key (8 bytes), the
/// length (4 bytes, little-endian), the bytes. One thread appends to a collection.
final class SortedRuns {
    /// What a run holds in memory before it is sorted and spilled: 4 MiB (four runs fill at
    /// once while a PBF is read, the index's and the records' on each thread), or what
    /// `PLACES_SORT_RUN_BYTES` says (for tests, which force many runs with a few hundred
    /// bytes; from 256 bytes to 1 GiB).
    static let defaultRunBytes: Int = {
        guard let text = ProcessInfo.processInfo.environment["PLACES_SORT_RUN_BYTES"], let bytes = Int(text) else { return 4 << 20 }
        return min(max(bytes, 256), 1 << 30)
    }()

    /// Where an item's key and length take in a run, before its bytes.
    static let itemHeaderLength = 12
    /// Bytes written to the spill file at a time.
    private static let writeChunk = 1 << 20

    /// A sorted run: spilled (where it lies in the spill file), or the last one of a
    /// collection that never filled one, kept in memory.
    enum Run {
        case spilled(offset: Int, length: Int)
        case memory([UInt8])
    }

    private let spill: SpillFile
    private let runBytes: Int
    private var keys: [UInt64] = []
    private var starts: [Int] = []
    private var bytes: [UInt8] = []
    private var spilled: [Run] = []
    /// Items appended, all runs together.
    private(set) var count = 0
    /// Whether a run could not be spilled (the spill file's failure says why).
    private(set) var failed = false

    init(spill: SpillFile, runBytes: Int = SortedRuns.defaultRunBytes) {
        self.spill = spill
        self.runBytes = runBytes
    }

    /// Appends an item of `key` whose bytes `body` appends to the array it is given.
    @inline(__always)
    func append(key: UInt64, _ body: (inout [UInt8]) -> Void) {
        keys.append(key)
        starts.append(bytes.count)
        body(&bytes)
        count += 1
        if bytes.count + keys.count * 16 >= runBytes { spillRun() }
    }

    /// Drops every item (a collection that will not be written).
    func removeAll() {
        keys = []
        starts = []
        bytes = []
        spilled = []
        count = 0
    }

    /// The runs, in the order they were made (the items of one key in the order they
    /// came, across runs too): the items still in memory are sorted into the last run,
    /// kept in memory if nothing was spilled, else spilled as well.
    func finish() -> [Run] {
        if !spilled.isEmpty {
            if !keys.isEmpty { spillRun() }
            return spilled
        }
        guard !keys.isEmpty else { return [] }
        var run: [UInt8] = []
        run.reserveCapacity(bytes.count + keys.count * Self.itemHeaderLength)
        forEachSorted { run.append(contentsOf: $0) }
        keys = []
        starts = []
        bytes = []
        return [.memory(run)]
    }

    private func spillRun() {
        defer {
            keys.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
        }
        let length = bytes.count + keys.count * Self.itemHeaderLength
        guard !failed, let offset = spill.reserve(length) else {
            failed = true
            return
        }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Self.writeChunk + Self.itemHeaderLength)
        var written = 0
        func flush() {
            guard !failed, chunk.withUnsafeBytes({ spill.write($0, at: offset + written) }) else {
                failed = true
                return
            }
            written += chunk.count
            chunk.removeAll(keepingCapacity: true)
        }
        forEachSorted { piece in
            chunk.append(contentsOf: piece)
            if chunk.count >= Self.writeChunk { flush() }
        }
        flush()
        spilled.append(.spilled(offset: offset, length: length))
    }

    /// Hands over the items in memory in key order (arrival order within a key), each as
    /// its header and then its bytes.
    private func forEachSorted(_ body: (UnsafeRawBufferPointer) -> Void) {
        var order = [Int32](unsafeUninitializedCapacity: keys.count) { buffer, initialized in
            for i in 0..<keys.count { buffer[i] = Int32(i) }
            initialized = keys.count
        }
        keys.withUnsafeBufferPointer { keys in
            order.sort { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 }
        }
        bytes.withUnsafeBytes { all in
            for i in order {
                let index = Int(i)
                let start = starts[index]
                let end = index + 1 < starts.count ? starts[index + 1] : all.count
                var header = (keys[index].littleEndian, UInt32(end - start).littleEndian)
                withUnsafeBytes(of: &header.0) { body($0) }
                withUnsafeBytes(of: &header.1) { body($0) }
                body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
            }
        }
    }
}
