import Foundation
import Testing

/// Paging against servers that never stop offering pages, repeat them, or overfill them: every
/// page is a billed call, so the number of requests is asserted exactly, and no place is
/// printed twice whichever provider repeats it.
@Suite("End to end: hostile paging")
struct HostilePagingEndToEndTests {
    /// Past this many requests a fake refuses (400), so a loop that does not stop ends in an
    /// error the test reports instead of running forever.
    static let safetyValve = 50

    static func refuseAfterSafetyValve(_ count: Int) -> FakeHTTPServer.Reply? {
        count > safetyValve ? .json(400, #"{"error":{"code":400,"message":"too many pages","status":"INVALID_ARGUMENT"}}"#) : nil
    }

    /// A server answering the n-th request (1-based) with `page(n, request)`.
    static func server(_ page: @escaping @Sendable (Int, FakeHTTPServer.Request) -> FakeHTTPServer.Reply) throws -> FakeHTTPServer {
        let counter = Counter()
        return try FakeHTTPServer { request in
            let n = counter.next()
            return refuseAfterSafetyValve(n) ?? page(n, request)
        }
    }

    static func run(_ arguments: [String], _ server: FakeHTTPServer) async throws -> PlacesBinary.Result {
        let r = try await PlacesBinary.runDetached(arguments, environment: HostileAnswers.environment(server.baseURL))
        #expect(!r.stdout.contains(HostileAnswers.key) && !r.stderr.contains(HostileAnswers.key), "the key leaked: \(r)")
        return r
    }

    static func ids(_ r: PlacesBinary.Result) throws -> [String] {
        try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
    }

    static let googleSearch = ["search", "cafe", "--provider", "google", "--at", HostileAnswers.at, "--limit", "60", "--json"]
    static let foursquareNearby = ["nearby", "--provider", "foursquare", "--at", HostileAnswers.at, "--limit", "120", "--json"]

    // MARK: - Google Text Search

    @Test func googleEmptyPageWithATokenEndsPaging() async throws {
        let server = try Self.server { _, _ in .json(200, #"{"places":[],"nextPageToken":"x"}"#) }
        let r = try await Self.run(Self.googleSearch, server)
        #expect(r.status == 0 && r.stdout == "[]\n", "\(r)")
        #expect(server.requests.count == 1)
    }

    @Test func googleTokenSeenBeforeEndsPaging() async throws {
        // Every page has 20 new places, and always the same token.
        let server = try Self.server { n, _ in .json(200, HostileAnswers.googlePage((n - 1) * 20..<n * 20, token: "same")) }
        let r = try await Self.run(Self.googleSearch, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 2, "the second page's token was sent already")
        let ids = try Self.ids(r)
        #expect(ids.count == 40 && Set(ids).count == 40)
        #expect(r.stderr.contains("page token it had already given"), "\(r)")
    }

    @Test func googleStopsAtItsDocumentedThreePages() async throws {
        // One new place a page, a fresh token every time: the old loop made 60 requests.
        let server = try Self.server { n, _ in .json(200, HostileAnswers.googlePage(n..<n + 1, token: "t\(n)")) }
        let r = try await Self.run(Self.googleSearch, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 3)
        let listed = try Self.ids(r)
        #expect(listed.count == 3)
        #expect(r.stderr.contains("more than 3 pages"), "\(r)")
    }

    @Test func googleRepeatedPageEndsPagingAndPrintsEachPlaceOnce() async throws {
        let server = try Self.server { n, _ in .json(200, HostileAnswers.googlePage(0..<20, token: "t\(n)")) }
        let r = try await Self.run(Self.googleSearch, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 2)
        let ids = try Self.ids(r)
        #expect(ids.count == 20 && Set(ids).count == 20, "\(ids)")
    }

    @Test func googleOverfullPageIsReadOnlyToItsDocumentedTwenty() async throws {
        let server = try Self.server { _, _ in .json(200, HostileAnswers.googlePage(0..<500)) }
        let r = try await Self.run(Self.googleSearch, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 1)
        let listed = try Self.ids(r)
        #expect(listed.count == 20)
        #expect(r.stderr.contains("500 places in one page, more than the 20 it documents"), "\(r)")

        let nearby = try await Self.run(["nearby", "--provider", "google", "--at", HostileAnswers.at, "--json"], server)
        let nearbyIDs = try Self.ids(nearby)
        #expect(nearby.status == 0 && nearbyIDs.count == 20, "\(nearby)")
    }

    // MARK: - Foursquare Link paging

    /// `Link: <URL>; rel="next"` on every answer, the URL chosen per request.
    static func foursquare(
        _ body: @escaping @Sendable (Int) -> String, link: @escaping @Sendable (Int, FakeHTTPServer.Request, String) -> String?
    ) throws -> FakeHTTPServer {
        let counter = Counter()
        let holder = BaseURLHolder()
        let server = try FakeHTTPServer { request in
            let n = counter.next()
            if let refusal = refuseAfterSafetyValve(n) { return refusal }
            let headers = link(n, request, holder.value).map { [("Link", "<\($0)>; rel=\"next\"")] } ?? []
            return .json(200, body(n), headers: headers)
        }
        holder.value = server.baseURL
        return server
    }

    @Test func foursquareLinkBackToTheSamePageIsNotFollowed() async throws {
        let server = try Self.foursquare(
            { _ in HostileAnswers.foursquarePage(0..<40) }, link: { _, request, base in base + request.target })
        let r = try await Self.run(Self.foursquareNearby, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 1)
        let ids = try Self.ids(r)
        #expect(ids.count == 40 && Set(ids).count == 40)
        #expect(r.stderr.contains("repeats a page already fetched"), "\(r)")
    }

    @Test func foursquareRepeatedCursorIsNotFollowed() async throws {
        // The second page links to its own cursor again, with another parameter around it.
        let server = try Self.foursquare(
            { n in HostileAnswers.foursquarePage((n - 1) * 40..<n * 40) },
            link: { n, _, base in n == 1 ? base + "/places/search?cursor=A" : base + "/places/search?cursor=A&x=\(n)" })
        let r = try await Self.run(Self.foursquareNearby, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 2)
        let ids = try Self.ids(r)
        #expect(ids.count == 80 && Set(ids).count == 80)
    }

    @Test func foursquareSamePlacesUnderNewCursorsArePrintedOnce() async throws {
        // The report: `--limit 120` printed 120 rows of 40 distinct places.
        let server = try Self.foursquare(
            { _ in HostileAnswers.foursquarePage(0..<40) }, link: { n, _, base in base + "/places/search?cursor=c\(n)" })
        let r = try await Self.run(Self.foursquareNearby, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 2, "the second page brought nothing new")
        let ids = try Self.ids(r)
        #expect(ids.count == 40 && Set(ids).count == 40, "\(ids.count) rows")
    }

    @Test func foursquarePagesAreBoundedWhateverTheLimit() async throws {
        // One new place a page and a fresh cursor every time: --limit 1000 stops at 22 pages.
        let server = try Self.foursquare(
            { n in HostileAnswers.foursquarePage(n..<n + 1) }, link: { n, _, base in base + "/places/search?cursor=c\(n)" })
        let r = try await Self.run(["nearby", "--provider", "foursquare", "--at", HostileAnswers.at, "--limit", "1000", "--json"], server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 22)
        let listed = try Self.ids(r)
        #expect(listed.count == 22)
    }

    @Test func foursquareOverfullPageIsReadOnlyToItsDocumentedFifty() async throws {
        let server = try Self.foursquare({ _ in HostileAnswers.foursquarePage(0..<400) }, link: { _, _, _ in nil })
        let r = try await Self.run(Self.foursquareNearby, server)
        #expect(r.status == 0, "\(r)")
        #expect(server.requests.count == 1)
        let listed = try Self.ids(r)
        #expect(listed.count == 50)
        #expect(r.stderr.contains("400 places in one page, more than the 50 it documents"), "\(r)")
    }

    // MARK: - Every provider: a place once

    @Test func overpassListingAnElementTwicePrintsItOnce() async throws {
        let body = HostileAnswers.overpassDocument([
            HostileAnswers.overpassNode(7), HostileAnswers.overpassNode(8), HostileAnswers.overpassNode(7),
        ])
        let server = try FakeHTTPServer { _ in .json(200, body) }
        let r = try await Self.run(["nearby", "--provider", "osm", "--at", HostileAnswers.at, "--json"], server)
        #expect(r.status == 0, "\(r)")
        let listed = try Self.ids(r)
        #expect(listed == ["osm:node/7", "osm:node/8"])
    }

    @Test func anExtractListingAnElementTwicePrintsItOnce() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("dup.json")
        try Data(HostileAnswers.overpassDocument([HostileAnswers.overpassNode(7), HostileAnswers.overpassNode(7)]).utf8).write(to: file)
        let r = try await PlacesBinary.runDetached(["nearby", "--at", HostileAnswers.at, "--data", file.path, "--json"])
        #expect(r.status == 0, "\(r)")
        let listed = try Self.ids(r)
        #expect(listed == ["osm:node/7"])
    }
}

/// A thread-safe request counter for fakes (their handler runs on the server's threads).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}

/// The fake's own base URL, known only once it listens, for links it writes.
final class BaseURLHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""

    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
