/// Sends one request and returns whatever the server answered, any status.
/// Implementations: the network (`URLSessionTransport`), a cassette (`CassetteReplayTransport`),
/// a recorder around another transport, and `DryRunTransport`.
public protocol HTTPTransport: Sendable {
    /// - Parameters:
    ///   - timeout: seconds for the whole exchange.
    ///   - maxResponseBytes: a larger body is refused.
    func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse
}

/// Why an exchange produced no response.
public enum TransportFailure: Error, Sendable, Equatable {
    /// No answer within the timeout.
    case timedOut
    /// Could not connect, or the connection broke (including a body cut short).
    case connection(String)
    /// The body exceeded the size cap.
    case tooLarge(limit: Int)
}
