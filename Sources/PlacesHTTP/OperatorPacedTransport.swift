/// The network's side of every transport stack: a request to a service whose operator sets an
/// absolute maximum pace (`ServiceDescriptor.maximumRequestsPerSecond`: Nominatim, one a
/// second) passes the process's one gate for it (`RateLimits.operatorGate`), whoever sent it; any
/// other request goes straight through. It sits just above the network, so what sends nothing
/// (a dry run, a replay, a response cache hit) is not held.
package struct OperatorPacedTransport: HTTPTransport {
    let inner: HTTPTransport

    init(inner: HTTPTransport) {
        self.inner = inner
    }

    /// The network as every client reaches it: `URLSessionTransport`, held to the operators' paces.
    package static func network() -> OperatorPacedTransport {
        OperatorPacedTransport(inner: URLSessionTransport())
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        guard let descriptor = request.pacedAs, let gate = RateLimits.operatorGate(for: descriptor) else {
            return try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
        }
        return try await RateLimitedTransport(inner: inner, gate: gate).send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
    }
}
