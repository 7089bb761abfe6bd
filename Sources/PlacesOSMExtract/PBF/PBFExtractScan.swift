import Foundation
import PlacesModel

/// Answers a selection from a PBF file itself, writing its index on the way when given a
/// builder. Each block is inflated once, on two threads (each with its own judge and index
/// part, as `OverpassExtractScan` runs the JSON scan); the nodes that are places are judged
/// and indexed as they come, the ways and relations that are places once their members
/// have placed them (`PBFMemberPlacement`), in file order.
///
/// In a file sorted by type (`PBFTypeOrder`), the relations are read first, then the ways,
/// so that reading the nodes last finds the locations of just the nodes those ways and
/// relations need: one pass. A file in any other order is read as it comes, and the blocks
/// holding the members are read again.
///
/// A file's places are its named nodes, ways and relations with an amenity, shop, tourism,
/// leisure or healthcare tag: what the online provider asks Overpass for.
enum PBFExtractScan {
    typealias Result = OverpassExtractScan.Result

    static func select(
        _ selection: OverpassSelection, now: Date, in file: UnsafeRawBufferPointer,
        release: ((Range<Int>) -> Void)? = nil, indexing builder: VenueIndexBuilder? = nil,
        parallelFrom minimumBytes: Int = PBFTwoThreads.minimumBytes,
        progress: (@Sendable (ExtractProgress) -> Void)? = nil,
        records: PBFVenueRecordsBuilder? = nil
    ) throws(PBFError) -> Result {
        let blocks = try PBFFileBlock.blocks(in: file, release: release)
        let data = blocks.filter { $0.kind == .data }
        let order = try firstLook(blocks, data: data, in: file)
        // The blocks the first look read (the header, a dozen of the bisection's) go too;
        // each block's pages come back when it is read, and go once it is done.
        release?(0..<file.count)
        let reading = progress.map { ScanProgress(phase: .reading, total: file.count, report: $0) }
        let scan = Scan(
            selection: selection, now: now, file: file, release: release, builder: builder, minimumBytes: minimumBytes, reading: reading,
            progress: progress, records: records, budget: PBFMemoryBudget(fileBytes: file.count))
        if let tail = try scan.readTail(
            Array(data[order.firstWayBlock..<order.firstRelationBlock]),
            relations: Array(data[order.firstRelationBlock...]))
        {
            return try scan.readNodes(Array(data[..<order.firstWayBlock]), after: tail)
        }
        return try scan.readInFileOrder(data)
    }

    /// Checks the header blocks' features and finds where the ways and relations begin, with
    /// a block reader of its own, let go (its tables and buffer with it) before the readings
    /// take their own.
    private static func firstLook(
        _ blocks: [PBFFileBlock], data: [PBFFileBlock], in file: UnsafeRawBufferPointer
    ) throws(PBFError) -> PBFTypeOrder {
        let probe = PBFBlockReader(file: file)
        for block in blocks where block.kind == .header {
            do {
                try PBFHeaderBlock.check(try PBFBlob.data(of: block, in: file, inflater: probe.inflater))
            } catch {
                throw error.inBlock(at: block.offset)
            }
        }
        return try PBFTypeOrder(data, reader: probe)
    }

    /// One query's reading of one file.
    private struct Scan {
        let selection: OverpassSelection
        let now: Date
        let file: UnsafeRawBufferPointer
        let release: ((Range<Int>) -> Void)?
        let builder: VenueIndexBuilder?
        let minimumBytes: Int
        let reading: ScanProgress?
        let progress: (@Sendable (ExtractProgress) -> Void)?
        /// The venue records of the places, collected when an index is written.
        let records: PBFVenueRecordsBuilder?
        /// What the readings may keep, all together.
        let budget: PBFMemoryBudget

        /// The ways and relations of a file sorted by type, read before its nodes.
        struct Tail {
            var pending: PBFPendingPlaces
            var summaries: [PBFBlockSummary]
            /// Relations' member ways, sorted, and what was found of them.
            var memberWays: [Int64]
            var members: PBFMemberPlacement.MemberWays
        }

        /// Reads `relations` (the relation blocks), then `ways` with the member ways the
        /// relations want; nil when a block holds what its place in the order says it should
        /// not (the file is not sorted by type), before anything was judged.
        func readTail(_ ways: [PBFFileBlock], relations: [PBFFileBlock]) throws(PBFError) -> Tail? {
            let relationReadings = try read(relations, wantedWays: [])
            guard relationReadings.allSatisfy({ !$0.sawNodes && !$0.sawWays }) else { return nil }
            var related = relationReadings[0].takePending()
            related.append(relationReadings[1].takePending())
            let memberWays = PBFSortedIDs.sortedUnique(related.memberWays)
            let wayReadings = try read(ways, wantedWays: memberWays)
            guard wayReadings.allSatisfy({ !$0.sawNodes && !$0.sawRelations }) else { return nil }
            var pending = wayReadings[0].takePending()
            pending.append(wayReadings[1].takePending())
            pending.append(related)
            let members = PBFMemberPlacement.MemberWays(count: memberWays.count, readings: wayReadings.map { ($0.wayHits, $0.wayRefs) })
            return Tail(
                pending: pending, summaries: (wayReadings + relationReadings).flatMap(\.summaries), memberWays: memberWays, members: members
            )
        }

