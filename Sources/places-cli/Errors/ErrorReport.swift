import PlacesCore

/// The one place a failure becomes an exit code (sysexits, as README and the contract
/// list them) and the text of the one `places: error:` line.
enum ErrorReport {
    /// The exit code and message for a failure; nil for an error that is none of ours.
    static func report(_ error: Error) -> (code: Int32, message: String)? {
        switch error {
        case let usage as UsageError: return (64, usage.message)
        case let error as PlacesError: return (exitCode(error), message(error))
        default: return nil
        }
    }

    static func exitCode(_ error: PlacesError) -> Int32 {
        switch error {
        case .invalidRequest, .requestRejected: return 64
        case .badResponse, .badFile: return 65
        case .placeNotFound, .notFound: return 66
        case .network, .unavailable: return 69
        case .io: return 74
        case .rateLimited: return 75
        case .missingAPIKey, .apiKeyRejected, .paymentRequired: return 77
        case .configuration: return 78
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
