/// Chains are known by their names appearing more than once in one provider's answer,
/// not from a list of brands: two "Subway"s, or "Hanko Sushi Kamppi" and "Hanko Sushi Kluuvi".
///
/// Two venues of one answer are siblings (branches of one chain) when their categories do
/// not conflict and their names agree (`NameAgreement` other than `none`) or begin with the
/// same words of 4 letters or more ("Scandic Park", "Scandic Simonkenttä"). A chain's name,
/// however long, says nothing about which branch a venue is, so it does not earn the longer
/// distance limit of a specific name (`MatchThresholds.chainMeters`).
enum ChainEvidence {
    /// The leading words' letters two names must share to be siblings.
    static let minimumStemLetters = 4

    /// Sets `isChain` on every entry of one answer that has a sibling in it.
    static func mark(_ entries: inout [MergeEntry]) {
        for i in entries.indices {
            for j in entries.indices where j > i && !(entries[i].isChain && entries[j].isChain) {
                if areSiblings(entries[i], entries[j]) {
                    entries[i].isChain = true
                    entries[j].isChain = true
                }
            }
        }
    }

    static func areSiblings(_ a: MergeEntry, _ b: MergeEntry) -> Bool {
        areSiblings(a.name, b.name) && CategoryAgreement(a.categories, b.categories) != .conflicting
    }

    static func areSiblings(_ a: VenueNameKey, _ b: VenueNameKey) -> Bool {
        if NameAgreement(a, b) != .none { return true }
        var letters = 0
        for (x, y) in zip(a.words, b.words) {
            guard x == y else { break }
            letters += x.count
            if letters >= minimumStemLetters { return true }
        }
        return false
    }
}
