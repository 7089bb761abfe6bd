import PlacesModel

/// Every number the venue merge uses, in one place (docs/merging.md explains them).
///
/// How far apart two providers may put one place depends on how sure the names make us:
/// a long specific name ("Hilton Helsinki Strand") is one place even 200 m apart (a big
/// building, an entrance against a centroid); a short name ("Pupu") is not, and neither is a
/// chain's, which names every branch alike. The numbers were checked on the synthetic world
/// of `VenueMergeAccuracyTests`, where each provider moves each place 5–60 m (so one place's
/// venues are up to 120 m apart, 98.6 % of them within 100 m).
enum MatchThresholds {
    /// The limit for names of `shortNameLetters` letters or fewer.
    static let shortNameMeters = 75.0
    static let shortNameLetters = 4
    /// The limit for names of up to `specificNameLetters` letters ("Subway": two of them
    /// 150 m apart are two places).
    static let ordinaryNameMeters = 100.0
    /// From this many letters on, each further letter adds `metersPerExtraLetter`...
    static let specificNameLetters = 8
    static let metersPerExtraLetter = 12.5
    /// ...up to this (reached at 20 letters).
    static let longestNameMeters = 250.0
    /// A chain's name (`ChainEvidence`) says nothing about which branch it is: however long,
    /// it never gets more than this.
    static let chainMeters = 100.0
    /// Parks, hospitals and attractions are areas whose point differs most between providers.
    static let areaFactor = 2.0
    static let areaCategories: Set<PlaceCategory> = [.park, .hospital, .attraction]
    /// Two groups are joined only if every pair across them is within this many times its own limit
    /// (and agrees on name and category): no chaining A~B, B~C into A~C when A and C disagree.
    static let linkageFactor = 1.5

    /// The distance limit for two venues whose names share `letters` letters.
    static func limitMeters(sharedLetters letters: Int, chain: Bool, area: Bool) -> Double {
        var limit: Double
        if letters <= shortNameLetters {
            limit = shortNameMeters
        } else if letters <= specificNameLetters {
            limit = ordinaryNameMeters
        } else {
            limit = min(longestNameMeters, ordinaryNameMeters + metersPerExtraLetter * Double(letters - specificNameLetters))
        }
        if chain { limit = min(limit, chainMeters) }
        if area { limit *= areaFactor }
        return limit
    }

    /// How good a candidate pair is, for the order in which pairs are taken: the name's
    /// agreement first, the categories' next, then how much of its limit the distance uses.
    static func score(name: NameAgreement, category: CategoryAgreement, meters: Double, limit: Double) -> Double {
        nameWeight[name.rawValue] + categoryWeight[category.rawValue] - distanceWeight * meters / limit
    }

    /// By `NameAgreement.rawValue`: none, respelled, contained, same.
    private static let nameWeight = [0.0, 0.8, 0.9, 1.0]
    /// By `CategoryAgreement.rawValue`: conflicting, unknown, compatible, same.
    private static let categoryWeight = [0.0, 0.0, 0.05, 0.1]
    private static let distanceWeight = 0.5
}
