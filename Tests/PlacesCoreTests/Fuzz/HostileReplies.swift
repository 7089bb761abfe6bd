import Foundation

/// One answer of the hostile server: the reply, a short name of what is hostile about it
/// (part of a failure's class), and what was sent, readable, for the report.
struct HostileReply {
    let reply: FakeHTTPServer.Reply
    let tag: String
    let summary: String
}

/// The hostile server's answers, from a seed: statuses (redirects to another origin, 4xx,
/// 429/503 with odd `Retry-After`, 5xx, statuses nobody uses), headers (paging links that
/// loop, lengths and encodings that lie), bodies (cut short, wrong types, huge numbers, NaN,
/// deep nesting, error envelopes in a 200, the key echoed in every form, page tokens without
/// end) and connections (stalls, hang-ups, bodies without end).
enum HostileReplies {
    enum Scenario: CaseIterable {
        case valid, mutatedBody, keyEcho, errorIn200, paging, redirect, clientError, retryAfter, serverError
        case oddStatus, stall, hangUp, truncated, encodingLie, gzip, hugeLength, endless, malformedHTTP

        var weight: Int {
            switch self {
            case .valid: return 6
            case .mutatedBody: return 26
            case .keyEcho: return 9
            case .errorIn200: return 4
            case .paging: return 30
            case .redirect: return 9
            case .clientError: return 7
            case .retryAfter: return 9
            case .serverError: return 3
            case .oddStatus: return 2
            // A stalled answer costs the client a second of CPU (FoundationNetworking polls while it waits).
            case .stall: return 1
            case .hangUp: return 2
            case .truncated: return 3
            case .encodingLie: return 3
            case .gzip: return 2
            case .hugeLength: return 2
            case .endless: return 1
            case .malformedHTTP: return 2
            }
        }
    }

    /// Where the answer goes and what it answers.
    struct Context {
        let caseIndex: Int
        /// The case's seed: what must stay the same from one request to the next (a paging policy).
        let caseSeed: UInt64
        /// The hostile server's own base URL (the configured origin).
        let selfURL: String
        /// A server on another port that records what reaches it.
        let sinkURL: String
        let requestIndex: Int
        let request: FakeHTTPServer.Request
        /// Called with the bytes of an endless body sent before the client stopped reading.
        let endlessSent: @Sendable (Int) -> Void

        var endpoint: HostileEndpoint { HostileEndpoint(path: request.path) }
        var sinkPrefix: String { "/case-\(caseIndex)" }
    }

    /// Bytes of an endless body sent before giving up: the 64 MiB cap plus room for what
    /// the sockets and the client's buffers legitimately hold. Sending all of it means the
    /// client did not stop reading at its cap.
    static let endlessLimit = 128 << 20

    /// A scenario that can happen at `endpoint`: pages only where the API pages, the key
    /// echoed only by an API that was sent one.
    static func scenario(_ rng: inout SplitMix64, for endpoint: HostileEndpoint) -> Scenario {
        rng.weighted(
            Scenario.allCases.map { scenario in
                switch scenario {
                case .paging: return (endpoint.pages ? 30 : 0, scenario)
                case .keyEcho: return (endpoint.key == nil ? 0 : scenario.weight, scenario)
                default: return (scenario.weight, scenario)
                }
            })
    }

