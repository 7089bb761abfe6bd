import Foundation
import Testing

/// Examples/SearchBox, the README's search-box example, built with no `package` access to
/// PlacesCore, run against the loopback Google fake: one session token on every keystroke's
/// autocomplete request and on the details call that ends it.
@Suite("Example: an app's search box with the public API")
struct SearchBoxExampleTests {
    static let executable = PlacesBinary.packageExecutable("SearchBox")

    @Test func everyKeystrokeAndTheDetailsShareOneSession() throws {
        let google = try FakeGooglePlaces()
        var environment = PlacesBinary.baseEnvironment()
        environment["GOOGLE_MAPS_API_KEY"] = "example-key"
        let r = try PlacesBinary.run(["sush", google.baseURL], environment: environment, executable: Self.executable)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["s", "su", "sus", "sush", "picked"], "\(r)")
        #expect(
            lines.last?.lowercased().contains("sush") == true && lines.last?.hasSuffix("4 requests, session ended: true") == true, "\(r)")
        let autocompletes = google.requests.filter { $0.path == "/v1/places:autocomplete" }
        let tokens = Set(autocompletes.compactMap { $0.json?["sessionToken"] as? String })
        #expect(autocompletes.count == 4 && tokens.count == 1)
        let details = try #require(google.requests.last)
        #expect(details.method == "GET" && details.query["sessionToken"] == tokens.first)
        #expect(google.requests.allSatisfy { $0.header("X-Goog-Api-Key") == "example-key" && !$0.target.contains("example-key") })
    }
}
