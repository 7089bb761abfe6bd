import Foundation
import Testing

/// Issue 33, item 11, through the binary: a 429 that asks for a wait says when to try again,
/// with or without retries, in the same words: the wait in seconds and the time it ends (on the
/// clock `PLACES_NOW` pins, so the lines can be compared whole).
@Suite("End to end: a 429 says when to try again")
struct RetryAfterWordingEndToEndTests {
    static func environment(_ fake: FakeGooglePlaces) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-wait-\(UUID().uuidString.prefix(8))"
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        env["PLACES_NOW"] = "2026-06-01T12:00:00Z"
        return env
    }

    static func refusing(retryAfter: String) throws -> FakeGooglePlaces {
        try FakeGooglePlaces { _ in .json(429, BatchEndToEndTests.exhausted, headers: [("Retry-After", retryAfter)]) }
    }

    @Test func anHourWithoutRetriesSaysWhenAsTheRetryingPathDoes() throws {
        let fake = try Self.refusing(retryAfter: "3600")
        let env = Self.environment(fake)
        let once = try PlacesBinary.run(["details", "google:ChIJ1", "--retries", "0"], environment: env)
        let retrying = try PlacesBinary.run(["details", "google:ChIJ1"], environment: env)
        #expect(once.status == 75 && retrying.status == 75, "\(once)\n\(retrying)")
        #expect(once.errorLines.count == 1 && once.stderrLines.count == 1, "\(once)")
        // Before: "wait a minute and try again" without retries.
        let line = once.errorLines.first ?? ""
        #expect(line.contains("asks to wait 3600 s") && line.contains("try again after 2026-06-01T13:00:00Z"), "\(once)")
        #expect(retrying.errorLines == once.errorLines, "one wording for both paths: \(retrying)")
    }

    @Test func aDateWithoutRetriesIsReadOnThePinnedClock() throws {
        let fake = try Self.refusing(retryAfter: "Mon, 01 Jun 2026 13:30:00 GMT")
        let r = try PlacesBinary.run(["details", "google:ChIJ1", "--retries", "0"], environment: Self.environment(fake))
        #expect(r.status == 75, "\(r)")
        let line = r.errorLines.first ?? ""
        #expect(line.contains("asks to wait 5400 s") && line.contains("try again after 2026-06-01T13:30:00Z"), "\(r)")
    }

    @Test func noRetryAfterStillSaysAMinute() throws {
        let fake = try FakeGooglePlaces { _ in .json(429, BatchEndToEndTests.exhausted) }
        let r = try PlacesBinary.run(["details", "google:ChIJ1", "--retries", "0"], environment: Self.environment(fake))
        #expect(r.status == 75 && r.errorLines.first?.contains("wait a minute and try again") == true, "\(r)")
    }
}
