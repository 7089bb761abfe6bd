/// Every failure a user can see, with the exit code (sysexits) it maps to.
///
/// The message says what failed and what to do; the CLI prints it as one
/// `places: error: ...` line. This is the only place exit codes are decided.
public struct PlacesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; each kind has exactly one exit code.
    public enum Kind: String, Sendable, CaseIterable {
        /// Unknown flag or command, bad value (64).
        case usage
        /// A body or file that cannot be decoded (65).
        case badData
        /// Unknown id, missing file, no gazetteer match, replay miss (66).
        case notFound
        /// Network failure, timeout, 5xx after retries, server-side error (69).
        case unavailable
        /// A read or write that failed: disk full, quota, I/O error (74).
        case ioError
        /// Rate limited after the retries (75).
        case temporary
        /// Missing or rejected API key (77).
        case permission
        /// Unusable environment value or path (78).
        case configuration
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The process exit code for this error (sysexits.h values).
    public var exitCode: Int32 {
        switch kind {
        case .usage: return 64
        case .badData: return 65
        case .notFound: return 66
        case .unavailable: return 69
        case .ioError: return 74
        case .temporary: return 75
        case .permission: return 77
        case .configuration: return 78
        }
    }

    public var description: String { message }

    public static func usage(_ message: String) -> PlacesError { PlacesError(.usage, message) }
    public static func badData(_ message: String) -> PlacesError { PlacesError(.badData, message) }
    public static func notFound(_ message: String) -> PlacesError { PlacesError(.notFound, message) }
    public static func unavailable(_ message: String) -> PlacesError { PlacesError(.unavailable, message) }
    public static func ioError(_ message: String) -> PlacesError { PlacesError(.ioError, message) }
    public static func temporary(_ message: String) -> PlacesError { PlacesError(.temporary, message) }
    public static func permission(_ message: String) -> PlacesError { PlacesError(.permission, message) }
    public static func configuration(_ message: String) -> PlacesError { PlacesError(.configuration, message) }
}
