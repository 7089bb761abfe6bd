import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, item 13: a server's `code` is a word a message quotes (`NoRoute`); a 100 KB one
/// from a broken or hostile OSRM is cut, in an answer with a 200 and after a 5xx alike,
/// never echoed whole into the one error line.
@Suite("End to end: a server's code is cut where a message quotes it")
struct EchoedCodeEndToEndTests {
    static let hugeCode = String(repeating: "Z", count: 100_000)

    @Test(arguments: [200, 500])
    func aHugeOSRMCodeIsCut(status: Int) async throws {
        let body = #"{"code":"\#(Self.hugeCode)","message":"\#(String(repeating: "m", count: 5_000))"}"#
        let server = try FakeHTTPServer { _ in .json(status, body) }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSRM_URL"] = server.baseURL
        let r = try await PlacesBinary.runDetached(
            ["route-estimate", "--from", "60,25", "--to", "60.0027,25.0054", "--router", "osrm", "--retries", "0"],
            environment: env)
        #expect(r.status == 69, "\(r.status): \(r.stderr.prefix(300))")
        #expect(r.errorLines.count == 1 && r.stdout.isEmpty, "\(r.stderr.prefix(300))")
        let line = try #require(r.errorLines.first)
        #expect(line.contains("ZZZZ") && line.contains("…"), "the code is quoted, cut: \(line.prefix(300))")
        #expect(line.count < 1_000, "\(line.count) characters: \(line.prefix(300))")
    }
}
