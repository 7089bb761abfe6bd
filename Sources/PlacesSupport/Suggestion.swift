/// "Did you mean ...?" suggestions by edit distance, shared by flags, commands and names.
package enum Suggestion {
    /// The candidate closest to `word`, if it is a plausible typo (distance ≤ 2, or ≤ 1/3 of the length).
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased().unicodeScalars), limit: 3)
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        let allowed = max(1, min(2, target.count / 3))
        if d <= allowed { return candidate }
        // A prefix is a plausible abbreviation: --rad for --radius.
        if target.count >= 3, candidate.lowercased().hasPrefix(word.lowercased()) { return candidate }
        return nil
    }

    /// Levenshtein distance with transpositions counted as one edit, cut off above `limit`.
    package static func distance<T: Equatable>(_ a: [T], _ b: [T], limit: Int = .max) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMin = min(rowMin, value)
            }
            if rowMin > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
