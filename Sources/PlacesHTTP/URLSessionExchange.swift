import Foundation
import PlacesModel
import PlacesSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request and its response on the shared session: collects the body up to the size cap,
/// stops at a redirect (`URLSessionTransport` decides whether to follow it), bounds the
/// exchange with a timer, and resumes its continuation exactly once.
final class URLSessionExchange: @unchecked Sendable {
    /// The response, and where it redirects to if URLSession would have followed it.
    struct Outcome: Sendable {
        let response: HTTPResponse
        let redirect: URL?
    }

    private let lock = NSLock()
    private let limit: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    /// The response's Content-Length, when it gave one.
    private var declared: Int64?
    private var redirectTarget: URL?
    private var continuation: CheckedContinuation<Outcome, Error>?
    private var task: URLSessionTask?
    /// The first reason to stop; once set, body data is dropped and the outcome is this failure.
    private var failure: TransportFailure?
    private var timer: DispatchWorkItem?

    init(limit: Int) {
        self.limit = limit
    }

    /// Starts `task` (already registered with the session's delegate) unless the exchange
    /// was cancelled before it began.
    func start(_ task: URLSessionTask, timeout: Double, continuation: CheckedContinuation<Outcome, Error>) {
        let timer = DispatchWorkItem { [weak self] in self?.stop(with: .timedOut) }
        let cancelledEarly: TransportFailure? = lock.withLock {
            if let failure { return failure }
            self.task = task
            self.continuation = continuation
            self.timer = timer
            return nil
        }
        if let cancelledEarly {
            continuation.resume(throwing: cancelledEarly)
            DispatchQueue.global().async { task.cancel() }
            return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + min(timeout, 86_400), execute: timer)
        task.resume()
    }

    /// The Swift task awaiting this exchange was cancelled.
    func cancel() {
        stop(with: .connection("cancelled"))
    }

    /// Ends the exchange now with `failure`: frees the body, resumes the continuation, and
    /// cancels the URLSession task. It does not wait for URLSession to confirm the cancel: a
    /// server that never stops sending (a 3xx body, which FoundationNetworking buffers on its
    /// own without telling the delegate) keeps the session's work queue busy, and a cancel
    /// queued behind it would never run, so neither would a timeout that waited for it.
    private func stop(with failure: TransportFailure) {
        let (task, continuation): (URLSessionTask?, CheckedContinuation<Outcome, Error>?) = lock.withLock {
            guard self.failure == nil else { return (nil, nil) }
            self.failure = failure
            self.body = Data()
            self.timer?.cancel()
            let c = self.continuation
            self.continuation = nil
            return (self.task, c)
        }
        // Never on the calling thread: FoundationNetworking's cancel() (up to Swift 6.3) waits
        // for the session's work queue, which is where delegate callbacks run; and Swift may
        // be holding the cancelled task's lock while it calls `cancel()`.
        guard task != nil || continuation != nil else { return }
        DispatchQueue.global().async {
            continuation?.resume(throwing: failure)
            task?.cancel()
        }
    }

    // MARK: - Delegate callbacks (from `SharedURLSession`)

    /// The head of the response; false if its declared length is already over the cap.
    func receive(_ response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let declared = http.map(Self.declaredLength) ?? response.expectedContentLength
        lock.withLock {
            self.response = http
            self.declared = declared >= 0 ? declared : nil
            if declared > 0, declared <= Int64(limit), body.isEmpty { body.reserveCapacity(Int(declared)) }
        }
        if declared > Int64(limit) {
            stop(with: .tooLarge(limit: limit, declared: declared))
            return false
        }
        return true
    }

    /// A piece of the (decoded) body. Past the cap nothing more is kept: the exchange stops
    /// and later pieces, until the cancellation lands, are dropped.
    func receive(_ data: Data) {
        let over: (Bool, declared: Int64?) = lock.withLock {
            guard failure == nil else { return (false, nil) }
            if data.count > limit - body.count { return (true, declared) }
            body.append(data)
            return (false, nil)
        }
        if over.0 { stop(with: .tooLarge(limit: limit, declared: over.declared)) }
    }

