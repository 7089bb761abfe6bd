import PlacesSupport

/// How far two venue names agree, judged on their `VenueNameKey`s; stronger cases compare greater.
///
/// - `same`: the identifying words are the same ("Café Sävy" / "SAVY").
/// - `contained`: the shorter name is a run of whole words of the longer, as with a branch or
///   district added ("Hanko Sushi" / "HANKO SUSHI Kamppi"); a name under 4 letters only at the
///   start ("H&M" / "H&M Kamppi").
/// - `respelled`: a few letters differ (one per six letters of the shorter name, at least one,
///   at most three; names of 5 letters or more), on the whole names or on the longer one's
///   leading words ("Roberts Coffee" / "Robert's Cofee Kamppi").
/// - `none`: otherwise, and always when both names state a kind and the kinds differ
///   ("Cafe Aalto" / "Ravintola Aalto") or both carry numbers and they differ ("Aleksi 13" / "Aleksi 15").
enum NameAgreement: Int, Sendable, Comparable {
    case none, respelled, contained, same

    /// The shortest identifying name that may be found anywhere inside a longer one...
    static let minimumContainedLetters = 4
    /// ...and at its start.
    static let minimumPrefixLetters = 2
    /// The shortest names compared letter by letter.
    static let minimumRespelledLetters = 5

    static func < (a: NameAgreement, b: NameAgreement) -> Bool { a.rawValue < b.rawValue }

    init(_ a: VenueNameKey, _ b: VenueNameKey) {
        guard !a.compact.isEmpty, !b.compact.isEmpty else { self = .none; return }
        if !a.kinds.isEmpty, !b.kinds.isEmpty, a.kinds.isDisjoint(with: b.kinds) { self = .none; return }
        if !a.numbers.isEmpty, !b.numbers.isEmpty, a.numbers != b.numbers { self = .none; return }
        if a.compact == b.compact { self = .same; return }
        let (short, long) = a.letterCount <= b.letterCount ? (a, b) : (b, a)
        if short.letterCount >= Self.minimumPrefixLetters, long.compact.contains(short.compact),
            Self.isRun(short.compact, of: long, anywhere: short.letterCount >= Self.minimumContainedLetters)
        {
            self = .contained
            return
        }
        if short.letterCount >= Self.minimumRespelledLetters {
            let allowed = Self.allowedEdits(forLetters: short.letterCount)
            if long.letterCount - short.letterCount <= allowed,
                (short.letterSet ^ long.letterSet).nonzeroBitCount <= 2 * allowed,
                Suggestion.distance(short.letters, long.letters, limit: allowed) <= allowed
            {
                self = .respelled
                return
            }
            // Letters of the shorter name found nowhere in the longer cannot be in its leading words.
            if long.words.count > short.words.count, (short.letterSet & ~long.letterSet).nonzeroBitCount <= 2 * allowed {
                let leadingCount = long.words[0..<short.words.count].reduce(0) { $0 + $1.unicodeScalars.count }
                if abs(leadingCount - short.letterCount) <= allowed,
                    Suggestion.distance(short.letters, long.leadingLetters(words: short.words.count), limit: allowed) <= allowed
                {
                    self = .respelled
                    return
                }
            }
        }
        self = .none
    }

    /// Letters that may differ between two spellings of a name this long.
    static func allowedEdits(forLetters letters: Int) -> Int {
        min(3, max(1, letters / 6))
    }

    /// The letters of the shorter name both agree on: what the distance limit is measured from.
    static func sharedLetters(_ a: VenueNameKey, _ b: VenueNameKey) -> Int {
        min(a.letterCount, b.letterCount)
    }

    /// Whether `text` is the compact form of a run of whole words of `key`, shorter than all of
    /// them: anywhere in it, or only at its start.
    private static func isRun(_ text: String, of key: VenueNameKey, anywhere: Bool) -> Bool {
        let n = key.words.count
        for start in 0..<(anywhere ? n : min(n, 1)) {
            var joined = ""
            for end in (start + 1)...n {
                joined += key.words[end - 1]
                if joined.utf8.count > text.utf8.count { break }
                if joined == text, end - start < n { return true }
            }
        }
        return false
    }
}