    static func answer(_ scenario: Scenario, _ c: Context, _ rng: inout SplitMix64) -> HostileReply {
        let endpoint = c.endpoint
        switch scenario {
        case .valid:
            return json(200, endpoint.body(c.requestIndex * 2), tag: "a well-formed answer")
        case .mutatedBody:
            return mutated(endpoint.body(c.requestIndex * 2), &rng)
        case .keyEcho:
            guard let key = endpoint.key else { return mutated(endpoint.body(), &rng) }
            let echo = rng.pick(FuzzCanary.echoes(of: key))
            var tree = endpoint.body(c.requestIndex * 2)
            let strings = tree.paths.filter { if case .string = tree.node(at: $0) { return true } else { return false } }
            if let path = strings.isEmpty ? nil : rng.pick(strings) {
                tree = tree.replacing(at: path, with: .raw("\"\(echo.text)\"")) ?? tree
            }
            return json(200, tree, tag: "the key echoed in a 200 body (\(echo.form))")
        case .errorIn200:
            return json(200, endpoint.errorBody(status: 403, message: message(endpoint, &rng)), tag: "an error envelope in a 200")
        case .paging:
            return paging(c, &rng)
        case .redirect:
            return redirect(c, &rng)
        case .clientError:
            let status = rng.pick([400, 401, 403, 404, 405, 410, 413, 414, 418, 422, 451])
            let text = message(endpoint, &rng)
            return json(status, endpoint.errorBody(status: status, message: text), tag: "a 4xx \(describe(text))")
        case .retryAfter:
            let status = rng.pick([429, 503])
            let value = rng.pick(retryAfterValues)
            return json(
                status, endpoint.errorBody(status: status, message: .string("slow down")), headers: [("Retry-After", value)],
                tag: "429/503 with Retry-After \(retryAfterKind(value))")
        case .serverError:
            let status = rng.pick([500, 502, 504, 599])
            if rng.percent(50) {
                return HostileReply(
                    reply: .respond(
                        status: status, headers: [("Content-Type", "text/html")],
                        body: Data("<html><body>\(status) Bad Gateway</body></html>".utf8)),
                    tag: "a 5xx", summary: "HTTP \(status), HTML body")
            }
            let text = message(endpoint, &rng)
            return json(status, endpoint.errorBody(status: status, message: text), tag: "a 5xx \(describe(text))")
        case .oddStatus:
            let body = endpoint.body().rendered
            let head = rng.pick([
                "HTTP/1.1 204 No Content", "HTTP/1.1 304 Not Modified", "HTTP/1.1 600 Beyond", "HTTP/1.1 999 Odd",
                "HTTP/1.1 299 Odd Success", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK", "HTTP/1.1 0 Zero", "HTTP/1.1 -200 Negative",
            ])
            return raw(
                head, [("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")], Data(body.utf8),
                tag: "an odd status line")
        case .stall:
            return HostileReply(reply: .stall(seconds: 2.5), tag: "no answer before the timeout", summary: "no answer for 2.5 s")
        case .hangUp:
            return HostileReply(reply: .hangUp, tag: "connection closed without an answer", summary: "closed the connection at once")
        case .truncated:
            let body = Data(endpoint.body().rendered.utf8)
            let cut = rng.below(body.count)
            return HostileReply(
                reply: .truncated(status: 200, declaredLength: body.count, body: body.prefix(cut)),
                tag: "a body cut short", summary: "HTTP 200, Content-Length \(body.count), \(cut) bytes sent, then closed")
        case .encodingLie:
            let encoding = rng.pick(["gzip", "br", "deflate", "zstd", "gzip, gzip", "x-unknown", "compress", "identity, gzip"])
            let body = Data(endpoint.body().rendered.utf8)
            return raw(
                "HTTP/1.1 200 OK",
                [("Content-Type", "application/json"), ("Content-Encoding", encoding), ("Content-Length", "\(body.count)")], body,
                tag: "Content-Encoding '\(encoding)' on a plain body")
        case .gzip:
            let plain = rng.pick([endpoint.body().rendered, "{}", ""])
            let body = Gzip.stored(Data(plain.utf8))
            return raw(
                "HTTP/1.1 200 OK",
                [("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("Content-Length", "\(body.count)")], body,
                tag: "a true gzip body" + (plain.count < 3 ? " of '\(plain)'" : ""))
        case .hugeLength:
            // Not 2^63 - 512 ... 2^63 - 1 (`9223372036854775807`): FoundationNetworking traps on
            // them in libcurl's header callback, before any of our code runs (README, Known
            // limitations): `Int64(contentLength)` on libcurl's Double in
            // `_EasyHandle.didReceive(headerData:size:nmemb:contentLength:)`,
            // swift-corelibs-foundation Sources/FoundationNetworking/URLSession/libcurl/EasyHandle.swift
            // (line 697 at 761b621). 2^63 - 513 is the largest value that is not rounded up to 2^63.
            let length = rng.pick([
                "99999999999999999999", "18446744073709551615", "9223372036854775295", "-1", "68719476736", "1e9", "12, 34",
            ])
            let body = Data(endpoint.body().rendered.utf8)
            return raw(
                "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Content-Length", length)], body,
                tag: "Content-Length '\(length)'")
        case .endless:
            return HostileReply(
                reply: .endlessChunkedCounted(
                    status: 200, headers: [("Content-Type", "application/json")], limit: endlessLimit, sent: c.endlessSent),
                tag: "a chunked body without end",
                summary: "HTTP 200, chunked, 64 KiB chunks without end (\(endlessLimit >> 20) MiB at most)")
        case .malformedHTTP:
            return malformed(endpoint, &rng)
        }
    }

