import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network, over the process's one URLSession (FoundationNetworking on Linux).
///
/// Each request is a `URLSessionExchange`: it collects the body so that the size cap stops
/// a download at the cap, and a timer bounds it. URLRequest's own timeout is only an idle
/// timeout, and on Linux FoundationNetworking truncates it to whole seconds (0.5 s fires at
/// once), so URLSession gets a looser whole-second bound and the timer decides.
///
/// Redirects are followed here, not by URLSession, as `RedirectPolicy` allows: a request
/// carrying a key stays on its origin. The timeout covers the whole chain.
struct URLSessionTransport: HTTPTransport {
    init() {}

    func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let policy = RedirectPolicy(for: request)
        let deadline = Date().addingTimeInterval(min(timeout, 86_400))
        var current = request
        var hop = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TransportFailure.timedOut }
            let outcome = try await exchange(current, timeout: remaining, maxResponseBytes: maxResponseBytes)
            guard let target = outcome.redirect else { return outcome.response }
            hop += 1
            if let refusal = policy.refusal(of: target, hop: hop) { throw refusal }
            guard let next = Self.redirected(current, status: outcome.response.status, to: target) else { return outcome.response }
            current = next
        }
    }

    /// The request a redirect asks for (RFC 9110 §15.4): 307 and 308 repeat the method and
    /// body; 303, and 301/302 after a POST, become a GET without a body. Nil for other statuses.
    static func redirected(_ request: HTTPRequest, status: Int, to target: URL) -> HTTPRequest? {
        var next = request
        next.url = target
        switch status {
        case 307, 308:
            break
        case 301, 302, 303:
            if status == 303 ? request.method != "HEAD" : request.method == "POST" {
                next.method = "GET"
                next.body = nil
                next.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            }
        default:
            return nil
        }
        return next
    }

    private func exchange(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> URLSessionExchange.Outcome {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = timeout.rounded(.up) + 1
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }

        let exchange = URLSessionExchange(limit: maxResponseBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URLSessionExchange.Outcome, Error>) in
                SharedURLSession.start(urlRequest, exchange: exchange, timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}
