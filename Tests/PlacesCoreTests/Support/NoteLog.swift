import Foundation

@testable import PlacesCore
@testable import PlacesModel

/// Collects what a command would print on stderr as notes, for assertions.
final class NoteLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    var diagnostics: Diagnostics {
        Diagnostics { [self] line in lock.withLock { collected.append(line) } }
    }
}
