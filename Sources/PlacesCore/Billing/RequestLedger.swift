import Foundation

/// The requests this process sent, by service and billed tier, and the answers the response
/// cache gave instead: what `--verbose` (and a batch) sums up on stderr. Process-wide and
/// safe to use from concurrent requests.
package final class RequestLedger: @unchecked Sendable {
    /// The one ledger of the process: every transport `LedgerTransport` wraps writes here.
    package static let shared = RequestLedger()

    private let lock = NSLock()
    private var sentCounts: [String: Int] = [:]
    private var sentOrder: [String] = []
    private var hits = 0

    package init() {}

    /// One request handed to the network (each attempt of a retried request counts).
    package func recordSent(_ request: HTTPRequest) {
        let label = Self.label(request)
        lock.withLock {
            if sentCounts[label] == nil { sentOrder.append(label) }
            sentCounts[label, default: 0] += 1
        }
    }

    /// One request answered from the response cache: nothing sent, nothing billed.
    package func recordCacheHit(_ request: HTTPRequest) {
        lock.withLock { hits += 1 }
    }

    package var sentTotal: Int { lock.withLock { sentCounts.values.reduce(0, +) } }
    package var cacheHits: Int { lock.withLock { hits } }

    /// "sent 2 requests: google Text Search Pro ×2; 1 cache hit", "sent no requests".
    package var summary: String {
        lock.withLock {
            let total = sentCounts.values.reduce(0, +)
            var text: String
            if total == 0 {
                text = "sent no requests"
            } else {
                let parts = sentOrder.map { "\($0) ×\(sentCounts[$0, default: 0])" }
                text = "sent \(total) request\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
            }
            if hits > 0 { text += "; \(hits) cache hit\(hits == 1 ? "" : "s")" }
            return text
        }
    }

    /// "google Text Search Pro", or the service alone for one that does not bill by tier ("osm").
    static func label(_ request: HTTPRequest) -> String {
        guard let billing = request.billing else { return request.service }
        return "\(request.service) \(billing.label)"
    }
}

/// Counts every request it passes to `inner` in a ledger: wraps the transport that reaches
/// the network, so replays, dry runs and cache hits are not counted as sent.
package struct LedgerTransport: HTTPTransport {
    let inner: HTTPTransport
    let ledger: RequestLedger

    package init(inner: HTTPTransport, ledger: RequestLedger = .shared) {
        self.inner = inner
        self.ledger = ledger
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        ledger.recordSent(request)
        return try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
    }
}
