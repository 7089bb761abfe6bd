import Foundation

/// Answers a selection from a PBF file itself, writing its index on the way when given a
/// builder: the first reading inflates each block once, on two threads (each with its own
/// judge and index part, as `OverpassExtractScan` runs the JSON scan), judging and
/// indexing the nodes that are places as they come; then the ways and relations that are
/// places are placed from their members (`PBFMemberPlacement`) and offered in file order.
///
/// A file's places are its named nodes, ways and relations with an amenity, shop, tourism,
/// leisure or healthcare tag: what the online provider asks Overpass for.
enum PBFExtractScan {
    static func select(_ selection: OverpassSelection, now: Date, in file: UnsafeRawBufferPointer,
                       release: ((Range<Int>) -> Void)? = nil, indexing builder: VenueIndexBuilder? = nil,
                       parallelFrom minimumBytes: Int = PBFTwoThreads.minimumBytes,
                       progress: (@Sendable (ExtractProgress) -> Void)? = nil) throws(PBFError) -> OverpassExtractScan.Result {
        let blocks = try PBFFileBlock.blocks(in: file)
        let headerReader = PBFBlockReader(file: file)
        for block in blocks where block.kind == .header {
            do {
                try PBFHeaderBlock.check(try PBFBlob.data(of: block, in: file, inflater: headerReader.inflater))
            } catch {
                throw error.inBlock(at: block.offset)
            }
        }
        let data = blocks.filter { $0.kind == .data }
        let split = PBFTwoThreads.split(data, minimumBytes: minimumBytes)
        let readings = [PBFFirstReading(file: file), PBFFirstReading(file: file)]
        let reading = progress.map { ScanProgress(phase: .reading, total: file.count, report: $0) }
        var result = try OverpassExtractScan.select(selection, now: now, indexing: builder) { first, second throws(PBFError) in
            try withoutActuallyEscaping(first) { first throws(PBFError) in
                try withoutActuallyEscaping(second) { second throws(PBFError) in
                    try PBFTwoThreads.run(count: data.count, split: split) { thread, index throws(PBFError) in
                        let block = data[index]
                        try readings[thread].read(block, take: thread == 0 ? first : second)
                        release?(block.offset..<block.blob.upperBound)
                        reading?.advance(block.blob.upperBound - block.offset)
                    }
                }
            }
            let count = readings[0].placeCount + readings[1].placeCount
            return (OverpassScanner.Summary(elementCount: count, remark: nil), split < data.count)
        }
        var pending = readings[0].pending
        pending.append(readings[1].pending)
        let summaries = readings[0].summaries + readings[1].summaries
        guard !pending.ways.isEmpty || !pending.relations.isEmpty else { return result }
        let placing = progress.map { ScanProgress(phase: .placingMembers, total: file.count, report: $0) }
        let placement = PBFMemberPlacement(file: file, summaries: summaries, release: release, progress: placing)
        let positions = try placement.place(pending)
        var unplaced = 0
        OverpassExtractScan.offerPlaced(to: &result, builder: builder) { offer in
            for (way, position) in zip(pending.ways, positions.ways) {
                guard let position else {
                    unplaced += 1
                    continue
                }
                way.place.withElement { offer($0, position) }
            }
            for (relation, position) in zip(pending.relations, positions.relations) {
                guard let position else {
                    unplaced += 1
                    continue
                }
                relation.place.withElement { offer($0, position) }
            }
        }
        result.facts.unplacedCount += unplaced
        if !pending.idsIncrease { result.facts.idsIncrease = false }
        return result
    }
}
