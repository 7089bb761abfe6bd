import Foundation
import PlacesSupport

/// Why a request for places failed, in terms an app can act on: switch on the case
/// (a missing key, a rate limit with the wait asked for, an unknown place id...), show
/// `localizedDescription`, which says what failed and, where it helps, what to do.
///
/// The command-line tool maps each case to its exit code in one place and words the
/// messages in its own terms (flag and variable names); see `places-cli/Errors/`.
public enum PlacesError: Error, Equatable, Sendable {
    /// A value of the request that cannot be used (a coordinate off the globe, a radius over
    /// the provider's limit, a sort that needs a centre without one).
    case invalidRequest(Field, message: String)
    /// The service refused the request as malformed (an HTTP 400 that is not about the key).
    case requestRejected(Service, message: String)
    /// The source needs an API key and was given none.
    case missingAPIKey(Service)
    /// The service refused the API key (invalid, expired, restricted, API not enabled).
    case apiKeyRejected(Service, message: String)
    /// The service refused the request for payment (billing, Premium data without credits).
    case paymentRequired(Service, message: String)
    /// The service asked to slow down: HTTP 429 after the retries, or a `Retry-After`
    /// longer than the client waits. `retryAfter` is the wait it asked for, when it said.
    case rateLimited(Service, retryAfter: TimeInterval?, message: String)
    /// No place has this id (at its provider, or in the extract).
    case placeNotFound(PlaceID, message: String)
    /// Something else asked for does not exist: a route, a named city, a file.
    case notFound(message: String)
    /// The service answered, but with a body that cannot be read as it documents it.
    case badResponse(Service, message: String)
    /// A file that cannot be read as what it should be (an extract that is not Overpass
    /// JSON, a favorites file that is not a favorites file).
    case badFile(path: String, message: String)
    /// No usable answer: the connection failed, timed out, or redirected where the key
    /// may not follow.
    case network(Service, message: String)
    /// The service answered that it cannot answer now (5xx, a query it gave up on).
    case unavailable(Service, message: String)
    /// A read or write the system refused for want of room or a failing disk.
    case io(path: String, message: String)
    /// A configured value or location that cannot be used (a base URL that is not http(s),
    /// a favorites path that is a directory).
    case configuration(message: String)

    /// The part of a request an `invalidRequest` is about.
    public enum Field: String, Sendable, CaseIterable {
        case coordinate, center, radius, limit, minRating, price, sort, query, categories, placeID, travelMode
        /// An autocomplete session token that is malformed, or whose session has ended.
        case sessionToken
        /// A source that cannot answer this kind of request (Foursquare has no geocoder).
        case provider
        /// A typed street address that cannot be read or found.
        case address
        /// The fields asked for put the request in a billing tier above the configured ceiling.
        case billingTier
        /// A box (a map's viewport) that is not one: out of range, empty, or too large for a provider.
        case box
        /// Which photo of a place, or at most what size (`PhotoRequest`).
        case photo
    }

    /// A web service, as its errors name it (`WebService`, the one identity of each service).
    public typealias Service = WebService

    /// What failed and what to do, in one line.
    package var message: String {
        switch self {
        case .missingAPIKey(let service): return "\(service.name) needs an API key"
        case .invalidRequest(_, let message), .requestRejected(_, let message), .apiKeyRejected(_, let message),
            .paymentRequired(_, let message), .rateLimited(_, _, let message), .placeNotFound(_, let message),
            .notFound(let message), .badResponse(_, let message), .badFile(_, let message), .network(_, let message),
            .unavailable(_, let message), .io(_, let message), .configuration(let message):
            return message
        }
    }

    /// The same failure with its message changed (scrubbed of secrets, or prefixed).
    package func withMessage(_ change: (String) -> String) -> PlacesError {
        switch self {
        case .missingAPIKey: return self
        case .invalidRequest(let field, let m): return .invalidRequest(field, message: change(m))
        case .requestRejected(let service, let m): return .requestRejected(service, message: change(m))
        case .apiKeyRejected(let service, let m): return .apiKeyRejected(service, message: change(m))
        case .paymentRequired(let service, let m): return .paymentRequired(service, message: change(m))
        case .rateLimited(let service, let wait, let m): return .rateLimited(service, retryAfter: wait, message: change(m))
        case .placeNotFound(let id, let m): return .placeNotFound(id, message: change(m))
        case .notFound(let m): return .notFound(message: change(m))
        case .badResponse(let service, let m): return .badResponse(service, message: change(m))
        case .badFile(let path, let m): return .badFile(path: path, message: change(m))
        case .network(let service, let m): return .network(service, message: change(m))
        case .unavailable(let service, let m): return .unavailable(service, message: change(m))
        case .io(let path, let m): return .io(path: path, message: change(m))
        case .configuration(let m): return .configuration(message: change(m))
        }
    }
}

extension PlacesError: ShowableError {}

extension PlacesError: LocalizedError {
    public var errorDescription: String? { message }
}

extension PlacesError: CustomStringConvertible {
    /// The message: it never holds a key (messages made from an answer are scrubbed).
    public var description: String { message }
}
