import Foundation
import PlacesModel

/// `--cache TTL`: answers a request from the response cache when a 2xx answer to it is
/// fresher than `ttl` (nothing sent, nothing billed), else sends it through `inner` and keeps
/// the answer when it is a successful one (`HTTPRequest.isAnswer`: never an error a service
/// sent with a 200, which would otherwise be served again for the whole TTL). Identical requests in flight at once in this process are sent once. Under
/// `--dry-run` (`dryRun`) it sends nothing: it notes on the request whether the cache would
/// answer it and lets the dry run capture it.
package struct CachingTransport: HTTPTransport {
    let inner: HTTPTransport
    let cache: ResponseCache
    /// Seconds an answer stays fresh (at most 30 days in the CLI).
    let ttl: Double
    let dryRun: Bool
    /// Key values from the environment, checked for in every file before it is written.
    let knownSecrets: [String]
    let diagnostics: Diagnostics
    let ledger: RequestLedger
    let now: @Sendable () -> Date

    package init(
        inner: HTTPTransport, cache: ResponseCache, ttl: Double, dryRun: Bool = false, knownSecrets: [String] = [],
        diagnostics: Diagnostics = .silent, ledger: RequestLedger = .shared, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.inner = inner
        self.cache = cache
        self.ttl = ttl
        self.dryRun = dryRun
        self.knownSecrets = knownSecrets.flatMap(Redaction.secretForms)
        self.diagnostics = diagnostics
        self.ledger = ledger
        self.now = now
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let fresh = freshEntry(for: request)
        if dryRun {
            var noted = request
            if let fresh {
                noted.annotations.append(
                    "cache: answered from the response cache (stored \(Self.duration(fresh.age(now: now()))) ago, fresh for \(Self.duration(ttl - fresh.age(now: now()))) more): would not be sent"
                )
            } else {
                noted.annotations.append(
                    "cache: not in the response cache (or older than \(Self.duration(ttl))): would be sent, and its answer kept")
            }
            return try await inner.send(noted, timeout: timeout, maxResponseBytes: maxResponseBytes)
        }
        if let fresh {
            guard fresh.response.body.count <= maxResponseBytes else {
                throw TransportFailure.tooLarge(limit: maxResponseBytes, declared: nil)
            }
            ledger.recordCacheHit(request)
            return fresh.response
        }
        let inner = self.inner, cache = self.cache, secrets = knownSecrets, diagnostics = self.diagnostics, now = self.now
        let (response, shared) = try await cache.coalescing(ResponseCache.key(for: request)) {
            let response = try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
            if Self.keeps(response, for: request) {
                cache.store(response, for: request, knownSecrets: secrets, now: now(), diagnostics: diagnostics)
            }
            return response
        }
        if shared { ledger.recordCacheHit(request) }
        return response
    }

    /// Whether `response` may be kept: a 2xx that reads as its service's successful answer.
    static func keeps(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        response.isSuccess && (request.isAnswer ?? AnswerShape.isJSONObject)(response)
    }

    private func freshEntry(for request: HTTPRequest) -> ResponseCache.Entry? {
        guard let entry = cache.lookUp(request, diagnostics: diagnostics) else { return nil }
        let age = entry.age(now: now())
        // A time in the future (a clock set back) is not trusted to be fresh.
        return age >= 0 && age <= ttl ? entry : nil
    }

    /// "42 s", "10 min", "3 h", "7 d".
    static func duration(_ seconds: Double) -> String {
        let s = max(0, seconds)
        if s < 120 { return "\(Int(s.rounded())) s" }
        if s < 7200 { return "\(Int((s / 60).rounded())) min" }
        if s < 172_800 { return "\(Int((s / 3600).rounded())) h" }
        return "\(Int((s / 86_400).rounded())) d"
    }
}