        /// Ways and relations only: nothing is judged, so a file found out of order can
        /// still be read another way.
        private func read(_ blocks: [PBFFileBlock], wantedWays: [Int64]) throws(PBFError) -> [PBFFirstReading] {
            let readings = (0..<2).map { _ in PBFFirstReading(file: file, wantedWays: wantedWays, budget: budget) }
            try PBFTwoThreads.run(count: blocks.count, split: PBFTwoThreads.split(blocks, minimumBytes: minimumBytes)) {
                thread, index throws(PBFError) in
                try readings[thread].read(blocks[index]) { _ in }
                done(blocks[index], reading)
            }
            return readings
        }

        /// Reads the node blocks of a file sorted by type, judging its places and keeping the
        /// locations the tail's places need; then places those. Ways or relations among the
        /// nodes after all are placed as in `readInFileOrder`, reading their members again.
        func readNodes(_ nodes: [PBFFileBlock], after tail: Tail) throws(PBFError) -> Result {
            let wanted = PBFMemberPlacement.wantedNodes(tail.pending, members: tail.members)
            let (result, readings) = try judge(nodes, wantedNodes: wanted)
            var strays = readings[0].takePending()
            strays.append(readings[1].takePending())
            guard strays.ways.isEmpty && strays.relations.isEmpty else {
                strays.append(tail.pending)
                let summaries = readings.flatMap(\.summaries) + tail.summaries
                return try placeByReadingAgain(strays, summaries: summaries, into: result)
            }
            let locations = PBFMemberPlacement.NodeLocations(ids: wanted, hits: readings.map(\.nodeHits))
            let positions = PBFMemberPlacement.positions(
                tail.pending, memberWays: tail.memberWays, members: tail.members, locations: locations)
            var counted = result
            counted.facts.droppedCount += tail.pending.droppedCount + strays.droppedCount
            return offer(tail.pending, positions, into: counted)
        }

        /// Reads every block in file order, judging the nodes that are places, then places
        /// the ways and relations by reading the blocks of their members again.
        func readInFileOrder(_ blocks: [PBFFileBlock]) throws(PBFError) -> Result {
            let (result, readings) = try judge(blocks, wantedNodes: [])
            var pending = readings[0].takePending()
            pending.append(readings[1].takePending())
            return try placeByReadingAgain(pending, summaries: readings.flatMap(\.summaries), into: result)
        }

        /// Reads `blocks` on two threads, each judging and indexing the nodes that are places
        /// in its half, and keeping the locations of `wantedNodes`.
        private func judge(_ blocks: [PBFFileBlock], wantedNodes: [Int64]) throws(PBFError) -> (Result, [PBFFirstReading]) {
            let split = PBFTwoThreads.split(blocks, minimumBytes: minimumBytes)
            let readings = (0..<2).map { thread in
                PBFFirstReading(file: file, wantedNodes: wantedNodes, records: records?.parts[thread], budget: budget)
            }
            let result = try OverpassExtractScan.select(selection, now: now, indexing: builder) { first, second throws(PBFError) in
                try withoutActuallyEscaping(first) { first throws(PBFError) in
                    try withoutActuallyEscaping(second) { second throws(PBFError) in
                        try PBFTwoThreads.run(count: blocks.count, split: split) { thread, index throws(PBFError) in
                            try readings[thread].read(blocks[index], take: thread == 0 ? first : second)
                            done(blocks[index], reading)
                        }
                    }
                }
                let count = readings[0].placeCount + readings[1].placeCount
                return (OverpassScanner.Summary(elementCount: count, remark: nil), split < blocks.count)
            }
            return (result, readings)
        }

        private func placeByReadingAgain(
            _ pending: PBFPendingPlaces, summaries: [PBFBlockSummary], into result: Result
        ) throws(PBFError) -> Result {
            var result = result
            result.facts.droppedCount += pending.droppedCount
            guard !pending.ways.isEmpty || !pending.relations.isEmpty else { return result }
            let placing = progress.map { ScanProgress(phase: .placingMembers, total: file.count, report: $0) }
            let placement = PBFMemberPlacement(file: file, summaries: summaries, release: release, progress: placing, budget: budget)
            return offer(pending, try placement.place(pending), into: result)
        }

        /// Offers the placed ways and relations, in file order, to the judge and the index;
        /// counts those nothing placed.
        private func offer(_ pending: PBFPendingPlaces, _ positions: PBFMemberPlacement.Positions, into result: Result) -> Result {
            var result = result
            var unplaced = 0
            OverpassExtractScan.offerPlaced(to: &result, builder: builder) { offer in
                func offerEach<Pending>(
                    _ places: [Pending], _ place: (Pending) -> PBFDetachedPlace, at placed: [(lat: Double, lon: Double)?]
                ) {
                    for (pending, position) in zip(places, placed) {
                        guard let position else {
                            unplaced += 1
                            continue
                        }
                        let offered: Void? = place(pending).withElement { element in
                            records?.parts[2].add(element)
                            offer(element, position)
                        }
                        if offered == nil { unplaced += 1 }
                    }
                }
                offerEach(pending.ways, \.place, at: positions.ways)
                offerEach(pending.relations, \.place, at: positions.relations)
            }
            result.facts.unplacedCount += unplaced
            if !pending.idsIncrease { result.facts.idsIncrease = false }
            return result
        }

        private func done(_ block: PBFFileBlock, _ progress: ScanProgress?) {
            release?(block.offset..<block.blob.upperBound)
            progress?.advance(block.blob.upperBound - block.offset)
        }
    }
}
