import Foundation
import Testing

/// The HTTP client's answers to hostile or unusual servers, through the binary: `Retry-After`
/// values of any size, compressed bodies, a body without end, and connection reuse.
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

    static let tooLong = [
        "1e19", "1e308", "9223372036854775807", "18446744073709551616", "99999999999999999999999999", "121",
        "Fri, 31 Dec 9999 23:59:59 GMT", "Sun, 06 Nov 2994 08:49:37 GMT",
    ]

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

    // MARK: - Compressed bodies

    @Test func gzipBodiesLongerThanTheirSourceAreNotCutShort() throws {
        let gzippedEmpty = FakeHTTPServer.Reply.respond(
            status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: Gzip.stored(Data("{}".utf8)))
        let routes = try FakeHTTPServer { _ in gzippedEmpty }
        let route = try PlacesBinary.run(
            ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google", "--mode", "drive"],
            environment: Self.env(["PLACES_GOOGLE_ROUTES_URL": routes.baseURL]))
        #expect(route.status == 66, "\(route)")
        #expect(route.errorLines.count == 1 && route.errorLines[0].contains("no driving route"), "\(route)")
        #expect(routes.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)

        let empty = try FakeGooglePlaces { _ in gzippedEmpty }
        let none = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": empty.baseURL]))
        #expect(none.status == 0 && none.stdout == "[]\n", "\(none)")

        let plain = try FakeGooglePlaces()
        let compressed = try FakeGooglePlaces { request in
            guard case .respond(let status, let headers, let body) = FakeGooglePlaces.answer(request, places: FakeGooglePlaces.places)
            else { return nil }
            return .respond(status: status, headers: headers + [("Content-Encoding", "gzip")], body: Gzip.stored(body))
        }
        let expected = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": plain.baseURL]))
        let got = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": compressed.baseURL]))
        #expect(expected.status == 0 && got.status == 0 && got.stdout == expected.stdout, "\(got)")
    }

    @Test func aTruncatedGzipBodyIsStill69() throws {
        let whole = Gzip.stored(Data(String(repeating: #"{"places":[]}"#, count: 50).utf8))
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(whole.count)\r\nConnection: close\r\n\r\n"
        let server = try FakeHTTPServer { _ in .raw(Data(head.utf8) + whole.prefix(whole.count / 2)) }
        let r = try PlacesBinary.run(Self.nearby + ["--retries", "0"], environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL]))
        #expect(r.status == 69, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("cannot reach Google Places"), "\(r)")
    }

    // MARK: - The body cap bounds memory

    @Test func anEndlessBodyStopsAtTheCapWithBoundedMemory() throws {
        let server = try FakeHTTPServer { _ in .endlessChunked(status: 200, headers: [("Content-Type", "application/json")]) }
        let cap = 64 * 1_048_576
        // The limit only keeps a regression from taking the machine with it. Measured: about
        // 108 MB alone, 204 MB with the whole suite running on 2 cores, 283 and 299 MB with the
        // suite and other builds at a load of 9 to 22 (chunks FoundationNetworking has read wait
        // in its delegate queue while the reader is starved: a load-dependent backlog, not a
        // growth); a body read without the cap grows until the 8 GiB address-space limit stops it.
        let run = try PlacesBinary.runMeasured(
            Self.nearby + ["--timeout", "60"], environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL]),
            addressSpaceLimit: 8 << 30, killAfter: 300)
        let r = run.result
        #expect(r.status == 69, "\(run)")
        #expect(
            r.errorLines.count == 1
                && r.errorLines[0].contains("Google Places sent more than the 64 MiB places reads (it declared no length)"), "\(run)")
        #expect(r.stdout.isEmpty, "\(run)")
        #expect(run.peakResidentBytes < 6 * cap, "\(run)")
        #expect(server.requests.count == 1, "too large is not retried")
    }

    @Test(arguments: [
        ("99999999999999999999999", "more bytes than 64 bits count"), ("209715200", "209715200 bytes (200 MiB)"),
        ("9223372036854775295", "9223372036854775295 bytes (7 EiB)"),
        // FoundationNetworking's own loader trapped on these (its Int64 of libcurl's Double length).
        ("9223372036854775296", "9223372036854775296 bytes (7 EiB)"), ("9223372036854775806", "9223372036854775806 bytes (7 EiB)"),
    ])
    func aDeclaredLengthOverTheCapIsRefusedWhateverArrives(_ length: String, _ shown: String) throws {
        // libcurl reads a length too long for 64 bits as "until the connection closes", and
        // the two bytes that arrive would have passed for the whole body.
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n"
        let server = try FakeHTTPServer { _ in .raw(Data((head + "{}").utf8)) }
        let r = try PlacesBinary.run(Self.nearby, environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL]))
        #expect(r.status == 69, "\(r)")
        #expect(
            r.errorLines.count == 1
                && r.errorLines[0].contains(
                    "Google Places declared a body of \(shown), over the 64 MiB places reads, so none of it was read"),
            "\(r)")
        #expect(r.stdout.isEmpty)
    }

    /// The over-cap message says what was declared and what was read, and its advice fits the
    /// command: route-estimate has no --radius or --limit to narrow (issue 10's fuzz: a
    /// declared 64 GiB with no body from OSRM said "OSRM sent more than 64 MiB; narrow the
    /// request (a smaller --radius or --limit)").
    @Test func anOverCapMessageSaysWhatWasDeclaredAndFitsTheCommand() throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 68719476736\r\nConnection: close\r\n\r\n"
        let server = try FakeHTTPServer { _ in .raw(Data(head.utf8)) }
        let cases: [(args: [String], variable: String, url: String, said: String)] = [
            (
                ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "osrm"], "PLACES_OSRM_URL",
                server.baseURL,
                "OSRM declared a body of 68719476736 bytes (64 GiB), over the 64 MiB places reads, so none of it was read; a route is a few kilobytes: check that PLACES_OSRM_URL leads to an OSRM server"
            ),
            (
                ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google"],
                "PLACES_GOOGLE_ROUTES_URL", server.baseURL,
                "Google Routes declared a body of 68719476736 bytes (64 GiB), over the 64 MiB places reads, so none of it was read; a route is a few kilobytes: check that PLACES_GOOGLE_ROUTES_URL leads to the Routes API"
            ),
            (
                ["nearby", "--provider", "osm", "--near", "Helsinki"], "PLACES_OVERPASS_URL", server.baseURL + "/api/interpreter",
                "Overpass declared a body of 68719476736 bytes (64 GiB), over the 64 MiB places reads, so none of it was read; ask for less (a smaller --radius, or a --type), or use an extract offline with --data FILE"
            ),
            (
                ["details", "foursquare:4b0588f9f964a520f9db22e3"], "PLACES_FOURSQUARE_URL", server.baseURL,
                "Foursquare declared a body of 68719476736 bytes (64 GiB), over the 64 MiB places reads, so none of it was read; Foursquare answers a page of places in far less: check that PLACES_FOURSQUARE_URL leads to it"
            ),
        ]
        for c in cases {
            let r = try PlacesBinary.run(c.args + ["--retries", "0"], environment: Self.env([c.variable: c.url]))
            #expect(r.status == 69 && r.stdout.isEmpty && r.errorLines == ["places: error: " + c.said], "\(c.args): \(r)")
        }
    }

    @Test func anEndlessRedirectBodyStillEndsAtTheTimeout() throws {
        // FoundationNetworking's own loader buffers a 3xx body itself and tells the delegate
        // nothing until it ends, so the cap could not see it and the timeout had to end the
        // command (it once waited forever for a cancel queued behind the endless reads). Loaded
        // over libcurl (Linux), the body is counted like any other and stops at the cap first.
        let server = try FakeHTTPServer { _ in .endlessChunked(status: 302, headers: [("Location", "/elsewhere")]) }
        let run = try PlacesBinary.runMeasured(
            Self.nearby + ["--timeout", "1", "--retries", "0"],
            environment: Self.env(["PLACES_GOOGLE_PLACES_URL": server.baseURL]),
            addressSpaceLimit: 8 << 30, killAfter: 300)
        #expect(run.result.status == 69, "\(run)")
        let line = run.result.errorLines.first ?? ""
        #expect(run.result.errorLines.count == 1, "\(run)")
        #expect(line.contains("did not answer in time") || line.contains("sent more than the 64 MiB places reads"), "\(run)")
    }

    // MARK: - One session per process

    @Test func thePagesOfASearchShareOneConnection() throws {
        let foursquare = try FakeHTTPServer(keepAlive: true) { FakeFoursquare.answer($0, places: FakeFoursquare.places) }
        let r = try PlacesBinary.run(
            ["nearby", "--provider", "foursquare", "--near", "Helsinki", "--limit", "120", "--json"],
            environment: Self.env(["PLACES_FOURSQUARE_URL": foursquare.baseURL]))
        #expect(r.status == 0, "\(r)")
        #expect(try JSONHelpers.array(r.stdout).count == 120)
        #expect(foursquare.requests.count == 3)
        #expect(foursquare.requests.map(\.connection) == [1, 1, 1], "each page on a new connection")
    }
}
