import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import places_cli

/// The HTTP client over real loopback TCP against `FakeHTTPServer`.
@Suite("HTTPClient over loopback")
struct HTTPClientTests {
    static let service = ResponseReader(.googlePlaces, name: "Test API") { response in
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        return ServiceError(
            code: object?["status"] as? String, message: object?["message"] as? String, isKeyProblem: object?["reason"] as? String == "KEY")
    }

    /// Records the waits instead of sleeping, so tests stay fast and can check them.
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []
        func add(_ v: Double) { lock.withLock { values.append(v) } }
        var all: [Double] { lock.withLock { values } }
    }

    func client(retries: Int = 2, timeout: Double = 5, maxBytes: Int = 1 << 20, waits: Waits = Waits()) -> HTTPClient {
        HTTPClient(
            transport: URLSessionTransport(), timeout: timeout, policy: RetryPolicy(retries: retries),
            maxResponseBytes: maxBytes, diagnostics: .cli, sleep: { waits.add($0) })
    }

    func request(_ server: FakeHTTPServer, path: String = "/thing", key: String = "CANARY-KEY-123456") -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: server.baseURL + path + "?key=" + key)!,
            headers: [("Content-Type", "application/json"), ("X-Api-Key", key)], body: Data("{\"q\":1}".utf8),
            service: "test", secretHeaders: ["X-Api-Key"])
    }

    func expectError(_ kind: PlacesError.Kind, _ fragment: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(kind)")
        } catch let error as PlacesError {
            #expect(error.kind == kind, "\(error.message)")
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(!error.message.contains("CANARY-KEY-123456"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func successSendsUserAgentMethodHeadersAndBody() async throws {
        let server = try FakeHTTPServer { _ in .json(200, "{\"ok\":true}") }
        let response = try await client().send(request(server), service: Self.service)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"ok\":true}")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST" && seen.path == "/thing")
        #expect(seen.header("User-Agent") == "places/\(PlacesVersion.current)")
        #expect(seen.header("X-Api-Key") == "CANARY-KEY-123456")
        #expect(String(decoding: seen.body, as: UTF8.self) == "{\"q\":1}")
    }

    @Test func retriesServerErrorsThenSucceeds() async throws {
        let counter = Waits()
        let sometimes = try FakeHTTPServer { _ in
            counter.add(1)
            return counter.all.count < 3 ? .json(503, "{\"status\":\"UNAVAILABLE\"}") : .json(200, "{\"ok\":1}")
        }
        let waits = Waits()
        let response = try await client(retries: 2, waits: waits).send(request(sometimes), service: Self.service)
        #expect(response.status == 200)
        #expect(sometimes.requests.count == 3)
        #expect(waits.all.count == 2)
        #expect(waits.all.allSatisfy { $0 >= 0 && $0 <= 8 })
    }

    @Test func persistentServerErrorIsUnavailableAfterAllAttempts() async throws {
        let server = try FakeHTTPServer { _ in .json(500, "{\"status\":\"INTERNAL\",\"message\":\"boom\"}") }
        await expectError(.unavailable, "500 INTERNAL after 3 attempts") {
            _ = try await client(retries: 2).send(request(server), service: Self.service)
        }
        #expect(server.requests.count == 3)
    }

    @Test func rateLimitHonoursRetryAfterSecondsAndDate() async throws {
        let calls = Waits()
        let server = try FakeHTTPServer { _ in
            calls.add(1)
            return calls.all.count == 1 ? .json(429, "{}", headers: [("Retry-After", "3")]) : .json(200, "{}")
        }
        let waits = Waits()
        _ = try await client(waits: waits).send(request(server), service: Self.service)
        #expect(waits.all == [3])
        let date = Date().addingTimeInterval(30)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let seconds = try #require(RetryPolicy.retryAfterSeconds(formatter.string(from: date)))
        #expect(seconds > 27 && seconds <= 30)
        #expect(RetryPolicy.retryAfterSeconds("soon") == nil)
    }

    @Test func retryAfterIsAPlainNumberOrADateAndNeverNegative() {
        #expect(RetryPolicy.retryAfterSeconds("120") == 120)
        #expect(RetryPolicy.retryAfterSeconds(" 1.5 ") == 1.5)
        #expect(RetryPolicy.retryAfterSeconds("1e19") == 1e19)
        #expect(RetryPolicy.retryAfterSeconds(String(repeating: "9", count: 400)) == .infinity, "huge, not unreadable")
        for unreadable in ["-5", "+5", "nan", "inf", "-inf", "infinity", "0x10", "1e", ".5", "5.", "1 2", "", "soon"] {
            #expect(RetryPolicy.retryAfterSeconds(unreadable) == nil, "\(unreadable)")
        }
        #expect(RetryPolicy.retryAfterSeconds("Thu, 01 Jan 1970 00:00:00 GMT") == 0, "a date in the past is no wait")
        #expect((RetryPolicy.retryAfterSeconds("Fri, 31 Dec 9999 23:59:59 GMT") ?? 0) > 1e11)
        #expect(HTTPErrorMapper.describeWait(120).amount == "120 s" && HTTPErrorMapper.describeWait(120).when.hasPrefix("after 20"))
        for huge in [1e19, 1e308, .infinity, 9.3e18] {
            #expect(HTTPErrorMapper.describeWait(huge) == ("more than a year", "later"))
        }
    }

    @Test func longRetryAfterFailsAtOnceAndPersistentRateLimitIs75() async throws {
        let long = try FakeHTTPServer { _ in .json(429, "{}", headers: [("Retry-After", "120")]) }
        await expectError(.temporary, "asks to wait 120 s") { _ = try await client().send(request(long), service: Self.service) }
        #expect(long.requests.count == 1)
        let always = try FakeHTTPServer { _ in .json(429, "{\"status\":\"RESOURCE_EXHAUSTED\"}") }
        await expectError(.temporary, "rate-limited") { _ = try await client(retries: 1).send(request(always), service: Self.service) }
        #expect(always.requests.count == 2)
    }

    @Test(arguments: [
        (401, PlacesError.Kind.permission, "rejected the key"), (403, .permission, "check GOOGLE_MAPS_API_KEY"),
        (404, .notFound, "no such"), (400, .usage, "refused the request"),
    ])
    func clientErrorsAreNotRetried(_ status: Int, _ kind: PlacesError.Kind, _ fragment: String) async throws {
        let server = try FakeHTTPServer { _ in .json(status, "{\"message\":\"nope CANARY-KEY-123456\"}") }
        await expectError(kind, fragment) { _ = try await client().send(request(server), service: Self.service) }
        #expect(server.requests.count == 1)
    }

    @Test func keyProblemInA400BodyIsPermission() async throws {
        let server = try FakeHTTPServer { _ in .json(400, "{\"status\":\"INVALID_ARGUMENT\",\"reason\":\"KEY\"}") }
        await expectError(.permission, "400 INVALID_ARGUMENT") { _ = try await client().send(request(server), service: Self.service) }
    }

    @Test func stallPastTheTimeoutIsUnavailable() async throws {
        // The server would answer 200 after 30 s: a timeout error (not a success) shows the
        // client gave up on its own deadline instead of waiting for the server.
        let server = try FakeHTTPServer { _ in .stall(seconds: 30) }
        let started = Date()
        await expectError(.unavailable, "did not answer in time") {
            _ = try await client(retries: 0, timeout: 0.7).send(request(server), service: Self.service)
        }
        let elapsed = Date().timeIntervalSince(started)
        // It waited for the timeout (not less: fractional timeouts must not be truncated).
        // That it did not wait for the server is shown by the error itself: the stalled
        // server ends with a 200, which would have been a success. (An upper bound on the
        // wall clock failed on a loaded machine, where other tests can starve this one.)
        #expect(elapsed >= 0.65, "gave up after \(elapsed) s, before the 0.7 s timeout")
    }

    @Test func truncatedBodyAndHangUpAreUnavailable() async throws {
        let truncated = try FakeHTTPServer { _ in .truncated(status: 200, declaredLength: 1000, body: Data("{\"places\":[".utf8)) }
        await expectError(.unavailable, "cannot reach Test API") {
            _ = try await client(retries: 0).send(request(truncated), service: Self.service)
        }
        let hangUp = try FakeHTTPServer { _ in .hangUp }
        await expectError(.unavailable, "cannot reach Test API") {
            _ = try await client(retries: 1).send(request(hangUp), service: Self.service)
        }
        #expect(hangUp.requests.count == 2)
    }

    @Test func responsesOverTheCapAreRefused() async throws {
        let server = try FakeHTTPServer { _ in .json(200, String(repeating: "x", count: 5000)) }
        await expectError(.unavailable, "declared a body of 5000 bytes, over the 1000 bytes places reads, so none of it was read") {
            _ = try await client(maxBytes: 1000).send(request(server), service: Self.service)
        }
        #expect(server.requests.count == 1)
    }

    @Test func refusedConnectionIsUnavailable() async throws {
        let req = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/x")!, service: "test")
        await expectError(.unavailable, "cannot reach Test API at 127.0.0.1") {
            _ = try await client(retries: 1).send(req, service: Self.service)
        }
    }
}