    /// URLSession would follow a redirect to `request`. It never does here: the 3xx becomes
    /// the response, nothing is resent, and the target goes to the transport. (Besides the
    /// key, following in FoundationNetworking loses the body of a 307/308 POST.)
    func redirect(to request: URLRequest) -> URLRequest? {
        lock.withLock { redirectTarget = request.url }
        return nil
    }

    func complete(with error: Error?) {
        let (continuation, result): (CheckedContinuation<Outcome, Error>?, Result<Outcome, Error>) = lock.withLock {
            let c = self.continuation
            self.continuation = nil
            self.timer?.cancel()
            self.task = nil
            if let failure = self.failure { return (c, .failure(failure)) }
            if let error { return (c, .failure(Self.classify(error))) }
            guard let http = self.response else { return (c, .failure(TransportFailure.connection("no HTTP response"))) }
            let response = Self.response(http, body: self.body)
            self.body = Data()
            // libcurl decodes gzip, deflate, br and zstd, so an encoded body's length is not
            // Content-Length (which counts the encoded bytes); libcurl itself reports an encoded
            // body cut short. An unencoded one is checked here as well.
            let encoding = response.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let declared = Self.declaredLength(http)
            if encoding.isEmpty || encoding == "identity", declared >= 0, Int64(response.body.count) < declared {
                return (c, .failure(TransportFailure.connection("the body was cut short: \(response.body.count) of \(declared) bytes")))
            }
            return (c, .success(Outcome(response: response, redirect: redirectTarget ?? Self.redirectLocation(http))))
        }
        continuation?.resume(with: result)
    }

    /// Content-Length as announced: URLSession's `expectedContentLength`, except that a
    /// length of more digits than an Int64 holds (which URLSession and libcurl both read as
    /// "unknown", then take whatever arrives before the close) counts as Int64.max.
    static func declaredLength(_ http: HTTPURLResponse) -> Int64 {
        guard http.expectedContentLength < 0,
            let text = http.value(forHTTPHeaderField: "Content-Length")?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return http.expectedContentLength
        }
        return Int64(text) ?? .max
    }

    /// Where a redirect that URLSession did not offer to the delegate points: a 301, 302, 303,
    /// 307 or 308 with a `Location`, read against the request's URL. (Linux's `CurlURLProtocol`
    /// returns every 3xx as it came; a Location that is no URL is no redirect.)
    static func redirectLocation(_ http: HTTPURLResponse) -> URL? {
        guard [301, 302, 303, 307, 308].contains(http.statusCode),
            let location = http.value(forHTTPHeaderField: "Location")?.trimmingCharacters(in: .whitespaces), !location.isEmpty
        else { return nil }
        return URL(string: location, relativeTo: http.url)?.absoluteURL
    }

    private static func response(_ http: HTTPURLResponse, body: Data) -> HTTPResponse {
        var headers: [(name: String, value: String)] = []
        for (key, value) in http.allHeaderFields {
            if let name = key as? String, let v = value as? String { headers.append((name, v)) }
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        return HTTPResponse(status: http.statusCode, headers: headers, body: body)
    }

    private static func classify(_ error: Error) -> TransportFailure {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return .timedOut
            case .cannotConnectToHost: return .connection("could not connect")
            case .cannotFindHost, .dnsLookupFailed: return .connection("could not resolve the host")
            case .networkConnectionLost: return .connection("the connection was lost (the body may have been cut short)")
            case .notConnectedToInternet: return .connection("not connected to the internet")
            case .serverCertificateHasUnknownRoot:
                return .connection("its TLS certificate is not signed by an authority this system trusts")
            case .serverCertificateUntrusted:
                return .connection("its TLS certificate could not be verified (it may be for another host)")
            case .serverCertificateHasBadDate: return .connection("its TLS certificate has expired")
            case .serverCertificateNotYetValid: return .connection("its TLS certificate is not valid yet")
            case .secureConnectionFailed: return .connection("the TLS connection failed")
            case .badServerResponse: return .connection("the server sent no answer that reads as HTTP")
            case .dataLengthExceedsMaximum: return .connection("the head of its answer was over 256 KiB")
            default: return .connection("network error \(urlError.code.rawValue)")
            }
        }
        return .connection(ForeignErrorText.describe(error))
    }
}
