import Foundation
import Testing

/// What the network layer promises about TLS and proxies, through the binary: a server's
/// certificate is verified (authority, host, dates), the user may name the authorities to trust
/// (`SSL_CERT_FILE`, as curl and OpenSSL read it), and `https_proxy`, `http_proxy` and `no_proxy`
/// are followed as curl follows them, the key going through an https proxy's tunnel, never to it.
/// Linux only: that is where `places` loads over libcurl; on macOS, Foundation trusts and
/// proxies as the system's settings say.
#if os(Linux)
@Suite("End to end: TLS and proxies")
struct TLSAndProxyEndToEndTests {
    static let canary = "CANARY-tls-\(UUID().uuidString.prefix(8))"
    static let nearby = ["nearby", "--provider", "google", "--at", "60.1699,24.9384", "--json", "--retries", "0"]

    static func env(_ extra: [String: String]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env.merge(extra) { $1 }
        return env
    }

    // MARK: - TLS

    @Test func aServerWhoseCertificateNoAuthoritySignedIsRefused() throws {
        let server = try FakeTLSServer(subjectAltName: "IP:127.0.0.1")
        let r = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL]))
        #expect(r.status == 69 && r.stdout.isEmpty, "\(r)")
        #expect(
            r.errorLines == [
                "places: error: cannot reach Google Places at 127.0.0.1: its TLS certificate is not signed by an authority this system trusts; check the network or the service URL"
            ], "\(r)")
    }

    @Test func theSameServerIsReachedOnceItsCertificateIsTrusted() throws {
        let server = try FakeTLSServer(subjectAltName: "IP:127.0.0.1")
        for variable in ["SSL_CERT_FILE", "CURL_CA_BUNDLE"] {
            let r = try PlacesBinary.run(
                Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL, variable: server.certificate.path]))
            let answer = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(r.status == 0 && answer == "[]" && r.stderr.isEmpty, "\(variable): \(r)")
        }
    }

    @Test func aTrustedCertificateForAnotherHostIsRefused() throws {
        let server = try FakeTLSServer(subjectAltName: "DNS:elsewhere.example")
        let r = try PlacesBinary.run(
            Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL, "SSL_CERT_FILE": server.certificate.path]))
        #expect(r.status == 69 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("its TLS certificate could not be verified"), "\(r)")
    }

    // MARK: - Proxies

    @Test func anHTTPSProxyGetsATunnelRequestAndNeverTheKey() throws {
        let proxy = try FakeHTTPServer { _ in .json(403, "{}") }
        // Google's own https URL: the only connection made is to the proxy, which refuses the tunnel.
        let r = try PlacesBinary.run(Self.nearby, environment: Self.env(["https_proxy": proxy.baseURL]))
        #expect(r.status == 69 && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
        let seen = proxy.requests
        #expect(seen.map(\.method) == ["CONNECT"] && seen.first?.target == "places.googleapis.com:443", "\(seen.map(\.raw))")
        #expect(!seen.contains { $0.raw.contains(Self.canary) }, "the key reached the proxy: \(seen.map(\.raw))")
        #expect(!r.stderr.contains(Self.canary))
    }

    @Test func anHTTPProxyCarriesPlainRequestsUnlessNoProxyNamesTheHost() throws {
        let proxy = try FakeHTTPServer { _ in .json(503, "{}") }
        let osrm = try FakeHTTPServer { _ in .json(503, "{}") }
        let route = ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "osrm", "--retries", "0"]
        var env = Self.env(["http_proxy": proxy.baseURL, "PLACES_OSRM_URL": osrm.baseURL])

        let proxied = try PlacesBinary.run(route, environment: env)
        #expect(proxied.status == 69, "\(proxied)")
        #expect(proxy.requests.count == 1 && osrm.requests.isEmpty, "\(proxy.requests.map(\.raw))")
        // A proxy is sent the whole URL (absolute form, RFC 9112 §3.2.2).
        #expect(proxy.requests.first?.target.hasPrefix(osrm.baseURL + "/route/v1/") == true, "\(proxy.requests.map(\.raw))")

        env["no_proxy"] = "127.0.0.1"
        let direct = try PlacesBinary.run(route, environment: env)
        #expect(direct.status == 69, "\(direct)")
        #expect(proxy.requests.count == 1 && osrm.requests.count == 1, "\(osrm.requests.map(\.raw))")
    }
}
#endif
