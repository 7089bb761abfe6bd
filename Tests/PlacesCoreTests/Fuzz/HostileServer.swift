import Foundation

/// The loopback server of one hostile case: answers each request from the case's seed
/// (one scenario for every request, or a new one each time), keeps what it answered for
/// the report, and says when the client has sent more requests than any paging cap allows.
final class HostileServer: @unchecked Sendable {
    /// The most requests a command in this fuzz may send: Foursquare's pages for
    /// `--limit 120` (5) or Google's 3, times 2 attempts (`--retries 1`), or two details and a
    /// route, each with URLSession's 20 redirects inside an origin. More is a loop.
    static let requestBudget = 50

    let server: FakeHTTPServer
    private let lock = NSLock()
    private var requestCount = 0
    private var answered: [String] = []
    private var tags: [String] = []
    private var used: [(scenario: HostileReplies.Scenario, endpoint: HostileEndpoint)] = []
    private var endlessOpen = 0
    private var endlessBytes: [Int] = []

    /// The scenario of every answer, drawn at the first request (so that it suits its
    /// endpoint), unless each answer draws its own.
    private var fixed: HostileReplies.Scenario?
    private let mixed: Bool

    init(caseIndex: Int, seed: UInt64, sinkURL: String) throws {
        var rng = SplitMix64(seed: seed ^ 0xA076_1D64_78BD_642F)
        mixed = rng.percent(30)
        let box = Box()
        server = try FakeHTTPServer { request in
            box.owner?.answer(request, caseIndex: caseIndex, seed: seed, sinkURL: sinkURL) ?? .hangUp
        }
        box.owner = self
    }

    private final class Box: @unchecked Sendable { weak var owner: HostileServer? }

    var baseURL: String { server.baseURL }

    private func answer(_ request: FakeHTTPServer.Request, caseIndex: Int, seed: UInt64, sinkURL: String) -> FakeHTTPServer.Reply {
        let index: Int = lock.withLock {
            requestCount += 1
            return requestCount - 1
        }
        guard index < Self.requestBudget else {
            lock.withLock {
                answered.append("#\(index + 1) \(request.method) \(request.target.prefix(120)) → (over the budget: not answered)")
            }
            return .hangUp
        }
        var rng = SplitMix64(seed: seed &+ UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15)
        let endpoint = HostileEndpoint(path: request.path)
        let scenario: HostileReplies.Scenario = lock.withLock {
            if mixed { return HostileReplies.scenario(&rng, for: endpoint) }
            if fixed == nil {
                var first = SplitMix64(seed: seed ^ 0xE703_7ED1_A0B4_28DB)
                fixed = HostileReplies.scenario(&first, for: endpoint)
            }
            return fixed!
        }
        let context = HostileReplies.Context(
            caseIndex: caseIndex, caseSeed: seed, selfURL: server.baseURL, sinkURL: sinkURL, requestIndex: index,
            request: request, endlessSent: { [weak self] bytes in self?.endlessFinished(bytes) })
        let answer = HostileReplies.answer(scenario, context, &rng)
        lock.withLock {
            answered.append("#\(index + 1) \(request.method) \(request.target.prefix(120)) → \(answer.summary)")
            tags.append(answer.tag)
            used.append((scenario, endpoint))
            if case .endlessChunkedCounted = answer.reply { endlessOpen += 1 }
        }
        return answer.reply
    }

    private func endlessFinished(_ bytes: Int) {
        lock.withLock {
            endlessOpen -= 1
            endlessBytes.append(bytes)
        }
    }

    var replies: [String] { lock.withLock { answered } }
    var lastTag: String? { lock.withLock { tags.last } }
    /// The scenario of each answer given, in order.
    var scenarios: [(scenario: HostileReplies.Scenario, endpoint: HostileEndpoint)] { lock.withLock { used } }
    var requestsSeen: Int { lock.withLock { requestCount } }
    var overBudget: Bool { lock.withLock { requestCount > Self.requestBudget } }

    /// Stops the server, after waiting (briefly) for bodies without end to finish sending;
    /// returns how much of each was sent.
    func finish() -> [Int] {
        for _ in 0..<200 where lock.withLock({ endlessOpen > 0 }) { usleep(10_000) }
        server.stop()
        return lock.withLock { endlessBytes }
    }
}
