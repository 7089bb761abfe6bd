import Foundation

/// Answers a selection from the source file itself, in one pass of the scanner (two
/// threads on a large file): each thread judges its share of the places (`PlaceJudge`),
/// keeping only what the answer can use, and feeds every place to an index builder on the
/// way when one is given. Venues are built afterwards, for the places kept.
enum OverpassExtractScan {
    /// What a scan found.
    struct Result {
        /// The places kept, best first.
        var places: [RankedPlace]
        /// How many places passed, when counted.
        var total: Int?
        /// The box of the places, and the named elements that could not be placed.
        var facts: ExtractFacts
        /// Named elements with no position of their own but members that may place them.
        var pending: [PendingPlace]
        var summary: OverpassScanner.Summary
        /// The judge that kept `places`, for places offered after the scan.
        var judge: PlaceJudge
    }

    static func select(
        _ selection: OverpassSelection, now: Date, in text: UnsafeRawBufferPointer,
        release: ((Range<Int>) -> Void)? = nil, indexing builder: VenueIndexBuilder? = nil,
        parallelFrom minimumBytes: Int = OverpassParallelScan.minimumBytes,
        progress: ScanProgress? = nil
    ) throws(JSONScanError) -> Result {
        try select(selection, now: now, indexing: builder) { first, second throws(JSONScanError) in
            try OverpassParallelScan.scan(
                text, release: release, minimumBytes: minimumBytes, progress: progress, first: first, second: second)
        }
    }

    /// The same, from elements another reader hands over (a PBF file's blocks, on two
    /// threads): `read` gives the elements in file order to `first` up to a point and to
    /// `second` after it (each called from one thread only), and says whether it used
    /// `second` at all.
    static func select<Failure: Error>(
        _ selection: OverpassSelection, now: Date, indexing builder: VenueIndexBuilder?,
        reading read: (_ first: (borrowing ScannedElement) -> Void, _ second: (borrowing ScannedElement) -> Void)
            throws(Failure) -> (summary: OverpassScanner.Summary, usedSecond: Bool)
    ) throws(Failure) -> Result {
        let parts = [Part(selection, now: now, builder?.part(0)), Part(selection, now: now, builder?.part(1))]
        let (summary, usedSecond) = try read(parts[0].take, parts[1].take)
        if !usedSecond { builder?.part(1).removeAll() }
        var judge = parts[0].judge
        var facts = parts[0].allFacts
        var pending = parts[0].pending
        if usedSecond {
            judge.merge(parts[1].judge)
            let second = parts[1].allFacts
            if let box = second.box { facts.box = (facts.box ?? PositionBox()).adding(box) }
            facts.unplacedCount += second.unplacedCount
            facts.droppedCount += second.droppedCount
            facts.idsIncrease =
                facts.idsIncrease && second.idsIncrease
                && (0..<3).allSatisfy { parts[0].last($0) < parts[1].first($0) }
            pending += parts[1].pending
        }
        return Result(
            places: judge.collector.ranked(), total: judge.collector.total, facts: facts, pending: pending,
            summary: summary, judge: judge)
    }

    /// Offers a place placed after the scan (from its members) to `result`'s judge and to
    /// the builder's last part; `element` is the place's element, read again.
    static func offerPlaced(
        _ element: borrowing ScannedElement, at position: (lat: Double, lon: Double),
        to result: inout Result, builder: VenueIndexBuilder?
    ) {
        offerPlaced(to: &result, builder: builder) { offer in offer(element, position) }
    }

    /// Offers many places placed after the scan at once: `each` calls `offer` with each
    /// place's element and position.
    static func offerPlaced(
        to result: inout Result, builder: VenueIndexBuilder?,
        _ each: (_ offer: (borrowing ScannedElement, (lat: Double, lon: Double)) -> Void) -> Void
    ) {
        let part = Part(result.judge, builder?.placedLater)
        each { element, position in part.place(element, at: position, derived: true) }
        result.judge = part.judge
        result.places = part.judge.collector.ranked()
        result.total = part.judge.collector.total
        if let box = part.allFacts.box { result.facts.box = (result.facts.box ?? PositionBox()).adding(box) }
    }

