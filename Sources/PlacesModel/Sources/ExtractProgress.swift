/// How far a long piece of work on an extract has got: for a caller that shows progress
/// (the CLI does, on a terminal, for work over about a second). Reported now and then,
/// from any thread.
package struct ExtractProgress: Sendable, Equatable {
    package enum Phase: Sendable, Equatable {
        /// Reading the file (and indexing it, on the first query).
        case reading
        /// Reading it again to place ways and relations from their member nodes.
        case placingMembers
    }

    package var phase: Phase
    package var bytesDone: Int
    package var bytesTotal: Int

    package init(phase: Phase, bytesDone: Int, bytesTotal: Int) {
        self.phase = phase
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }

    /// Where progress goes: called with the extract as messages name it (its path, or
    /// "standard input") and how far the work has got, from any thread.
    package typealias Handler = @Sendable (_ source: String, _ progress: ExtractProgress) -> Void
}
