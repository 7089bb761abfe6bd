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

    static func select(_ selection: OverpassSelection, now: Date, in text: UnsafeRawBufferPointer,
                       release: ((Range<Int>) -> Void)? = nil, indexing builder: VenueIndexBuilder? = nil,
                       parallelFrom minimumBytes: Int = OverpassParallelScan.minimumBytes,
                       progress: ScanProgress? = nil) throws(JSONScanError) -> Result {
        let parts = [Part(selection, now: now, builder?.part(0)), Part(selection, now: now, builder?.part(1))]
        let (summary, usedSecond) = try OverpassParallelScan.scan(text, release: release, minimumBytes: minimumBytes, progress: progress,
                                                                  first: parts[0].take, second: parts[1].take)
        if !usedSecond { builder?.part(1).removeAll() }
        var judge = parts[0].judge
        var facts = parts[0].facts
        var pending = parts[0].pending
        if usedSecond {
            judge.merge(parts[1].judge)
            facts.box = [parts[0].facts.box, parts[1].facts.box].compactMap { $0 }.reduce(into: PositionBox()) { $0.add($1) }
            if facts.box?.isEmpty == true { facts.box = nil }
            facts.unplacedCount += parts[1].facts.unplacedCount
            facts.idsIncrease = facts.idsIncrease && parts[1].facts.idsIncrease
                && (0..<3).allSatisfy { parts[0].lastIDs[$0] < parts[1].firstIDs[$0] }
            pending += parts[1].pending
        }
        return Result(places: judge.collector.ranked(), total: judge.collector.total, facts: facts, pending: pending,
                      summary: summary, judge: judge)
    }

    /// Offers a place placed after the scan (from its members) to `result`'s judge and to
    /// the builder's last part; `element` is the place's element, read again.
    static func offerPlaced(_ element: borrowing ScannedElement, at position: (lat: Double, lon: Double),
                            to result: inout Result, builder: VenueIndexBuilder?) {
        let part = Part(result.judge, builder?.placedLater)
        part.place(element, at: position, derived: true)
        result.judge = part.judge
        result.places = part.judge.collector.ranked()
        result.total = part.judge.collector.total
        if let box = part.facts.box { result.facts.box = (result.facts.box ?? PositionBox()).adding(box) }
    }

    /// What one thread's share of the elements selects and indexes.
    private final class Part {
        var judge: PlaceJudge
        let entries: VenueIndexBuilder.Part?
        let categories = OSMCategoryMask.tables
        let texts = OSMPlaceTextReader()
        var text: [UInt8] = []
        var facts = ExtractFacts()
        var pending: [PendingPlace] = []
        /// The first and last id of each element type taken, for `ExtractFacts.idsIncrease`.
        var firstIDs = [Int64](repeating: .max, count: 3)
        var lastIDs = [Int64](repeating: .min, count: 3)
        private let readsText: Bool

        convenience init(_ selection: OverpassSelection, now: Date, _ entries: VenueIndexBuilder.Part?) {
            self.init(PlaceJudge(selection, now: now), entries)
        }

        init(_ judge: PlaceJudge, _ entries: VenueIndexBuilder.Part?) {
            self.judge = judge
            self.entries = entries
            readsText = entries != nil || judge.readsText
            text.reserveCapacity(256)
        }

        func take(_ element: borrowing ScannedElement) {
            guard element.makesVenue, let position = element.position else {
                if element.position == nil, element.isNamedPlace {
                    if element.nodesStart >= 0 || element.membersStart >= 0 {
                        pending.append(PendingPlace(element))
                    } else {
                        facts.unplacedCount += 1
                    }
                }
                return
            }
            place(element, at: position, derived: false)
        }

        func place(_ element: borrowing ScannedElement, at position: (lat: Double, lon: Double), derived: Bool) {
            let kind = Int(element.kind.rawValue)
            if element.id <= lastIDs[kind] { facts.idsIncrease = false }
            if firstIDs[kind] == .max { firstIDs[kind] = element.id }
            lastIDs[kind] = element.id
            let mask = categories.of(element)
            text.removeAll(keepingCapacity: true)
            if readsText { texts.append(element, to: &text) }
            if facts.box == nil { facts.box = PositionBox() }
            facts.box!.add(latitude: position.lat, longitude: position.lon)
            let candidate = PlaceJudge.Candidate(kind: element.kind.rawValue, id: element.id, latitude: position.lat, longitude: position.lon,
                                                 mask: mask, hasOpeningHours: element.token(.openingHours) != nil,
                                                 offset: UInt64(element.offset), derived: derived)
            let placedAt: (lat: Double, lon: Double)? = derived ? position : nil
            text.withUnsafeBytes { bytes in
                entries?.add(element, position: position, mask: mask, derived: derived, text: bytes)
                let record = judge.readsText ? OSMSearchText.Record(bytes) : nil
                judge.offer(candidate, record: record) { element.venue(placedAt: placedAt) }
            }
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