    /// What one thread's share of the elements selects and indexes. (Its properties are
    /// touched by its own thread only: no exclusivity checks on the hot path.)
    private final class Part {
        @exclusivity(unchecked) var judge: PlaceJudge
        let entries: VenueIndexBuilder.Part?
        let categories = OSMCategoryMask.tables
        let texts = OSMPlaceTextReader()
        @exclusivity(unchecked) var text: [UInt8] = []
        @exclusivity(unchecked) var facts = ExtractFacts()
        @exclusivity(unchecked) var box = PositionBox()
        @exclusivity(unchecked) var pending: [PendingPlace] = []
        /// The first and last id of each element type taken, for `ExtractFacts.idsIncrease`.
        @exclusivity(unchecked) var firstIDs: (Int64, Int64, Int64) = (.max, .max, .max)
        @exclusivity(unchecked) var lastIDs: (Int64, Int64, Int64) = (.min, .min, .min)
        private let readsText: Bool
        private let judgesText: Bool

        convenience init(_ selection: OverpassSelection, now: Date, _ entries: VenueIndexBuilder.Part?) {
            self.init(PlaceJudge(selection, now: now), entries)
        }

        init(_ judge: PlaceJudge, _ entries: VenueIndexBuilder.Part?) {
            self.judge = judge
            self.entries = entries
            judgesText = judge.readsText
            readsText = entries?.keepsTexts == true || judgesText
            text.reserveCapacity(256)
        }

        /// The facts of this share: the box of its places with the rest.
        var allFacts: ExtractFacts {
            var all = facts
            all.box = box.isEmpty ? nil : box
            return all
        }

        func first(_ kind: Int) -> Int64 { [firstIDs.0, firstIDs.1, firstIDs.2][kind] }
        func last(_ kind: Int) -> Int64 { [lastIDs.0, lastIDs.1, lastIDs.2][kind] }

        func take(_ element: borrowing ScannedElement) {
            guard element.makesVenue, let position = element.position else {
                if element.position == nil, element.isNamedPlace {
                    if element.nodesStart >= 0 || element.membersStart >= 0 {
                        pending.append(PendingPlace(element))
                    } else {
                        facts.unplacedCount += 1
                    }
                } else if element.isDroppedPlace {
                    facts.droppedCount += 1
                }
                return
            }
            place(element, at: position, derived: false)
        }

        func place(_ element: borrowing ScannedElement, at position: (lat: Double, lon: Double), derived: Bool) {
            noteID(element.kind, element.id)
            let mask = categories.of(element)
            box.add(latitude: position.lat, longitude: position.lon)
            let candidate = PlaceJudge.Candidate(
                kind: element.kind.rawValue, id: element.id, latitude: position.lat, longitude: position.lon,
                mask: mask, hasOpeningHours: element.token(.openingHours) != nil,
                offset: UInt64(element.offset), derived: derived)
            var pending: PlaceJudge.Pending?
            if readsText {
                text.removeAll(keepingCapacity: true)
                texts.append(element, mask: mask, to: &text)
                text.withUnsafeBytes { bytes in
                    entries?.add(element, position: position, mask: mask, derived: derived, text: bytes)
                    pending = judge.offer(candidate, record: judgesText ? OSMSearchText.Record(bytes) : nil)
                }
            } else {
                entries?.add(element, position: position, mask: mask, derived: derived, text: UnsafeRawBufferPointer(start: nil, count: 0))
                pending = judge.offer(candidate, record: nil)
            }
            if let pending { judge.decide(pending, venue: element.venue(placedAt: derived ? position : nil)) }
        }

        @inline(__always) private func noteID(_ kind: ScannedElement.Kind, _ id: Int64) {
            switch kind {
            case .node: note(&firstIDs.0, &lastIDs.0, id)
            case .way: note(&firstIDs.1, &lastIDs.1, id)
            case .relation: note(&firstIDs.2, &lastIDs.2, id)
            case .other: break
            }
        }

        @inline(__always) private func note(_ first: inout Int64, _ last: inout Int64, _ id: Int64) {
            if id <= last { facts.idsIncrease = false }
            if first == .max { first = id }
            last = id
        }
    }
}

extension PositionBox {
    func adding(_ other: PositionBox) -> PositionBox {
        var box = self
        box.add(other)
        return box
    }
}
