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

    init() {}

    /// One request handed to the network (each attempt of a retried request counts).
    func recordSent(_ request: HTTPRequest) {
        let label = Self.label(request)
        lock.withLock {
            if sentCounts[label] == nil { sentOrder.append(label) }
            sentCounts[label, default: 0] += 1
        }
    }

    /// One request answered from the response cache: nothing sent, nothing billed.
    func recordCacheHit(_ request: HTTPRequest) {
        lock.withLock { hits += 1 }
    }

    var sentTotal: Int { lock.withLock { sentCounts.values.reduce(0, +) } }
    var cacheHits: Int { lock.withLock { hits } }

    /// What was sent, by label in the order first sent, with how many of each; and the
    /// cache hits (the CLI words it: `RequestLedger.summary`).
    package var counts: (sent: [(label: String, count: Int)], cacheHits: Int) {
        lock.withLock { (sentOrder.map { ($0, sentCounts[$0, default: 0]) }, hits) }
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
