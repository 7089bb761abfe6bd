import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesHTTP

@Suite("Redirect policy")
struct RedirectPolicyTests {
    static func request(_ url: String, secret: Bool) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: url)!, headers: secret ? [("X-Goog-Api-Key", "K")] : [], body: Data("{}".utf8),
            service: "test", secretHeaders: ["X-Goog-Api-Key"])
    }

    @Test func originsCompareSchemeHostAndPortWithDefaults() {
        #expect(
            HTTPOrigin(URL(string: "https://Places.googleapis.com/v1")!) == HTTPOrigin(URL(string: "https://places.googleapis.com:443/x")!))
        #expect(HTTPOrigin(URL(string: "http://a.example/")!) != HTTPOrigin(URL(string: "https://a.example/")!))
        #expect(HTTPOrigin(URL(string: "http://a.example:8080/")!) != HTTPOrigin(URL(string: "http://a.example/")!))
        #expect(HTTPOrigin(URL(string: "ftp://a.example/")!) == nil)
        #expect(HTTPOrigin(URL(string: "http://127.0.0.1:9/")!)?.display == "127.0.0.1:9")
        #expect(HTTPOrigin(URL(string: "https://a.example/")!)?.display == "a.example")
    }

    @Test func aSecretStaysOnItsOrigin() {
        let policy = RedirectPolicy(for: Self.request("https://places.googleapis.com/v1/places:searchNearby", secret: true))
        #expect(policy.carriesSecrets)
        #expect(policy.refusal(of: URL(string: "https://places.googleapis.com/v2/moved")!, hop: 1) == nil)
        guard case .redirectRefused(let why)? = policy.refusal(of: URL(string: "https://evil.example:8443/x")!, hop: 1) else {
            Issue.record("followed a key to another origin")
            return
        }
        #expect(why.contains("evil.example:8443") && why.contains("API key"))
        #expect(policy.refusal(of: URL(string: "https://places.googleapis.com.evil.example/x")!, hop: 1) != nil)
        #expect(policy.refusal(of: URL(string: "http://places.googleapis.com/x")!, hop: 1) != nil, "another scheme is another origin")
    }

    @Test func aKeyInTheQueryIsASecretToo() {
        #expect(RedirectPolicy(for: Self.request("https://maps.example/api?key=K", secret: false)).carriesSecrets)
        #expect(!RedirectPolicy(for: Self.request("https://overpass.example/api/interpreter", secret: false)).carriesSecrets)
    }

    @Test func keylessRequestsMoveButNeverDownNorAwayFromHTTP() {
        let policy = RedirectPolicy(for: Self.request("https://overpass-api.de/api/interpreter", secret: false))
        #expect(policy.refusal(of: URL(string: "https://overpass.mirror.example/api/interpreter")!, hop: 1) == nil)
        #expect(policy.refusal(of: URL(string: "http://overpass.mirror.example/api/interpreter")!, hop: 1) != nil, "https to http")
        #expect(policy.refusal(of: URL(string: "file:///etc/passwd")!, hop: 1) != nil)
        #expect(policy.refusal(of: URL(string: "ftp://mirror.example/x")!, hop: 1) != nil)
        #expect(policy.refusal(of: URL(string: "https://overpass-api.de/again")!, hop: RedirectPolicy.maxHops) == nil)
        #expect(policy.refusal(of: URL(string: "https://overpass-api.de/again")!, hop: RedirectPolicy.maxHops + 1) != nil)
    }

    @Test func theRedirectedRequestKeepsOrDropsTheBodyByStatus() throws {
        let post = Self.request("https://a.example/x", secret: true)
        let target = URL(string: "https://a.example/y")!
        for status in [307, 308] {
            let next = try #require(URLSessionTransport.redirected(post, status: status, to: target))
            #expect(next.method == "POST" && next.body == post.body && next.url == target && next.header("X-Goog-Api-Key") == "K")
        }
        for status in [301, 302, 303] {
            let next = try #require(URLSessionTransport.redirected(post, status: status, to: target))
            #expect(next.method == "GET" && next.body == nil)
        }
        var get = post
        get.method = "GET"
        get.body = nil
        #expect(URLSessionTransport.redirected(get, status: 301, to: target)?.method == "GET")
        #expect(URLSessionTransport.redirected(post, status: 300, to: target) == nil)
        #expect(URLSessionTransport.redirected(post, status: 305, to: target) == nil)
    }
}