    // MARK: - Pieces

    static let retryAfterValues = [
        "1e19", "1e308", "9223372036854775807", "9223372036854775808", "18446744073709551616", "1e400", "-1", "-0", "NaN", "nan",
        "inf", "Infinity", "0", "1", "0.5", "61", "3600", "86400", "1e9", "", " ", "soon", "0x10", "1, 2",
        "Fri, 31 Dec 9999 23:59:59 GMT", "Wed, 21 Oct 2015 07:28:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 XYZ",
    ]

    /// RFC 9110's delta-seconds are digits only; anything else is an HTTP date or nothing.
    private static func retryAfterKind(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let number = Double(trimmed), number < 9.2e18 else { return "beyond Int" }
            return number > 60 ? "over 60 s" : "of a second or less"
        }
        if trimmed.contains("GMT") || trimmed.contains("XYZ") { return "an HTTP date" }
        if let number = Double(trimmed), number.isFinite, number >= 9.2e18 { return "beyond Int, not in digits" }
        return "not delta-seconds ('\(trimmed)')"
    }

    private static func paging(_ c: Context, _ requestRNG: inout SplitMix64) -> HostileReply {
        let endpoint = c.endpoint
        // The same policy on every page, or the loop would not be one.
        var rng = SplitMix64(seed: c.caseSeed ^ 0x5851_F42D_4C95_7F2D)
        let empty = rng.percent(50)
        switch endpoint {
        case .googleText:
            let policy = rng.pick(["the same token", "a new token", "a 10 KB token", "the key as token"])
            let token: String
            switch policy {
            case "the same token": token = "x"
            case "a new token": token = "tok-\(c.requestIndex)"
            case "a 10 KB token": token = String(repeating: "t", count: 10_000)
            default: token = FuzzCanary.google
            }
            let places: FuzzJSON = empty ? .array([]) : .array([HostileEndpoint.googlePlace(0), HostileEndpoint.googlePlace(1)])
            return json(
                200, .object([("places", places), ("nextPageToken", .string(token))]),
                tag: "pages without end (\(empty ? "empty pages" : "the same places"), \(policy))")
        case .foursquareSearch:
            let policy = rng.pick([
                "a link to itself", "a new cursor", "a link to another origin", "a link carrying the key", "a relative link",
                "a malformed link",
            ])
            let link: String
            switch policy {
            case "a link to itself": link = "<\(c.selfURL)\(c.request.target)>; rel=\"next\""
            case "a new cursor": link = "<\(c.selfURL)/places/search?cursor=c\(c.requestIndex)&limit=50>; rel=\"next\""
            case "a link to another origin": link = "<\(c.sinkURL)\(c.sinkPrefix)/places/search?cursor=x>; rel=\"next\""
            case "a link carrying the key":
                link =
                    "<\(c.selfURL)/places/search?cursor=\(FuzzCanary.foursquare.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)>; rel=\"next\""
            case "a relative link": link = "</places/search?cursor=r\(c.requestIndex)>; rel=next"
            default:
                link = rng.pick([
                    "<>; rel=\"next\"", "<http://[::1>; rel=next", "<javascript:alert(1)>; rel=\"next\"", "rel=next",
                    "<\(c.selfURL)/x>; rel=\"next\", <\(c.sinkURL)\(c.sinkPrefix)/y>; rel=\"next\"",
                ])
            }
            let results: FuzzJSON = empty ? .array([]) : .array([HostileEndpoint.foursquarePlace(0), HostileEndpoint.foursquarePlace(1)])
            return json(
                200, .object([("results", results)]), headers: [("Link", link)],
                tag: "pages without end (\(empty ? "empty pages" : "the same places"), \(policy))")
        default:
            return mutated(endpoint.body(), &requestRNG)
        }
    }

    private static func redirect(_ c: Context, _ rng: inout SplitMix64) -> HostileReply {
        let status = rng.pick([301, 302, 303, 307, 308])
        let sinkPort = c.sinkURL.split(separator: ":").last.map(String.init) ?? "1"
        let policy = rng.weighted([
            (5, "to another origin"), (2, "to another origin, the key in the URL"), (2, "scheme-relative to another origin"),
            (1, "to the same URL"), (1, "to a file URL"), (1, "to an empty Location"), (1, "to garbage"),
        ])
        let location: String
        switch policy {
        case "to another origin": location = c.sinkURL + c.sinkPrefix + c.request.target
        case "to another origin, the key in the URL":
            location = c.sinkURL + c.sinkPrefix + c.request.path + "?key=" + (c.endpoint.key ?? "none")
        case "scheme-relative to another origin": location = "//127.0.0.1:\(sinkPort)\(c.sinkPrefix)\(c.request.target)"
        case "to the same URL": location = c.selfURL + c.request.target
        case "to a file URL": location = "file:///etc/passwd"
        case "to an empty Location": location = ""
        default: location = "http://[::1" + c.sinkPrefix
        }
        let body = Data("{}".utf8)
        return HostileReply(
            reply: .respond(status: status, headers: [("Location", location), ("Content-Type", "application/json")], body: body),
            tag: "a redirect \(policy)", summary: "HTTP \(status), Location: \(location)")
    }

    private static func malformed(_ endpoint: HostileEndpoint, _ rng: inout SplitMix64) -> HostileReply {
        let body = endpoint.body().rendered
        let variants: [(String, String)] = [
            ("no reason phrase", "HTTP/1.1 200\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"),
            ("HTTP/1.0 without a length", "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n\(body)"),
            ("a bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n\(body)\r\n0\r\n\r\n"),
            ("a chunk size of 2^64-1", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n\(body)\r\n0\r\n\r\n"),
            ("two different Content-Lengths", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"),
            ("a header without a colon", "HTTP/1.1 200 OK\r\nthis is not a header\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"),
            (
                "a 100 KB header",
                "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "b", count: 100_000))\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            ),
            (
                "5000 headers",
                "HTTP/1.1 200 OK\r\n" + (0..<5000).map { "X-H\($0): v\r\n" }.joined() + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            ),
            ("not HTTP at all", "SSH-2.0-OpenSSH_9.6\r\n\r\n"),
            ("bare LF line ends", "HTTP/1.1 200 OK\nContent-Length: \(body.utf8.count)\n\n\(body)"),
        ]
        let (name, text) = rng.pick(variants)
        return HostileReply(
            reply: .raw(Data(text.utf8)), tag: "malformed HTTP: \(name)", summary: "malformed HTTP (\(name)): \(excerpt(Data(text.utf8)))")
    }

    /// An error message: plain, or carrying the key, control characters or a lot of text.
    static func message(_ endpoint: HostileEndpoint, _ rng: inout SplitMix64) -> FuzzJSON {
        if let key = endpoint.key, rng.percent(55) {
            let echo = rng.pick(FuzzCanary.echoes(of: key))
            return .raw("\"API key not valid: \(echo.text)\"")
        }
        return .string(
            rng.pick([
                "API key not valid. Please pass a valid API key.", "\u{1b}]0;pwned\u{07}\u{1b}[2JInvalid", "",
                String(repeating: "long message ", count: 20_000), "Place not found.\nSecond line",
            ]))
    }

    private static func describe(_ message: FuzzJSON) -> String {
        if case .raw(let text) = message, FuzzCanary.leak(in: text) != nil {
            return
                "echoing the key (\(FuzzCanary.echoes(of: FuzzCanary.google).first { text.contains($0.text) }?.form ?? FuzzCanary.echoes(of: FuzzCanary.foursquare).first { text.contains($0.text) }?.form ?? "some form"))"
        }
        return "with an error body"
    }

    static func json(_ status: Int, _ tree: FuzzJSON, headers: [(String, String)] = [], tag: String) -> HostileReply {
        let body = Data(tree.rendered.utf8)
        let shown = headers.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        return HostileReply(
            reply: .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: body),
            tag: tag, summary: "HTTP \(status)\(shown.isEmpty ? "" : ", " + shown), body: \(excerpt(body))")
    }

    static func raw(_ statusLine: String, _ headers: [(String, String)], _ body: Data, tag: String) -> HostileReply {
        var head = statusLine + "\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return HostileReply(
            reply: .raw(Data(head.utf8) + body), tag: tag,
            summary:
                "\(statusLine.replacingOccurrences(of: "\r\n", with: "⏎")), \(headers.map { "\($0.0): \($0.1)" }.joined(separator: ", ")), body: \(excerpt(body))"
        )
    }

    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return describeText(text) + (body.count > 300 ? "… (\(body.count) bytes)" : "")
    }

    static func describeText(_ text: String) -> String {
        let shown = text.count > 60 && Set(text).count == 1 ? "\(text.first!)×\(text.count)" : String(text.prefix(300))
        return shown.unicodeScalars.map {
            $0.value < 0x20 || (0x7f...0x9f).contains($0.value) ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }.joined()
    }
}
