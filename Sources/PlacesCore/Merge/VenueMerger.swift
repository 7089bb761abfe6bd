import PlacesGeodesy
import PlacesModel

/// Merges what several providers answered into one record per place (issue 16; docs/merging.md).
///
/// Every pair of venues from two different providers that may be one place (`PairVerdict`)
/// is a candidate. Candidates are taken best first, in one global order: score, then the
/// shorter distance, then the earlier venue in provider order (answer, then position in
/// it) on the first side, then on the second. Taking a candidate joins the two venues'
/// groups when (a) no provider would then have two venues in the group, and (b) every
/// other pair across the two groups could also be one place, with distance limits
/// stretched by `MatchThresholds.linkageFactor`. Greedy best-first with a global sort gives
/// each venue its best partner unless a better pair already claimed it, is
/// deterministic, and with at most one venue per provider a group never grows by chaining.
///
/// Nothing depends on dictionary or set order: the same answers give the same records.
enum VenueMerger {
    /// One record per place, for answers given one per provider in the order the user named
    /// them. Records come in the order of their first venue: the first answer's places in its
    /// order, then places only later answers have. A venue repeated in one answer (same id)
    /// counts once; two venues of one provider are never merged.
    static func merge(_ answers: [[Venue]]) -> [MergedVenue] {
        groups(answers).map { MergedVenue(members: $0.map(\.venue)) }
    }

    /// The entries judged to be one place, each group in provider order, groups in the
    /// order of their first entry.
    static func groups(_ answers: [[Venue]]) -> [[MergeEntry]] {
        let entries = prepare(answers)
        var groupOf = Array(entries.indices)
        var members = entries.indices.map { [$0] }

        for candidate in candidates(entries) {
            let ga = groupOf[candidate.a], gb = groupOf[candidate.b]
            guard ga != gb, canJoin(members[ga], members[gb], entries, taken: candidate) else { continue }
            for index in members[gb] { groupOf[index] = ga }
            members[ga] += members[gb]
            members[gb] = []
        }
        return members.filter { !$0.isEmpty }
            .map { $0.sorted().map { entries[$0] } }
            .sorted { MergeEntry.precedes($0[0], $1[0]) }
    }

    /// All answers' venues in provider order (repeated ids dropped), chains marked.
    static func prepare(_ answers: [[Venue]]) -> [MergeEntry] {
        var all: [MergeEntry] = []
        for (source, venues) in answers.enumerated() {
            var seen = Set<PlaceID>()
            var entries: [MergeEntry] = []
            for (position, venue) in venues.enumerated() where seen.insert(venue.id).inserted {
                entries.append(MergeEntry(venue: venue, source: source, position: position))
            }
            ChainEvidence.mark(&entries)
            all += entries
        }
        return all
    }

    struct Candidate {
        let a: Int
        let b: Int
        let verdict: PairVerdict
    }

    /// Every pair that may be one place, best first (see the type's comment for the order).
    /// Entries are in provider order, so `a < b` also orders the sides.
    static func candidates(_ entries: [MergeEntry]) -> [Candidate] {
        var result: [Candidate] = []
        for a in entries.indices {
            // No pair with `a` has a longer limit than its own name's letters allow.
            func box(area: Bool) -> GeodesicBounds {
                let reach = MatchThresholds.limitMeters(sharedLetters: entries[a].name.letterCount, chain: entries[a].isChain, area: area)
                return GeodesicBounds(center: entries[a].venue.coordinate, radius: reach)
            }
            let plain = box(area: entries[a].isArea), area = box(area: true)
            for b in (a + 1)..<entries.count where entries[b].source != entries[a].source {
                let c = entries[b].venue.coordinate
                guard (entries[b].isArea ? area : plain).contains(latitude: c.latitude, longitude: c.longitude),
                    let verdict = PairVerdict(entries[a], entries[b])
                else { continue }
                result.append(Candidate(a: a, b: b, verdict: verdict))
            }
        }
        return result.sorted { x, y in
            if x.verdict.score != y.verdict.score { return x.verdict.score > y.verdict.score }
            if x.verdict.meters != y.verdict.meters { return x.verdict.meters < y.verdict.meters }
            return (x.a, x.b) < (y.a, y.b)
        }
    }

    /// Whether two groups can become one: no provider twice, and every pair across them
    /// (other than the one being taken) a possible match with stretched limits.
    static func canJoin(_ x: [Int], _ y: [Int], _ entries: [MergeEntry], taken: Candidate) -> Bool {
        for i in x {
            for j in y {
                if entries[i].source == entries[j].source || entries[i].venue.provider == entries[j].venue.provider { return false }
            }
        }
        for i in x {
            for j in y where !(min(i, j) == taken.a && max(i, j) == taken.b) {
                if PairVerdict(entries[i], entries[j], slack: MatchThresholds.linkageFactor) == nil { return false }
            }
        }
        return true
    }
}
