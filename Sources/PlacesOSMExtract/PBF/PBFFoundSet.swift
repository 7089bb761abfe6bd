/// Which of `count` wanted ids (by their index in a sorted list) a reading has found: one
/// bit each, so that an id the file repeats is kept once, however often it comes.
struct PBFFoundSet {
    private var words: [UInt64]

    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Marks `index` found; false when it was already.
    @inline(__always)
    mutating func insert(_ index: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(index & 63)
        let word = index >> 6
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }
}
