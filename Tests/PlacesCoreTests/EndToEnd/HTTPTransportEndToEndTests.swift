import Foundation
import Testing

/// The HTTP client's answers to hostile or unusual servers, through the binary: `Retry-After`
/// values of any size.
@Suite("End to end: HTTP transport")
struct HTTPTransportEndToEndTests {
    static let canary = "CANARY-transport-\(UUID().uuidString.prefix(8))"

    static func env(_ extra: [String: String]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["FOURSQUARE_API_KEY"] = canary
        env.merge(extra) { $1 }
        return env
    }

    static let nearby = ["nearby", "--provider", "google", "--near", "Helsinki", "--json"]

    // MARK: - Retry-After

    static let tooLong = ["1e19", "1e308", "9223372036854775807", "18446744073709551616", "99999999999999999999999999", "121",
                          "Fri, 31 Dec 9999 23:59:59 GMT", "Sun, 06 Nov 2994 08:49:37 GMT"]

    @Test(arguments: tooLong, [429, 503])
    func aRetryAfterOverTheCapFailsAtOnceWith75(_ value: String, _ status: Int) throws {
        let google = try FakeGooglePlaces { _ in .json(status, "{}", headers: [("Retry-After", value)]) }
        let r = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": google.baseURL]))
        #expect(r.status == 75, "Retry-After: \(value): \(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("asks to wait") && r.errorLines[0].contains("try again"), "\(r)")
        #expect(r.stdout.isEmpty && !r.stderr.contains(Self.canary), "\(r)")
        #expect(google.requests.count == 1, "no retry after a long Retry-After")
    }

    static let ignored = ["-5", "-1e19", "nan", "inf", "-inf", "infinity", "0x10", "soon", "", "1 2", "Thu, 01 Jan 1970 00:00:00 GMT"]

    @Test(arguments: ignored)
    func aNegativeOrUnreadableRetryAfterIsIgnored(_ value: String) throws {
        let google = try FakeGooglePlaces { request in
            request.connection == 1 ? .json(429, "{}", headers: [("Retry-After", value)]) : nil
        }
        let r = try PlacesBinary.run(Self.nearby + ["--retries", "1"], environment: Self.env(["PLACES_GOOGLE_PLACES_URL": google.baseURL]))
        #expect(r.status == 0, "Retry-After: '\(value)': \(r)")
        #expect(google.requests.count == 2, "retried after the usual backoff")
        #expect(try JSONHelpers.array(r.stdout).count > 0)
    }
}
