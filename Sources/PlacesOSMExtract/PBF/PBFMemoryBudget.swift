import Foundation

/// How much a reading of a PBF file may keep in memory, bounded by the size of the file:
/// the places it judges and indexes, the node ids of the ways and the members of the
/// relations it places, the locations and member ways it gathers for them. A real extract
/// keeps a small part of its own size; a crafted one keeps thousands of times more (a few
/// KB of zlib inflate to 32 MiB of one id repeated, or every element of a block names the
/// same long string), so past the budget the reading stops with damage, which the block
/// reader places in its block, before the memory is taken.
///
/// Since issue 37 an index's entries and the places' venue records are not kept in memory
/// but spilled beside the index in fixed-size runs (`SortedRuns`); they are still counted
/// here, so that a crafted file can no more fill a disk than memory, and a place costs what
/// it did before (a way's or relation's tags are now kept as a compact record, counted as
/// the table of every key it replaced): the limits a hostile file meets are unchanged.
///
/// Shared by a reading's threads: each counts on a `Meter` of its own, which reports to the
/// budget a mebibyte at a time (a lock taken once per MiB kept, not once per id).
final class PBFMemoryBudget: @unchecked Sendable {
    /// What any file may keep, however small it is.
    static let floorBytes = 16 << 20
    /// What a file may keep besides, for each of its bytes. A file of named places alone
    /// (what `osmium tags-filter` makes) keeps about 4 for each; one of ways, about 3.
    static let bytesPerFileByte = 32
    /// What keeping one id (a way's node, a relation's member) costs.
    static let idBytes = 8
    /// What keeping one place costs besides its tag values: its index entry, its venue
    /// record's place in the table, the bookkeeping around them.
    static let placeBytes = 96
    /// What a way or relation kept until its members place it costs besides (its tags'
    /// table, the record of what its members are).
    static let detachedBytes = 64 + OSMTagKey.allCases.count * MemoryLayout<JSONStringToken>.stride

    /// The most a reading of the file may keep, in bytes.
    let limit: Int
    private let fileBytes: Int
    private let lock = NSLock()
    private var spent = 0

    init(fileBytes: Int) {
        self.fileBytes = fileBytes
        let scaled = fileBytes.multipliedReportingOverflow(by: Self.bytesPerFileByte)
        let sum = Self.floorBytes.addingReportingOverflow(scaled.partialValue)
        limit = scaled.overflow || sum.overflow ? .max : sum.partialValue
    }

    /// What keeping the place `element` costs: its share of an index, and its tag values,
    /// copied twice (its search text and its venue record; a way's or a relation's a third
    /// time, kept until its members place it, with its tags' table).
    static func bytes(of element: borrowing ScannedElement) -> Int {
        var values = 0
        for key in OSMTagKey.allCases {
            if let token = element.token(key) { values += token.end - token.start }
        }
        return element.kind == .node ? placeBytes + 2 * values : placeBytes + detachedBytes + 3 * values
    }

    private func spend(_ bytes: Int) throws(PBFError) {
        let total = lock.withLock {
            spent = spent.addingReportingOverflow(bytes).overflow ? .max : spent + bytes
            return spent
        }
        guard total <= limit else {
            throw .damaged(
                "its elements would keep more than \(Self.mebibytes(limit)) in memory, more than a file of \(fileBytes) bytes ever needs "
                    + "(places allows \(Self.mebibytes(Self.floorBytes)) and \(Self.bytesPerFileByte) bytes for each byte of the file)"
            )
        }
    }

    private static func mebibytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }

    /// One thread's count of what it keeps, reported to `budget` a mebibyte at a time. No
    /// budget: nothing is counted (a reader of a few places, or a test).
    struct Meter {
        let budget: PBFMemoryBudget?
        private var unreported = 0

        init(_ budget: PBFMemoryBudget?) {
            self.budget = budget
        }

        /// Counts `bytes` more kept; damage once the budget is spent.
        @inline(__always)
        mutating func keep(_ bytes: Int) throws(PBFError) {
            guard let budget else { return }
            unreported += bytes
            guard unreported >= 1 << 20 else { return }
            let reporting = unreported
            unreported = 0
            try budget.spend(reporting)
        }

        /// Counts `count` ids more kept.
        @inline(__always)
        mutating func keepIDs(_ count: Int) throws(PBFError) {
            try keep(count * PBFMemoryBudget.idBytes)
        }
    }
}
