/// Pieces of keys: a run of `length` or more consecutive characters of a key, in any letter
/// case, is a secret as much as the whole key (a server that echoes a key's first 16
/// characters in an error gives away 16 characters of it). Pieces are looked for in the
/// key's plain text and in the forms standard encoders make of a key: percent-encoding of
/// the bytes outside `A-Z a-z 0-9 - . _ ~` (in either hex case), and JSON's `\/`, `\"`,
/// `\\`. The rarer forms (every byte escaped, `\u` escapes, an escape inside an escape, forms
/// mixed in one echo) are matched for the whole key only, by `SecretMatcher`. Keys shorter
/// than `length` have no pieces.
///
/// Finding them costs one 4-byte load every 9 bytes: any run of 12 bytes holds a 4-byte
/// gram starting at a multiple of 9, so a filter of the keys' grams tested there finds
/// every piece; a hit is checked, then grown byte by byte both ways.
struct SecretPieces: Sendable {
    /// How many consecutive characters of a key make a secret.
    static let length = 12
    private static let gram = 4
    private static let stride = length - gram + 1
    private static let filterBits = 14

    /// Every form a piece is looked for in, ASCII letters folded to lower case, one after
    /// another (flat, so that the hot paths touch no nested array).
    private let text: [UInt8]
    /// A bit per hash of a form's 4-byte grams.
    private let filter: [UInt64]
    /// Every gram of every form, ordered by hash: those with hash `h` are
    /// `grams[firstGram[h]..<firstGram[h + 1]]`.
    private let grams: [Gram]
    private let firstGram: [Int32]
    /// Every byte of every form, ordered by value: those with value `b` are
    /// `places[firstPlace[b]..<firstPlace[b + 1]]`.
    private let places: [Place]
    private let firstPlace: [Int32]
    /// The longest form.
    let longest: Int

    /// A byte of a form in `text`, and where that form begins and ends.
    private struct Place: Sendable {
        let at: Int32
        let begin: Int32
        let end: Int32
    }

    private struct Gram: Sendable {
        let value: UInt32
        let place: Place
    }

