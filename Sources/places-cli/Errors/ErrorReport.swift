import PlacesCore

/// The one place a failure becomes an exit code (sysexits, as README and the contract
/// list them) and the text of the one `places: error:` line.
enum ErrorReport {
    /// The exit code and message for a failure; nil for an error that is none of ours.
    static func report(_ error: Error) -> (code: Int32, message: String)? {
        switch error {
        case let usage as UsageError: return (ExitStatus.usage, usage.message)
        case let error as PlacesError: return (exitCode(error), message(error))
        case let lines as BadStreamLines: return (ExitStatus.dataError, lines.message)
        case let failure as StreamWriteFailure: return (ExitStatus.ioError, CLI.Streams.writeFailure(failure.code))
        default: return nil
        }
    }

    static func exitCode(_ error: PlacesError) -> Int32 {
        switch error {
        case .invalidRequest, .requestRejected: return ExitStatus.usage
        case .badResponse, .badFile: return ExitStatus.dataError
        case .placeNotFound, .notFound: return ExitStatus.noInput
        case .network, .unavailable: return ExitStatus.unavailable
        case .io: return ExitStatus.ioError
        case .rateLimited: return ExitStatus.temporaryFailure
        case .missingAPIKey, .apiKeyRejected, .paymentRequired: return ExitStatus.noPermission
        case .configuration: return ExitStatus.configuration
        }
    }

    /// The library's message, which PlacesCore already worded for the command line
    /// (`Wording.commandLine`), except where the CLI itself decides what to advise.
    static func message(_ error: PlacesError) -> String {
        switch error {
        case .missingAPIKey(let service):
            let variable = ServiceVariables.key(service) ?? "its key"
            if service == .googleRoutes {
                return "\(service.name) needs an API key: set \(variable), or use --router osrm or --router estimate, which need none"
            }
            return "\(service.name) needs an API key: set \(variable) (or use --provider osm, which needs none)"
        default:
            return error.message
        }
    }
}

/// The exit statuses of the contract (sysexits): `ErrorReport` maps every failure to one, and
/// the few places that end a run themselves (a write to stdout that failed, a batch line, a
/// mapped extract cut short under the reader) name them here rather than by number.
enum ExitStatus {
    /// A bad command line or a request the library refused before sending it.
    static let usage: Int32 = 64
    /// An answer, a file or an input line that cannot be read as what it should be.
    static let dataError: Int32 = 65
    /// No such place, favorite, city, file or recording.
    static let noInput: Int32 = 66
    /// A service that did not answer, or answered with a failure.
    static let unavailable: Int32 = 69
    /// A fault of places itself, never of its input.
    static let software: Int32 = 70
    /// A file or stream that could not be read or written.
    static let ioError: Int32 = 74
    /// Rate limited: try again later.
    static let temporaryFailure: Int32 = 75
    /// A key missing, rejected, or without billing.
    static let noPermission: Int32 = 77
    /// An environment value or a path that cannot be used.
    static let configuration: Int32 = 78
}
