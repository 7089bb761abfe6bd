/// Reads sorted runs (`SortedRuns`) back as one sequence in key order: a k-way merge over
/// a heap of the runs' next items, each spilled run read through a buffer of its own
/// (larger only for an item that does not fit), so memory is a buffer a run, not the items;
/// the buffers share `budgetBytes`, so a planet's thousands of runs take no more than a
/// country's dozens. Items of one key come in the order of the runs given (then in each
/// run's order): the order in which they were collected.
struct SortedRunMerge {
    /// What each spilled run reads from the spill file at a time, at most.
    static let bufferBytes = 64 << 10
    /// What the buffers of all the runs take together, unless each is at its least.
    static let budgetBytes = 16 << 20
    /// The least a run reads at a time.
    static let leastBufferBytes = 4 << 10

    /// One run being read: its bytes in a window that slides along it.
    private final class Cursor {
        private let spill: SpillFile?
        private var buffer: [UInt8]
        private var position = 0
        private var filled: Int
        /// Where the unread rest of a spilled run begins in the spill file, and its length.
        private var fileOffset: Int
        private var fileRemaining: Int
        private(set) var key: UInt64 = 0
        private(set) var item: Range<Int> = 0..<0

        init(_ run: SortedRuns.Run, spill: SpillFile, bufferBytes: Int) {
            switch run {
            case .memory(let bytes):
                self.spill = nil
                buffer = bytes
                filled = bytes.count
                fileOffset = 0
                fileRemaining = 0
            case .spilled(let offset, let length):
                self.spill = spill
                buffer = [UInt8](repeating: 0, count: bufferBytes)
                filled = 0
                fileOffset = offset
                fileRemaining = length
            }
        }

        /// Moves to the next item; false at the run's end.
        func advance() throws(VenueIndexCorruption) -> Bool {
            let header = SortedRuns.itemHeaderLength
            guard try ensure(header) else { return false }
            let (key, length) = buffer.withUnsafeBytes { bytes in
                (
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)),
                    Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self)))
                )
            }
            guard try ensure(header + length) else { throw Self.damaged }
            self.key = key
            item = (position + header)..<(position + header + length)
            position += header + length
            return true
        }

        func withItem<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[item])) }
        }

        /// Makes `count` bytes from `position` lie in the buffer; false when the run ends
        /// before any of them (damage when it ends within them).
        private func ensure(_ count: Int) throws(VenueIndexCorruption) -> Bool {
            if filled - position >= count { return true }
            if filled - position == 0 && fileRemaining == 0 { return false }
            guard let spill, fileRemaining > 0 else { throw Self.damaged }
            let left = filled - position
            if left > 0 { buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[position..<filled])) } }
            if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
            let reading = min(buffer.count - left, fileRemaining)
            let read = buffer.withUnsafeMutableBytes { bytes in
                spill.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[left..<(left + reading)]), at: fileOffset)
            }
            guard read else { throw VenueIndexCorruption(reason: spill.failure ?? "its scratch file could not be read") }
            fileOffset += reading
            fileRemaining -= reading
            position = 0
            filled = left + reading
            guard filled >= count else { throw Self.damaged }
            return true
        }

        static var damaged: VenueIndexCorruption { VenueIndexCorruption(reason: "its scratch file was cut short") }
    }

    private let cursors: [Cursor]

    init(_ runs: [SortedRuns.Run], spill: SpillFile) {
        let bufferBytes = min(Self.bufferBytes, max(Self.leastBufferBytes, Self.budgetBytes / max(runs.count, 1)))
        cursors = runs.map { Cursor($0, spill: spill, bufferBytes: bufferBytes) }
    }

    /// Calls `body` with each item's key and bytes, in key order.
    func inOrder(_ body: (UInt64, UnsafeRawBufferPointer) -> Void) throws(VenueIndexCorruption) {
        // A binary heap of run numbers, least (key, run) first.
        var heap: [Int] = []
        for (index, cursor) in cursors.enumerated() where try cursor.advance() { heap.append(index) }
        func less(_ a: Int, _ b: Int) -> Bool {
            let ka = cursors[a].key, kb = cursors[b].key
            return ka != kb ? ka < kb : a < b
        }
        func siftDown(_ start: Int) {
            var i = start
            while true {
                let left = 2 * i + 1, right = left + 1
                var least = i
                if left < heap.count, less(heap[left], heap[least]) { least = left }
                if right < heap.count, less(heap[right], heap[least]) { least = right }
                guard least != i else { return }
                heap.swapAt(i, least)
                i = least
            }
        }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
        while let top = heap.first {
            let cursor = cursors[top]
            cursor.withItem { body(cursor.key, $0) }
            if try !cursor.advance() {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            siftDown(0)
        }
    }
}
