import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesHTTP
@testable import PlacesModel

@Suite("Cassettes: record and replay")
struct CassetteTests {
    let canary = "CANARY-KEY-9f8e7d6c5b4a"

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("places-cassettes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func request(_ base: String, body: String = "{\"b\":2,\"a\":1}", mask: String = "places.id") -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: base + "/v1/places:searchNearby?key=\(canary)&z=1&a=2")!,
            headers: [
                ("Content-Type", "application/json"), ("X-Goog-Api-Key", canary), ("X-Goog-FieldMask", mask),
                ("Authorization", "Bearer \(canary)"),
            ],
            body: Data(body.utf8), service: "google", secretHeaders: ["X-Goog-Api-Key", "Authorization"],
            matchedHeaders: ["X-Goog-FieldMask"])
    }

    @Test func keyIgnoresSecretsAndKeyOrderButNotTheFieldMask() {
        let a = request("http://h")
        var b = request("http://h", body: "{\"a\":1,\"b\":2}")
        b.setHeader("X-Goog-Api-Key", "another-key-entirely")
        #expect(Cassette.key(for: a) == Cassette.key(for: b))
        #expect(Cassette.key(for: a) == Cassette.key(for: request("https://places.googleapis.com")))
        #expect(Cassette.key(for: a) != Cassette.key(for: request("http://h", mask: "places.id,places.rating")))
        #expect(Cassette.key(for: a) != Cassette.key(for: request("http://h", body: "{\"a\":2}")))
    }

    @Test func recordRedactsThenReplayPlaysBackInOrderWithoutNetwork() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let counter = NSLock()
        nonisolated(unsafe) var n = 0
        let server = try FakeHTTPServer { _ in
            let k = counter.withLock {
                n += 1; return n
            }
            return .json(200, "{\"call\":\(k)}", headers: [("Link", "<http://next>; rel=\"next\"")])
        }
        let recorder = CassetteRecordingTransport(inner: URLSessionTransport(), directory: dir.path, knownSecrets: [canary])
        let req = request(server.baseURL)
        _ = try await recorder.send(req, timeout: 5, maxResponseBytes: 1 << 20)
        _ = try await recorder.send(req, timeout: 5, maxResponseBytes: 1 << 20)

        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("google").path).sorted()
        let key = Cassette.key(for: req)
        #expect(files == ["\(key)-1.json", "\(key)-2.json"])
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent("google/\(file)"), encoding: .utf8)
            #expect(!text.contains(canary))
            #expect(text.contains("\"X-Goog-Api-Key\" : \"REDACTED\"") || text.contains("\"X-Goog-Api-Key\": \"REDACTED\""))
            #expect(text.contains("key=REDACTED"))
            #expect(text.contains("\"Link\""))
        }

        server.stop()
        let replay = CassetteReplayTransport(directory: dir.path)
        let first = try await replay.send(req, timeout: 5, maxResponseBytes: 1 << 20)
        let second = try await replay.send(req, timeout: 5, maxResponseBytes: 1 << 20)
        #expect(String(decoding: first.body, as: UTF8.self) == "{\"call\":1}")
        #expect(String(decoding: second.body, as: UTF8.self) == "{\"call\":2}")
        #expect(first.header("link") == "<http://next>; rel=\"next\"")
        do {
            _ = try await replay.send(req, timeout: 5, maxResponseBytes: 1 << 20)
            Issue.record("a third identical request was not recorded")
        } catch let error as PlacesError {
            #expect(error.exitCode == 66)
            #expect(error.message.contains("recorded 2 time(s)"))
            #expect(!error.message.contains(canary))
        }
    }

    @Test func replayMissNamesTheRequestRedacted() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try await CassetteReplayTransport(directory: dir.path).send(
                request("http://example.invalid"), timeout: 1, maxResponseBytes: 100)
            Issue.record("expected a miss")
        } catch let error as PlacesError {
            #expect(error.exitCode == 66)
            #expect(error.message.contains("POST http://example.invalid/v1/places:searchNearby?key=REDACTED"))
            #expect(error.message.contains("X-Goog-FieldMask: places.id"))
            #expect(!error.message.contains(canary))
        }
    }

    @Test func refusesToWriteWhenTheServerEchoesTheKey() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try FakeHTTPServer { [canary] _ in .json(200, "{\"photo\":\"https://x/media?key=\(canary)\"}") }
        let recorder = CassetteRecordingTransport(inner: URLSessionTransport(), directory: dir.path, knownSecrets: [])
        do {
            _ = try await recorder.send(request(server.baseURL), timeout: 5, maxResponseBytes: 1 << 20)
            Issue.record("expected a refusal")
        } catch let error as PlacesError {
            #expect(error.message.contains("refusing to record"))
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("google").path))?.isEmpty ?? true)
    }

    @Test func redactionCoversHeadersQueryAndBearer() {
        let r = request("http://h").redacted
        #expect(r.header("X-Goog-Api-Key") == "REDACTED")
        #expect(r.header("Authorization") == "REDACTED")
        #expect(r.url.absoluteString.contains("key=REDACTED"))
        #expect(request("http://h").secrets.contains(canary))
        #expect(Redaction.scrub("a \(canary) b", secrets: [canary]) == "a REDACTED b")
    }
}
