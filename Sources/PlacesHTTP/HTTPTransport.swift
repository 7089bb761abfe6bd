/// Sends one request and returns whatever the server answered, any status.
/// Implementations: the network (`URLSessionTransport`), a cassette (`CassetteReplayTransport`),
/// a recorder around another transport, and `DryRunTransport`.
package protocol HTTPTransport: Sendable {
    /// - Parameters:
    ///   - timeout: seconds for the whole exchange.
    ///   - maxResponseBytes: a larger body is refused.
    func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse
}

/// Why an exchange produced no response.
enum TransportFailure: Error, Sendable, Equatable {
    /// No answer within the timeout.
    case timedOut
    /// Could not connect, or the connection broke (including a body cut short).
    case connection(String)
    /// The body is over the size cap: `declared` (its Content-Length, when it gave one) was
    /// over it and nothing was read, or more than `limit` bytes arrived.
    case tooLarge(limit: Int, declared: Int64?)
    /// A redirect `RedirectPolicy` refused; says where it pointed and why, after the service's name.
    case redirectRefused(String)
}

extension TransportFailure {
    /// Worth another attempt: not a body over the cap, nor a redirect that was refused (both
    /// would only happen again).
    var isRetryable: Bool {
        switch self {
        case .timedOut, .connection: return true
        case .tooLarge, .redirectRefused: return false
        }
    }
}
