import Foundation

/// The one HTTP client every provider uses: per-attempt timeout, retries with
/// backoff for 429/5xx/timeouts, `Retry-After`, a response size cap, `User-Agent`,
/// and failures mapped to `PlacesError` by `HTTPErrorMapper`.
public struct HTTPClient: Sendable {
    public let transport: HTTPTransport
    public let timeout: Double
    public let policy: RetryPolicy
    public let maxResponseBytes: Int
    public let diagnostics: Diagnostics
    private let sleep: @Sendable (Double) async -> Void

    public static let defaultMaxResponseBytes = 64 * 1_048_576
    public static let userAgent = "places/\(PlacesVersion.current)"

    public init(transport: HTTPTransport, timeout: Double = NetworkOptions.defaultTimeout,
                policy: RetryPolicy = RetryPolicy(retries: NetworkOptions.defaultRetries),
                maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes, diagnostics: Diagnostics = .silent,
                sleep: @escaping @Sendable (Double) async -> Void = { seconds in try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }) {
        self.transport = transport
        self.timeout = timeout
        self.policy = policy
        self.maxResponseBytes = maxResponseBytes
        self.diagnostics = diagnostics
        self.sleep = sleep
    }

    /// Sends `request` and returns a 2xx response, or throws a `PlacesError` saying what to do.
    public func send(_ request: HTTPRequest, service: ServiceDescription) async throws -> HTTPResponse {
        var request = request
        if request.header("User-Agent") == nil { request.setHeader("User-Agent", Self.userAgent) }
        let secrets = request.secrets
        let attempts = policy.retries + 1
        var attempt = 0
        while true {
            attempt += 1
            let outcome: Result<HTTPResponse, TransportFailure>
            do {
                outcome = .success(try await transport.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes))
            } catch let failure as TransportFailure {
                outcome = .failure(failure)
            }
            switch outcome {
            case .success(let response) where response.isSuccess:
                // Nothing built from the answer (places, messages, notes) may carry a key it echoed.
                return Redaction.scrub(response, secrets: secrets)
            case .success(let response):
                guard RetryPolicy.isRetryable(status: response.status), attempt < attempts else {
                    throw HTTPErrorMapper.error(for: response, service: service, attempts: attempt, secrets: secrets)
                }
                let wait: Double
                if let retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After")) {
                    guard retryAfter <= policy.maxRetryAfter else {
                        let when = ISO8601DateFormatter().string(from: Date().addingTimeInterval(retryAfter))
                        throw PlacesError.temporary("\(service.name) asks to wait \(Int(retryAfter.rounded())) s before retrying (HTTP \(response.status)); try again after \(when)")
                    }
                    wait = retryAfter
                } else {
                    wait = policy.backoff(retry: attempt)
                }
                diagnostics.note("\(service.name) answered \(response.status); retrying in \(String(format: "%.1f", wait)) s (attempt \(attempt + 1) of \(attempts))")
                await sleep(wait)
            case .failure(let failure):
                let retryable: Bool
                if case .tooLarge = failure { retryable = false } else { retryable = true }
                guard retryable, attempt < attempts else {
                    throw HTTPErrorMapper.error(for: failure, service: service, url: request.url, attempts: attempt)
                }
                let wait = policy.backoff(retry: attempt)
                diagnostics.note("\(service.name): \(Self.describe(failure)); retrying in \(String(format: "%.1f", wait)) s (attempt \(attempt + 1) of \(attempts))")
                await sleep(wait)
            }
        }
    }

    private static func describe(_ failure: TransportFailure) -> String {
        switch failure {
        case .timedOut: return "no answer in time"
        case .connection(let why): return why
        case .tooLarge(let limit): return "more than \(limit) bytes"
        }
    }
}
