import Foundation
import Testing

@testable import PlacesHTTP

/// The network transport itself over loopback TCP: on Linux, URLSession loading through
/// libcurl (`CurlURLProtocol`); what reaches the exchange must be what the server sent, each
/// answer to its own request, and a cancelled request must end.
@Suite("URLSessionTransport over loopback")
struct URLSessionTransportTests {
    /// The whole exchange's deadline: generous, since the suite's synchronous process runs can
    /// hold every cooperative thread for a minute on a 2-core machine, and a redirect's second
    /// request starts only when the first one's await resumes.
    static let patience = 600.0

    func get(_ server: FakeHTTPServer, _ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: server.baseURL + path)!, service: "test")
    }

    @Test func cancellingTheAwaitingTaskEndsTheRequest() async throws {
        // The server would answer 200 after 30 s: a cancellation error shows the request ended
        // when its task was cancelled, not when the server answered.
        let server = try FakeHTTPServer { _ in .stall(seconds: 30) }
        let request = get(server, "/slow")
        let task = Task { try await URLSessionTransport().send(request, timeout: 60, maxResponseBytes: 1 << 20) }
        for _ in 0..<500 where server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(server.requests.count == 1)
        task.cancel()
        do {
            let response = try await task.value
            Issue.record("a cancelled request was answered: \(response.status)")
        } catch let failure as TransportFailure {
            #expect(failure == .connection("cancelled"))
        }
    }

    @Test func concurrentRequestsEachGetTheirOwnAnswer() async throws {
        let server = try FakeHTTPServer(keepAlive: true) { request in
            .respond(status: 200, headers: [("Content-Type", "text/plain")], body: Data(String(repeating: request.path, count: 500).utf8))
        }
        let paths = (0..<40).map { "/item/\($0)" }
        let bodies = try await withThrowingTaskGroup(of: (String, Data).self) { group in
            for path in paths {
                let request = get(server, path)
                group.addTask {
                    (path, try await URLSessionTransport().send(request, timeout: Self.patience, maxResponseBytes: 1 << 20).body)
                }
            }
            var all: [String: Data] = [:]
            for try await (path, body) in group { all[path] = body }
            return all
        }
        for path in paths { #expect(bodies[path] == Data(String(repeating: path, count: 500).utf8), "\(path)") }
        // 16 connections to a host at most; the rest wait for one and reuse it.
        #expect(Set(server.requests.map(\.connection)).count <= 16)
    }

    @Test func aBodyOfManyPiecesArrivesWholeAndExact() async throws {
        var generator = SystemRandomNumberGenerator()
        let body = Data((0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let server = try FakeHTTPServer { _ in .respond(status: 200, headers: [("Content-Type", "application/octet-stream")], body: body) }
        let response = try await URLSessionTransport().send(get(server, "/big"), timeout: Self.patience, maxResponseBytes: 8 << 20)
        #expect(response.status == 200 && response.body == body)
    }

    @Test func aHeadAfterAnInterimOneIsTheResponseWithRepeatedFieldsJoined() async throws {
        let raw =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Part: one\r\n"
            + "X-Part: two\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        let server = try FakeHTTPServer { _ in .raw(Data(raw.utf8)) }
        let response = try await URLSessionTransport().send(get(server, "/head"), timeout: Self.patience, maxResponseBytes: 1 << 20)
        #expect(response.status == 201 && response.body == Data("{}".utf8))
        #expect(response.header("X-Part") == "one, two")
    }

    @Test func aHeadOverTheLimitAndAnAnswerThatIsNotHTTPAreRefused() async throws {
        let fields = (0..<5_000).map { "X-Filler-\($0): \(String(repeating: "x", count: 60))\r\n" }.joined()
        let huge = try FakeHTTPServer { _ in .raw(Data("HTTP/1.1 200 OK\r\n\(fields)Content-Length: 2\r\n\r\n{}".utf8)) }
        let garbage = try FakeHTTPServer { _ in .raw(Data("hello there\r\n\r\n".utf8)) }
        for (server, expected) in [
            (huge, TransportFailure.connection("the head of its answer was over 256 KiB")),
            (garbage, TransportFailure.connection("the server sent no answer that reads as HTTP")),
        ] {
            do {
                let response = try await URLSessionTransport().send(get(server, "/x"), timeout: Self.patience, maxResponseBytes: 1 << 20)
                Issue.record("answered \(response.status)")
            } catch let failure as TransportFailure {
                #expect(failure == expected)
            }
        }
    }

    @Test func aRedirectIsHandedToTheTransportWhichFollowsItOnItsOrigin() async throws {
        let server = try FakeHTTPServer { request in
            request.path == "/from" ? .redirect(302, to: "/to?x=1") : .json(200, "{\"at\":\"to\"}")
        }
        let response = try await URLSessionTransport().send(get(server, "/from"), timeout: Self.patience, maxResponseBytes: 1 << 20)
        #expect(response.status == 200 && response.body == Data("{\"at\":\"to\"}".utf8))
        #expect(server.requests.map(\.target) == ["/from", "/to?x=1"])
    }
}
