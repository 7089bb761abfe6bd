import Foundation

/// What watches the memory maps of the files PlacesCore reads (an extract, its index) for a
/// file cut short under them by another program: the next read of a mapped page past the new
/// end raises SIGBUS, which ends the process unless something handles it.
///
/// PlacesCore installs no signal handler and never ends the process: without a guard it reads
/// such files into memory instead of mapping them, so a file cut short is an error of that
/// read. A program that owns its signals (the `places` CLI) installs a guard at start and gets
/// mappings, with its own policy for the fault.
package protocol MappingGuard: Sendable {
    /// Starts guarding `bytes`, a mapping of `path`; the slot to release, or nil when the
    /// guard cannot take another (the mapping is then read unguarded).
    func register(_ bytes: UnsafeRawBufferPointer, path: String) -> Int?
    /// Stops guarding a slot `register` returned (before the mapping is unmapped).
    func release(_ slot: Int)
}

/// The process's one `MappingGuard`, if a program installed one.
package enum FileMapping {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (any MappingGuard)?

    /// Installs `guard` for every mapping made from now on; a program does this once, at start.
    package static func install(_ guard: any MappingGuard) {
        lock.withLock { installed = `guard` }
    }

    /// The installed guard; nil: files are read, not mapped.
    static var current: (any MappingGuard)? {
        lock.withLock { installed }
    }
}
