import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for end-to-end tests of the
/// HTTP clients: the binary talks to it over loopback TCP exactly as it would to a provider.
/// One request per connection (`Connection: close`) unless `keepAlive`; every request is kept
/// for assertions.
final class FakeHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        let method: String
        /// Path and query as sent, e.g. `/v1/places:searchNearby`.
        let target: String
        let headers: [String: String]
        let body: Data

        var path: String { String(target.prefix { $0 != "?" }) }
        var query: [String: String] {
            guard let q = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
            var out: [String: String] = [:]
            for pair in q.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                out[kv[0]] = kv.count > 1 ? kv[1] : ""
            }
            return out
        }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        var raw: String {
            "\(method) \(target)\n" + headers.map { "\($0): \($1)" }.sorted().joined(separator: "\n") + "\n\n"
                + String(decoding: body, as: UTF8.self)
        }
        /// Which accepted connection carried it, numbered from 1 in accept order (keep-alive tests).
        var connection = 0
        /// When the server had read it, in seconds on a monotonic clock (rate tests compare these).
        var arrival = 0.0
    }

    enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)], body: Data)
        /// Wait this long before answering (to trip a client timeout), then answer 200 `{}`.
        case stall(seconds: Double)
        /// Announce `declaredLength` bytes, send `body`, and close: a body cut short.
        case truncated(status: Int, declaredLength: Int, body: Data)
        /// Close the connection without a response.
        case hangUp

        static func json(_ status: Int = 200, _ text: String, headers: [(String, String)] = []) -> Reply {
            .respond(status: status, headers: [("Content-Type", "application/json; charset=UTF-8")] + headers, body: Data(text.utf8))
        }
        /// Send exactly these bytes (status line, headers and body, as the test wrote them), then close.
        case raw(Data)
        /// A 200-style head with `Transfer-Encoding: chunked`, then 64 KiB chunks until the client goes away.
        case endlessChunked(status: Int, headers: [(String, String)])
        /// As `endlessChunked`, but at most `limit` bytes of chunks; `sent` is told how many went
        /// out before the client stopped reading (all of them: it read past any cap below `limit`).
        case endlessChunkedCounted(status: Int, headers: [(String, String)], limit: Int, sent: @Sendable (Int) -> Void)

        /// A redirect to `location` with an empty body.
        static func redirect(_ status: Int, to location: String) -> Reply {
            .respond(status: status, headers: [("Location", location)], body: Data())
        }
    }

    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The listening socket's descriptor (for the tests of this server itself).
    let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    /// Set by `stop()`; the accept loop then ends.
    private var stopping = false
    /// Set, under `lock`, when the accept loop has closed the listener. Only the accept
    /// loop closes it, exactly once: a second `close` (or a late `shutdown`) would hit
    /// whatever the number was reused for meanwhile, such as another test's pipe.
    private var listenerClosed = false

    /// Keeps each connection open for further requests after a `.respond` (HTTP/1.1 keep-alive)
    /// instead of answering `Connection: close`; the other replies still close it.
    private let keepAlive: Bool
    private var connections = 0

    init(keepAlive: Bool = false, handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        self.keepAlive = keepAlive
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting connections and closes the listener; safe to call more than once.
    func stop() {
        lock.withLock {
            guard !stopping, !listenerClosed else { return }
            stopping = true
            // Wakes the accept loop (EINVAL on Linux), which closes the listener itself.
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    var requests: [Request] { lock.withLock { received } }

    /// True once the accept loop has closed the listener.
    var isClosed: Bool { lock.withLock { listenerClosed } }

    private func acceptLoop() {
        defer {
            lock.withLock {
                listenerClosed = true
                close(listener)
            }
        }
        while true {
            // Polls so that the loop also ends where shutdown() does not wake accept (Darwin).
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 200)
            if lock.withLock({ stopping }) { return }
            if polled <= 0 { continue }
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED, !lock.withLock({ stopping }) { continue }
                return
            }
            if lock.withLock({ stopping }) {
                close(client)
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        let connection = lock.withLock {
            connections += 1
            return connections
        }
        while var request = readRequest(fd) {
            request.connection = connection
            request.arrival = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
            lock.withLock { received.append(request) }
            switch handler(request) {
            case .respond(let status, let headers, let body):
                send(fd, head(status, headers, length: body.count) + body)
                if keepAlive { continue }
            case .stall(let seconds):
                Thread.sleep(forTimeInterval: seconds)
                send(fd, head(200, [("Content-Type", "application/json")], length: 2) + Data("{}".utf8))
            case .truncated(let status, let declared, let body):
                send(fd, head(status, [("Content-Type", "application/json")], length: declared) + body)
            case .hangUp:
                break
            case .raw(let bytes):
                send(fd, bytes)
            case .endlessChunked(let status, let headers):
                sendEndless(fd, status, headers, limit: Int.max)
            case .endlessChunkedCounted(let status, let headers, let limit, let report):
                report(sendEndless(fd, status, headers, limit: limit))
            }
            return
        }
    }

    /// A chunked head, then 64 KiB chunks until `limit` bytes of them went out or the client
    /// went away; returns the bytes of chunks sent.
    @discardableResult
    private func sendEndless(_ fd: Int32, _ status: Int, _ headers: [(String, String)], limit: Int) -> Int {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        guard send(fd, Data(text.utf8)) else { return 0 }
        let chunk = Data("10000\r\n".utf8) + Data(repeating: UInt8(ascii: " "), count: 0x10000) + Data("\r\n".utf8)
        var sent = 0
        while sent < limit, send(fd, chunk) { sent += chunk.count }
        return sent
    }

    private func head(_ status: Int, _ headers: [(String, String)], length: Int) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(length)\r\n" + (keepAlive ? "\r\n" : "Connection: close\r\n\r\n")
        return Data(text.utf8)
    }

    /// False once the client has gone away.
    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let n = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let n = Darwin.send(fd, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data.append(buffer, count: n)
            headerEnd = data.range(of: Data("\r\n\r\n".utf8))
        }
        let headText = String(decoding: data[..<headerEnd!.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[headerEnd!.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            body.append(buffer, count: n)
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }
}
