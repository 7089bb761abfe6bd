import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesHTTP
@testable import PlacesOSM

/// The library's side of issue 33, item 6: requests an app's clients send to Nominatim pass
/// the process's one gate, whichever `HTTPClient` sends them (each `PlacesClient` makes its own).
@Suite("OperatorPacedTransport: Nominatim's pace across clients")
struct OperatorPacedTransportTests {
    /// Answers at once and notes when each request reached it.
    final class ClockedTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var times: [Double] = []

        var arrivals: [Double] { lock.withLock { times.sorted() } }

        func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
            lock.withLock { times.append(RequestGate.monotonicSeconds()) }
            return HTTPResponse(status: 200, body: Data(FakeNominatim.simonkatu.utf8))
        }
    }

    @Test func threeClientsAskingAtOnceAreASecondApart() async throws {
        let network = ClockedTransport()
        let point = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                // A client of its own each, as three PlacesClients in one app would have.
                let http = HTTPClient(transport: OperatorPacedTransport(inner: network))
                let geocoder = NominatimGeocoder(http: http, baseURL: "http://127.0.0.1:9")
                group.addTask { _ = try await geocoder.reverse(point, diagnostics: .silent) }
            }
            try await group.waitForAll()
        }
        let arrivals = network.arrivals
        #expect(arrivals.count == 3)
        let gaps = zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { $0 >= 0.95 }, "gaps: \(gaps)")
    }
}
