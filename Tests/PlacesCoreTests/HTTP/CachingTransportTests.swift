import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesHTTP
@testable import PlacesRouting
@testable import places_cli

/// `CachingTransport` in process: concurrent identical requests go once (a batch shares the
/// cache), answers are served fresh and counted as cache hits, non-2xx answers are not kept.
@Suite("Response cache: coalescing and counting")
struct CachingTransportTests {
    final class SlowTransport: HTTPTransport, @unchecked Sendable {
        let lock = NSLock()
        var sent = 0
        let status: Int
        init(status: Int = 200) { self.status = status }
        func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
            lock.withLock { sent += 1 }
            try await Task.sleep(nanoseconds: 200_000_000)
            return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data("{\"places\":[]}".utf8))
        }
    }

    func request(_ body: String = "{\"q\":1}") -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: "http://127.0.0.1:9/v1/places:searchText")!,
            headers: [("X-Goog-Api-Key", "AIzaSECRETSECRETSECRET")], body: Data(body.utf8), service: "google",
            secretHeaders: ["X-Goog-Api-Key"])
    }

    @Test func identicalConcurrentRequestsAreSentOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inner = SlowTransport()
        let ledger = RequestLedger()
        let transport = CachingTransport(
            inner: LedgerTransport(inner: inner, ledger: ledger), cache: ResponseCache.at(directory),
            ttl: 60, ledger: ledger)
        let req = request()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await transport.send(req, timeout: 5, maxResponseBytes: 1 << 20).status } }
            for try await status in group { #expect(status == 200) }
        }
        #expect(inner.sent == 1)
        // Afterwards, from the file.
        #expect(try await transport.send(req, timeout: 5, maxResponseBytes: 1 << 20).status == 200)
        #expect(inner.sent == 1)
        #expect(ledger.sentTotal == 1 && ledger.cacheHits == 8)
        #expect(ledger.summary == "sent 1 request: google ×1; 8 cache hits")
        // Another body is another request.
        _ = try await transport.send(request("{\"q\":2}"), timeout: 5, maxResponseBytes: 1 << 20)
        #expect(inner.sent == 2)
    }

    @Test func anErrorAnswerIsNotKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inner = SlowTransport(status: 500)
        let transport = CachingTransport(inner: inner, cache: ResponseCache.at(directory), ttl: 60, ledger: RequestLedger())
        #expect(try await transport.send(request(), timeout: 5, maxResponseBytes: 1 << 20).status == 500)
        #expect(try await transport.send(request(), timeout: 5, maxResponseBytes: 1 << 20).status == 500)
        #expect(inner.sent == 2)
        #expect(((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.isEmpty)
    }
}
