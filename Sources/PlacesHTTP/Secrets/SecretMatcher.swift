/// Finds API keys in bytes in every form a server may echo them back: exact, in any letter
/// case, percent-encoded (either hex case, `+` for a space), JSON-escaped (`\/`, `\u0041`),
/// one escape inside another (`%2541`, `\u002541`, `%5Cu0041`, `\\u0041`) — and any mix of
/// these from one character of the key to the next. Works on bytes, so scrubbing a large
/// output costs one pass with a table lookup per byte and no `String` per line.
///
/// A run of 12 or more characters of a key is a secret too (see `SecretPieces` for the
/// forms a piece is looked for in).
///
/// Keys are ASCII in practice; a key's non-ASCII bytes are matched exactly or percent-encoded.
package struct SecretMatcher: Sendable {
    /// Shorter values are not treated as secrets: replacing every case-insensitive
    /// occurrence of a two-letter "key" would garble the output and hide nothing.
    static let minimumLength = 4

    /// Each secret, ASCII letters folded to lower case.
    private let patterns: [[UInt8]]
    /// The bytes a match can start with: a pattern's first byte in either case, `%`, `\`, `+`.
    private let startBytes: [Bool]
    /// The bytes that can follow a literal first byte: a pattern's second byte in either
    /// case, or the start of an escape. Most letters that begin no key are passed over
    /// with these two lookups.
    private let secondBytes: [Bool]
    /// The pieces of the keys long enough to have them.
    let pieces: SecretPieces

    package init(secrets: [String]) {
        var patterns: [[UInt8]] = []
        for secret in secrets where secret.utf8.count >= Self.minimumLength {
            let folded = secret.utf8.map(Self.fold)
            if !patterns.contains(folded) { patterns.append(folded) }
        }
        var start = [Bool](repeating: false, count: 256)
        var second = [Bool](repeating: false, count: 256)
        for pattern in patterns {
            for (table, byte) in [(0, pattern[0]), (1, pattern[1])] {
                for c in [byte, Self.upper(byte)] + (byte == UInt8(ascii: " ") ? [UInt8(ascii: "+")] : []) + [
                    UInt8(ascii: "%"), UInt8(ascii: "\\"),
                ] {
                    if table == 0 { start[Int(c)] = true } else { second[Int(c)] = true }
                }
            }
        }
        self.patterns = patterns
        self.startBytes = start
        self.secondBytes = second
        self.pieces = SecretPieces(secrets: secrets.filter { $0.utf8.count >= Self.minimumLength })
    }

    /// True when there is nothing to look for.
    var isEmpty: Bool { patterns.isEmpty }

    /// What `match` found at one position.
    enum Match: Equatable {
        case none
        /// A secret in some form occupies `start..<end`.
        case found(end: Int)
        /// The bytes from `start` to the end of the window could be the beginning of a
        /// secret: only more bytes can tell (never returned when `final`).
        case needMore
    }

    /// Whether a secret may start with `byte` (a cheap test before `match`).
    @inline(__always) func mayStart(_ byte: UInt8) -> Bool {
        startBytes.withUnsafeBufferPointer { $0[Int(byte)] }
    }

    /// The first position in `start..<end` where a whole key may begin in some form (`end`
    /// if none), by a test of one or two bytes; `match` decides. The hot loop of scrubbing.
    func nextCandidate(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        startBytes.withUnsafeBufferPointer { first in
            secondBytes.withUnsafeBufferPointer { second in
                let n = bytes.count
                var i = start
                while i < end {
                    let b = bytes[i]
                    if first[Int(b)] {
                        if b == UInt8(ascii: "%") || b == UInt8(ascii: "\\") || b == UInt8(ascii: "+") || i + 1 == n
                            || second[Int(bytes[i + 1])]
                        {
                            return i
                        }
                    }
                    i += 1
                }
                return end
            }
        }
    }

    /// The positions of a window worth a `match`, in order: where a whole key may begin
    /// (`nextCandidate`), and where the sampled search of `SecretPieces` saw a piece begin.
    /// The samples are tested a block ahead of the byte scan (the block stays in the cache
    /// between the two); a piece's start may come before positions already passed (it is
    /// grown back from where it was seen), never before one already matched past it.
    struct Candidates {
        private static let block = 4096
        private var sample = 0
        private var pieceStarts: [Int] = []

        /// The next position at or after `i` (or a piece's start before it); `w.count` when none is left.
        mutating func next(from i: Int, in w: ByteWindow, _ matcher: SecretMatcher) -> Int {
            let pieces = matcher.pieces
            var from = i
            while true {
                var seen = pieces.isEmpty ? w.count : pieces.seenBefore(sample: sample, in: w)
                if pieceStarts.isEmpty, seen < w.count, seen <= from {
                    pieceStarts = pieces.nextStarts(in: w, sample: &sample, before: max(from, sample) + Self.block)
                    seen = pieces.seenBefore(sample: sample, in: w)
                }
                let limit = min(pieceStarts.first ?? seen, seen)
                let c = Self.wholeKeyCandidate(from: min(from, limit), to: limit, in: w, matcher)
                if let p = pieceStarts.first, p <= c {
                    pieceStarts.removeFirst()
                    return p
                }
                if c < limit || limit == w.count { return c }
                from = limit
            }
        }

        private static func wholeKeyCandidate(from start: Int, to end: Int, in w: ByteWindow, _ matcher: SecretMatcher) -> Int {
            let head = w.head.count
            var c = start
            var unused = false
            // Unwrap justified: c < head, inside the window, so the byte exists.
            while c < min(head, end), !matcher.mayStart(w.byte(c, &unused)!) { c += 1 }
            if c >= head, c < end {
                c = head + matcher.nextCandidate(in: w.body, from: c - head, to: end - head)
            }
            return c
        }
    }

    /// The longest secret, in any form, starting at `start` in `window`. `final` says the
    /// window holds the last bytes there will be.
    func match(_ window: ByteWindow, at start: Int, final: Bool) -> Match {
        var state = MatchState()
        var best = pieces.end(in: window, at: start)
        for pattern in patterns {
            let end = pattern.withUnsafeBufferPointer { key in Self.matchRest(key, 0, window, start, &state) }
            if let end, end > (best ?? start) { best = end }
        }
        if let best { return .found(end: best) }
        return state.needMore && !final ? .needMore : .none
    }

    // MARK: - Matching one key

    private struct MatchState {
        var steps = 0
        var needMore = false
    }

    /// Backtracking only ever branches where a key character is itself `%` or `\` (its
    /// literal form and an escape start alike); the budget bounds that rare case.
    private static let stepBudget = 4096
    /// How deep an escape may hide in another: `%5Cu0041` is a JSON escape percent-encoded,
    /// `%2541` a percent-encoding percent-encoded.
    private static let maxNesting = 2

    /// The end of a match of `key[j...]` at `pos`, or nil.
    private static func matchRest(
        _ key: UnsafeBufferPointer<UInt8>, _ j: Int, _ w: ByteWindow, _ pos: Int, _ state: inout MatchState
    ) -> Int? {
        if j == key.count { return pos }
        state.steps += 1
        guard state.steps <= stepBudget else { return nil }
        guard let b = w.byte(pos, &state.needMore) else { return nil }
        let want = key[j]
        var best: Int?
        func keep(_ end: Int?) {
            if let end, end > (best ?? 0) { best = end }
        }
        if fold(b) == want { keep(matchRest(key, j + 1, w, pos + 1, &state)) }
        if b == UInt8(ascii: "+"), want == UInt8(ascii: " ") { keep(matchRest(key, j + 1, w, pos + 1, &state)) }
        if b == UInt8(ascii: "%") || b == UInt8(ascii: "\\") {
            var decoded: [(byte: UInt8, next: Int)] = []
            escapes(w, pos, depth: 0, into: &decoded, &state.needMore)
            for unit in decoded where fold(unit.byte) == want {
                keep(matchRest(key, j + 1, w, unit.next, &state))
            }
        }
        return best
    }

    /// Every byte an escape starting at `pos` spells, with where it ends: `%HH`, `\uHHHH`
    /// (below 0x80), `\/`, `\\`, `\"` — and the same with their `%` or `\` itself escaped.
    private static func escapes(_ w: ByteWindow, _ pos: Int, depth: Int, into out: inout [(byte: UInt8, next: Int)], _ needMore: inout Bool)
    {
        guard let b = w.byte(pos, &needMore), b == UInt8(ascii: "%") || b == UInt8(ascii: "\\") else { return }
        var introducers: [(byte: UInt8, next: Int)] = [(b, pos + 1)]
        if depth < maxNesting {
            var inner: [(byte: UInt8, next: Int)] = []
            escapes(w, pos, depth: depth + 1, into: &inner, &needMore)
            introducers += inner.filter { $0.byte == UInt8(ascii: "%") || $0.byte == UInt8(ascii: "\\") }
        }
        for (introducer, p) in introducers {
            if introducer == UInt8(ascii: "%") {
                if let value = hexByte(w, p, &needMore) { out.append((value, p + 2)) }
                continue
            }
            guard let c = w.byte(p, &needMore) else { continue }
            switch c {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""):
                out.append((c, p + 1))
            case UInt8(ascii: "u"):
                if let high = hexByte(w, p + 1, &needMore), high == 0, let low = hexByte(w, p + 3, &needMore), low < 0x80 {
                    out.append((low, p + 5))
                }
            default:
                break
            }
        }
    }

    /// The byte two hex digits at `pos` spell, or nil.
    @inline(__always) private static func hexByte(_ w: ByteWindow, _ pos: Int, _ needMore: inout Bool) -> UInt8? {
        guard let a = w.byte(pos, &needMore).flatMap(hexValue), let b = w.byte(pos + 1, &needMore).flatMap(hexValue) else { return nil }
        return a << 4 | b
    }

    @inline(__always) private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    @inline(__always) static func fold(_ c: UInt8) -> UInt8 {
        c &- UInt8(ascii: "A") < 26 ? c | 0x20 : c
    }

    @inline(__always) private static func upper(_ c: UInt8) -> UInt8 {
        c &- UInt8(ascii: "a") < 26 ? c & ~0x20 : c
    }
}

/// Bytes held back from an earlier piece of a stream followed by the current piece, read
/// as one sequence.
struct ByteWindow {
    let head: UnsafeRawBufferPointer
    let body: UnsafeRawBufferPointer

    var count: Int { head.count + body.count }

    /// The byte at `i`, or nil past the end (noting that more bytes were wanted).
    @inline(__always) func byte(_ i: Int, _ wantedMore: inout Bool) -> UInt8? {
        if i < head.count { return head[i] }
        let j = i - head.count
        if j < body.count { return body[j] }
        wantedMore = true
        return nil
    }
}
