import Foundation
import PlacesModel

/// The one HTTP client every provider uses: per-attempt timeout, retries with
/// backoff for 429/5xx/timeouts, `Retry-After`, a response size cap, `User-Agent`,
/// and failures mapped to `PlacesError` by `HTTPErrorMapper` (worded by `diagnostics`).
package struct HTTPClient: Sendable {
    let transport: HTTPTransport
    let timeout: Double
    let policy: RetryPolicy
    let maxResponseBytes: Int
    let diagnostics: Diagnostics
    /// The most a request may be billed at; nil: no ceiling.
    let ceiling: TierCeiling?
    private let sleep: @Sendable (Double) async -> Void
    /// The clock an HTTP-date `Retry-After` and the "try again after" time are read against
    /// (pinned by the CLI's `PLACES_NOW`, so a replayed 429 words itself the same everywhere).
    private let now: @Sendable () -> Date

    /// Seconds each attempt may take, and retries after the first attempt, unless configured.
    package static let defaultTimeout = 10.0
    package static let defaultRetries = 2
    static let defaultMaxResponseBytes = 64 * 1_048_576
    package static let userAgent = "places/\(PlacesVersion.current)"

    package init(
        transport: HTTPTransport, timeout: Double = HTTPClient.defaultTimeout,
        policy: RetryPolicy = RetryPolicy(retries: HTTPClient.defaultRetries),
        maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes, diagnostics: Diagnostics = .silent,
        ceiling: TierCeiling? = nil, sleep: @escaping @Sendable (Double) async -> Void = HTTPClient.sleep,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.transport = transport
        self.timeout = timeout
        self.policy = policy
        self.maxResponseBytes = maxResponseBytes
        self.diagnostics = diagnostics
        self.ceiling = ceiling
        self.sleep = sleep
        self.now = now
    }

    /// The same client reading at most `bytes` of a response body (a photo's 20 MiB).
    package func limited(toResponseBytes bytes: Int) -> HTTPClient {
        HTTPClient(
            transport: transport, timeout: timeout, policy: policy, maxResponseBytes: min(bytes, maxResponseBytes),
            diagnostics: diagnostics, ceiling: ceiling, sleep: sleep, now: now)
    }

    /// Throws what `send` would for a request billed at `billing` over the ceiling, before
    /// anything is sent: for work whose later, dearer request should stop it at its first.
    package func checkCeiling(_ billing: BilledTier) throws {
        if let ceiling, let refusal = ceiling.refusal(of: billing) {
            throw PlacesError.invalidRequest(.billingTier, message: diagnostics.wording(.aboveTierCeiling(refusal)))
        }
    }

    /// Sends `request` and returns a 2xx response, or throws a `PlacesError` saying what to do.
    package func send(_ request: HTTPRequest, service: ResponseReader) async throws -> HTTPResponse {
        // Before anything is sent (a dry run included): a request over the ceiling is the user's to change.
        if let billing = request.billing { try checkCeiling(billing) }
        var request = request
        if request.header("User-Agent") == nil { request.setHeader("User-Agent", Self.userAgent) }
        request.isAnswer = service.isAnswer
        request.pacedAs = service.descriptor
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
                // A cancelled command (a batch whose reader went away) does not try again.
                guard RetryPolicy.isRetryable(status: response.status), attempt < attempts, !Task.isCancelled else {
                    throw HTTPErrorMapper.error(
                        for: response, service: service, attempts: attempt, secrets: secrets,
                        wording: diagnostics.wording, now: now())
                }
                let wait: Double
                if let retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"), now: now()) {
                    guard retryAfter <= policy.maxRetryAfter else {
                        let scrubbed = Redaction.scrub(response, secrets: secrets)
                        throw HTTPErrorMapper.waitAsked(scrubbed, service: service, attempts: attempt, now: now())
                    }
                    wait = retryAfter
                } else {
                    wait = policy.backoff(retry: attempt)
                }
                diagnostics.note(
                    "\(service.name) answered \(response.status); retrying in \(String(format: "%.1f", wait)) s (attempt \(attempt + 1) of \(attempts))"
                )
                await sleep(wait)
            case .failure(let failure):
                guard failure.isRetryable, attempt < attempts, !Task.isCancelled else {
                    throw HTTPErrorMapper.error(
                        for: failure, service: service, url: request.url, attempts: attempt, secrets: secrets,
                        wording: diagnostics.wording)
                }
                let wait = policy.backoff(retry: attempt)
                diagnostics.note(
                    "\(service.name): \(Self.describe(failure)); retrying in \(String(format: "%.1f", wait)) s (attempt \(attempt + 1) of \(attempts))"
                )
                await sleep(wait)
            }
        }
    }

    private static func describe(_ failure: TransportFailure) -> String {
        switch failure {
        case .timedOut: return "no answer in time"
        case .connection(let why): return why
        case .tooLarge(let limit, _): return "more than \(limit) bytes"
        case .redirectRefused(let why): return why
        }
    }

    /// The real wait between attempts; anything but a finite, positive number of seconds (at
    /// most a day) is no wait, so that no value becomes an out-of-range integer.
    @Sendable static func sleep(_ seconds: Double) async {
        guard seconds.isFinite, seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1e9))
    }
}
