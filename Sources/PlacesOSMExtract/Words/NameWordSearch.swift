import Foundation
import PlacesGeodesy

/// Picks the places an autocomplete shows from a word file: those with, for every word of
/// the input, a word of their name that begins with it; the `limit` nearest to `center`
/// (geodesic, ties by entry), else the best by (the name's first word begins with the
/// input's first word, shorter names first, entry).
///
/// With a centre, the postings' unit vectors rank by chord (spherical); the ellipsoid's
/// distances differ from the sphere's by well under 1 %, so a second pass takes every
/// place whose spherical distance, less 1 % and the Float32 rounding, could still beat the
/// last of the first pass, and those are ranked by their geodesic distance.
struct NameWordSearch {
    let words: NameWordIndex
    let input: [[UInt8]]
    let center: Coordinate?
    let limit: Int
    /// Whether a place may be shown (radius, type), and its geodesic distance from the
    /// centre when there is one; nil to leave it out. Called only for places that could be
    /// shown, once each.
    let accept: (UInt32) throws -> Double??

    init(words: NameWordIndex, input: [[UInt8]], center: Coordinate?, limit: Int, accept: @escaping (UInt32) throws -> Double??) {
        self.words = words
        self.input = input
        self.center = center
        self.limit = limit
        self.accept = accept
    }

    /// Earth's mean radius (IUGG), for the spherical estimate.
    static let sphereRadius = 6_371_008.8
    /// How far the ellipsoid's distance may fall below the sphere's, relatively, and the
    /// Float32 positions' rounding, in metres.
    static let relativeSlack = 0.01
    static let roundingSlack = 2.0

    /// The picked entries, best first, with their distances when there is a centre.
    func run() throws -> [(entry: UInt32, meters: Double?)] {
        var runs: [NameWordPostings] = []
        for word in input { runs.append(try words.postings(prefix: word)) }
        guard let first = runs.first, runs.allSatisfy({ $0.count > 0 }) else { return [] }
        // Every other word: which entries it reaches.
        var reached: [[UInt64]] = []
        let entryCount = words.entryCount
        for run in runs.dropFirst() {
            var bits = [UInt64](repeating: 0, count: (entryCount + 63) / 64)
            for i in 0..<run.count {
                let e = Int(run.entry(i))
                guard e < entryCount else { throw VenueIndexCorruption(reason: "its word list names a place the index does not have") }
                bits[e >> 6] |= 1 << UInt64(e & 63)
            }
            reached.append(bits)
        }
        func matchesAll(_ entry: UInt32) -> Bool {
            let e = Int(entry)
            return e < entryCount && reached.allSatisfy { $0[e >> 6] & (1 << UInt64(e & 63)) != 0 }
        }
        var decided: [UInt32: Double??] = [:]
        func decide(_ entry: UInt32) throws -> Double?? {
            if let known = decided[entry] { return known }
            let verdict = try accept(entry)
            decided[entry] = verdict
            return verdict
        }
        guard let center else { return try byName(first, matchesAll: matchesAll, decide: decide) }
        return try byDistance(first, from: center, matchesAll: matchesAll, decide: decide)
    }

    private func byName(
        _ run: NameWordPostings, matchesAll: (UInt32) -> Bool,
        decide: (UInt32) throws -> Double??
    ) throws -> [(entry: UInt32, meters: Double?)] {
        var best = BestOf<UInt64>(limit: limit)
        for i in 0..<run.count {
            let entry = run.entry(i), info = run.info(i)
            let tier: UInt64 = info & NameWordFormat.firstWordFlag != 0 ? 0 : 1
            let key = tier << 63 | UInt64(info & NameWordFormat.nameLengthBits) << 32 | UInt64(entry)
            guard best.wouldTake(key), matchesAll(entry), try decide(entry) != nil else { continue }
            best.offer(key, entry: entry)
        }
        return best.sorted().map { ($0.entry, nil) }
    }

    private func byDistance(
        _ run: NameWordPostings, from center: Coordinate, matchesAll: (UInt32) -> Bool,
        decide: (UInt32) throws -> Double??
    ) throws -> [(entry: UInt32, meters: Double?)] {
        let c = NameWordPosting.unitVector(latitude: center.latitude, longitude: center.longitude)
        let cx = Float(c.x), cy = Float(c.y), cz = Float(c.z)
        @inline(__always) func chord2(_ i: Int) -> Float {
            let u = run.unit(i)
            let dx = u.x - cx, dy = u.y - cy, dz = u.z - cz
            return dx * dx + dy * dy + dz * dz
        }
        // First pass: the nearest by chord.
        var best = BestOf<Float>(limit: limit)
        for i in 0..<run.count {
            let key = chord2(i)
            let entry = run.entry(i)
            guard best.wouldTake(key), matchesAll(entry), try decide(entry) != nil else { continue }
            best.offer(key, entry: entry)
        }
        var picked: [UInt32: Double] = [:]
        for candidate in best.sorted() {
            if let meters = try decide(candidate.entry), let meters { picked[candidate.entry] = meters }
        }
        if picked.count == limit, let worst = picked.values.max() {
            // Second pass: anything the sphere may have ranked behind that the ellipsoid puts ahead.
            let meters = (worst + Self.roundingSlack) / (1 - Self.relativeSlack) + Self.roundingSlack
            let angle = min(Double.pi, meters / Self.sphereRadius)
            let chord = 2 * sin(angle / 2) + 1e-6
            let bound = Float(chord * chord)
            for i in 0..<run.count where chord2(i) <= bound {
                let entry = run.entry(i)
                guard picked[entry] == nil, matchesAll(entry), let verdict = try decide(entry), let meters = verdict else { continue }
                picked[entry] = meters
            }
        }
        let ordered = picked.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }
        return ordered.prefix(limit).map { ($0.key, $0.value) }
    }
}

/// The `limit` smallest keys offered, each entry once (with its smallest key).
struct BestOf<Key: Comparable> {
    let limit: Int
    private(set) var items: [(key: Key, entry: UInt32)] = []
    /// The position of the largest key (the one to drop next).
    private var worst = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether a key this size could be kept (a cheap test before anything else is checked).
    @inline(__always) func wouldTake(_ key: Key) -> Bool {
        items.count < limit || key < items[worst].key
    }

    mutating func offer(_ key: Key, entry: UInt32) {
        if let at = items.firstIndex(where: { $0.entry == entry }) {
            if key < items[at].key { items[at].key = key }
        } else if items.count < limit {
            items.append((key, entry))
        } else if key < items[worst].key {
            items[worst] = (key, entry)
        } else {
            return
        }
        worst = items.indices.max { items[$0].key < items[$1].key } ?? 0
    }

    func sorted() -> [(key: Key, entry: UInt32)] {
        items.sorted { $0.key != $1.key ? $0.key < $1.key : $0.entry < $1.entry }
    }
}
