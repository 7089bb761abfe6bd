@testable import PlacesCore
@testable import PlacesModel
@testable import places_cli

/// The contract's classes of failure (64 usage ... 78 configuration), so that tables of
/// expected failures read as before; each comes from the CLI's one mapping, `ErrorReport`.
extension PlacesError {
    enum Kind: Int32, Sendable, CaseIterable {
        case usage = 64, badData = 65, notFound = 66, unavailable = 69, ioError = 74, temporary = 75, permission = 77, configuration = 78
    }

    var exitCode: Int32 { ErrorReport.exitCode(self) }
    var kind: Kind? { Kind(rawValue: exitCode) }
}

extension Wording {
    /// The CLI's words, as a test of a message the binary prints expects them.
    static let cli = Wording.commandLine(environment: [:])
}

extension Diagnostics {
    /// Discards notes, words errors as the CLI does.
    static let cli = Diagnostics(wording: .cli) { _ in }
}
