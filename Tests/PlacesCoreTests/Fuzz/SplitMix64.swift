/// A small seeded generator (SplitMix64, Steele et al. 2014) for the fuzz tests: the same
/// seed gives the same cases on every machine and toolchain, so a failure can be replayed
/// from the seed it printed. Foundation's and the standard library's randomness are not used.
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run started from `seed`: cases are independent, so one
    /// can be replayed alone.
    static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    /// A number in 0..<bound (bound > 0), by the multiply-high method (bias below 2^-32 here).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent` in 100.
    mutating func percent(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One of `items`, each as likely as its weight.
    mutating func weighted<T>(_ items: [(weight: Int, value: T)]) -> T {
        var roll = below(items.reduce(0) { $0 + $1.weight })
        for item in items {
            if roll < item.weight { return item.value }
            roll -= item.weight
        }
        return items[items.count - 1].value
    }

    /// A fisher-yates shuffle of `items`.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var out = items
        guard out.count > 1 else { return out }
        for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, below(i + 1)) }
        return out
    }
}
