/// A transport whose every attempt passes a `RequestGate` first and tells it how the server
/// answered: retries count against the pace too, and a 429 or `Retry-After` reaches the gate
/// that every other command sharing it waits on.
package struct RateLimitedTransport: HTTPTransport {
    let inner: HTTPTransport
    let gate: RequestGate

    package init(inner: HTTPTransport, gate: RequestGate) {
        self.inner = inner
        self.gate = gate
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        try await gate.enter()
        do {
            let response = try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
            // Retry-After means "wait" only on the statuses that are retried (429, 5xx).
            let retryAfter =
                RetryPolicy.isRetryable(status: response.status) ? RetryPolicy.retryAfterSeconds(response.header("Retry-After")) : nil
            await gate.leave(status: response.status, retryAfter: retryAfter)
            return response
        } catch {
            await gate.leave(status: nil, retryAfter: nil)
            throw error
        }
    }
}