    /// The pieces of `secrets` (each trimmed; one with a blank inside, like `Bearer KEY`,
    /// has the pieces of its other forms only).
    init(secrets: [String]) {
        var forms: [[UInt8]] = []
        for secret in secrets {
            let key = Array(Array(Array(secret.utf8).drop(while: { $0 <= 0x20 }).reversed()).drop(while: { $0 <= 0x20 }).reversed())
            guard key.count >= Self.length, !key.contains(where: { $0 <= 0x20 }) else { continue }
            for form in Self.encodedForms(key) where !forms.contains(form) {
                forms.append(form)
            }
        }
        var text: [UInt8] = []
        var grams: [Gram] = []
        var places: [Place] = []
        for form in forms {
            let begin = text.count
            text += form
            for k in 0..<form.count {
                places.append(Place(at: Int32(begin + k), begin: Int32(begin), end: Int32(text.count)))
            }
            for k in 0...(form.count - Self.gram) {
                let value = form.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: k, as: UInt32.self) }
                grams.append(Gram(value: value, place: places[begin + k]))
            }
        }
        var filter = [UInt64](repeating: 0, count: (1 << Self.filterBits) / 64)
        for gram in grams {
            let h = Self.hash(gram.value)
            filter[h >> 6] |= 1 << UInt64(h & 63)
        }
        grams.sort { Self.hash($0.value) < Self.hash($1.value) }
        places.sort { text[Int($0.at)] < text[Int($1.at)] }
        self.text = text
        self.filter = filter
        self.grams = grams
        self.firstGram = Self.firsts(of: grams.map { Self.hash($0.value) }, count: 1 << Self.filterBits)
        self.places = places
        self.firstPlace = Self.firsts(of: places.map { Int(text[Int($0.at)]) }, count: 256)
        self.longest = forms.map(\.count).max() ?? 0
    }

    /// For sorted `keys`, where each key's run begins (and, at `count`, where the last ends).
    private static func firsts(of keys: [Int], count: Int) -> [Int32] {
        var firsts = [Int32](repeating: 0, count: count + 1)
        for key in keys { firsts[key + 1] += 1 }
        for i in 0..<count { firsts[i + 1] += firsts[i] }
        return firsts
    }

    var isEmpty: Bool { text.isEmpty }

    /// The key's plain text and its usual encodings, folded.
    private static func encodedForms(_ key: [UInt8]) -> [[UInt8]] {
        let hex = Array("0123456789abcdef".utf8)
        var percent: [UInt8] = []
        var json: [UInt8] = []
        for byte in key {
            let fixed =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            if fixed { percent.append(byte) } else { percent += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { json.append(UInt8(ascii: "\\")) }
            json.append(byte)
        }
        return [key, percent, json].map { $0.map(SecretMatcher.fold) }
    }

    /// The end of the longest piece that starts at `start`, or nil.
    func end(in w: ByteWindow, at start: Int) -> Int? {
        var unused = false
        guard let first = w.byte(start, &unused) else { return nil }
        let b = Int(SecretMatcher.fold(first))
        var best: Int?
        text.withUnsafeBufferPointer { text in
            places.withUnsafeBufferPointer { places in
                for place in places[Int(firstPlace[b])..<Int(firstPlace[b + 1])] {
                    var e = start + 1, k = Int(place.at) + 1
                    while k < Int(place.end), let c = w.byte(e, &unused), SecretMatcher.fold(c) == text[k] {
                        e += 1
                        k += 1
                    }
                    if e - start >= Self.length, e > (best ?? 0) { best = e }
                }
            }
        }
        return best
    }

    /// The starts of the pieces seen at the next sampled position in `sample..<before` that
    /// holds one (ascending; empty when none does). Advances `sample` past that position.
    /// A start may lie before `sample`: a piece is grown back from where it was seen.
    func nextStarts(in w: ByteWindow, sample: inout Int, before: Int) -> [Int] {
        let last = min(before, w.count - Self.gram + 1)
        let head = w.head.count
        return filter.withUnsafeBufferPointer { bits in
            // The few held bytes before the current piece, gathered one at a time.
            while sample < head, sample < last {
                var unused = false
                // Unwrap justified: sample < last ≤ w.count - gram + 1, so the gram is inside the window.
                let bytes = (0..<Self.gram).map { w.byte(sample + $0, &unused)! }
                let value = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let at = sample
                sample += Self.stride
                let starts = verified(Self.fold4(value), at: at, in: w, bits)
                if !starts.isEmpty { return starts }
            }
            // The hot loop: one load, fold, hash and test per 9 bytes.
            guard let base = w.body.baseAddress else { return [] }
            while sample < last {
                let value = Self.fold4(base.loadUnaligned(fromByteOffset: sample - head, as: UInt32.self))
                let h = Self.hash(value)
                if bits[h >> 6] & (1 << UInt64(h & 63)) != 0 {
                    let starts = verified(value, at: sample, in: w, bits)
                    if !starts.isEmpty {
                        sample += Self.stride
                        return starts
                    }
                }
                sample += Self.stride
            }
            return []
        }
    }

    /// Every piece starting before this position has been seen once the samples before
    /// `sample` were tested (a piece is seen at the first sample inside it, at most
    /// `stride - 1` bytes after its start); the whole window once no sample is left.
    func seenBefore(sample: Int, in w: ByteWindow) -> Int {
        sample > w.count - Self.gram ? w.count : max(0, sample - Self.stride + 1)
    }

    /// The pieces through the gram `value` at `at`, grown back to their starts.
    private func verified(_ value: UInt32, at: Int, in w: ByteWindow, _ bits: UnsafeBufferPointer<UInt64>) -> [Int] {
        let h = Self.hash(value)
        guard bits[h >> 6] & (1 << UInt64(h & 63)) != 0 else { return [] }
        var starts: [Int] = []
        var unused = false
        text.withUnsafeBufferPointer { text in
            grams.withUnsafeBufferPointer { grams in
                for gram in grams[Int(firstGram[h])..<Int(firstGram[h + 1])] where gram.value == value {
                    let place = gram.place
                    var s = at, k = Int(place.at)
                    // Unwrap justified: 0 < s ≤ at < w.count, so the byte before s is inside the window.
                    while k > Int(place.begin), s > 0, SecretMatcher.fold(w.byte(s - 1, &unused)!) == text[k - 1] {
                        s -= 1
                        k -= 1
                    }
                    var e = at + Self.gram, ke = Int(place.at) + Self.gram
                    while ke < Int(place.end), let c = w.byte(e, &unused), SecretMatcher.fold(c) == text[ke] {
                        e += 1
                        ke += 1
                    }
                    if e - s >= Self.length, !starts.contains(s) { starts.append(s) }
                }
            }
        }
        return starts.sorted()
    }

    /// Where the bytes that end the window start to be a part of a form that more bytes
    /// could continue into a piece (`w.count` if they are not): what a stream holds back.
    func tailStart(in w: ByteWindow, notBefore lower: Int) -> Int {
        let count = w.count
        var unused = false
        let from = max(lower, count - longest + 1)
        guard from < count else { return count }
        func placesOf(_ i: Int) -> ArraySlice<Place> {
            // Unwrap justified: callers pass from ≤ i < count (= w.count), inside the window.
            let b = Int(SecretMatcher.fold(w.byte(i, &unused)!))
            return places[Int(firstPlace[b])..<Int(firstPlace[b + 1])]
        }
        guard !placesOf(count - 1).isEmpty else { return count }
        for t in from..<count {
            for place in placesOf(t) where Int(place.at) + (count - t) < Int(place.end) {
                var j = 1
                // Unwrap justified: t + j < count (= w.count), inside the window.
                while t + j < count, SecretMatcher.fold(w.byte(t + j, &unused)!) == text[Int(place.at) + j] { j += 1 }
                if t + j == count { return t }
            }
        }
        return count
    }

    /// Four bytes with their ASCII capitals made small, at once.
    @inline(__always) static func fold4(_ x: UInt32) -> UInt32 {
        let low = x & 0x7F7F_7F7F
        let fromA = low &+ 0x3F3F_3F3F  // high bit set where a byte is >= "A"
        let pastZ = low &+ 0x2525_2525  // high bit set where a byte is > "Z"
        let capitals = fromA & ~pastZ & ~x & 0x8080_8080
        return x | (capitals >> 2)
    }

    @inline(__always) private static func hash(_ value: UInt32) -> Int {
        Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> UInt32(32 - filterBits))
    }
}
