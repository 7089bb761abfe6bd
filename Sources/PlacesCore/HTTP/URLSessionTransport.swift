import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network, over URLSession (FoundationNetworking on Linux).
///
/// A delegate collects the body so that the size cap can stop a download early, and
/// a timer bounds the whole exchange. URLRequest's own timeout is only an idle timeout,
/// and on Linux FoundationNetworking truncates it to whole seconds (0.5 s fires at once),
/// so URLSession gets a looser whole-second bound and the timer decides.
public struct URLSessionTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        let looseBound = timeout.rounded(.up) + 1
        urlRequest.timeoutInterval = looseBound
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }

        let collector = ResponseCollector(limit: maxResponseBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = looseBound
        configuration.timeoutIntervalForResource = looseBound
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }

        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                collector.start(session.dataTask(with: urlRequest), timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            collector.cancel()
        }
    }
}

/// Accumulates one response; resumes its continuation exactly once.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var data = Data()
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var task: URLSessionTask?
    private var failure: TransportFailure?
    private var timer: DispatchWorkItem?

    init(limit: Int) {
        self.limit = limit
    }

    func start(_ task: URLSessionDataTask, timeout: Double, continuation: CheckedContinuation<HTTPResponse, Error>) {
        let timer = DispatchWorkItem { [weak self] in self?.stop(with: .timedOut) }
        lock.withLock {
            self.task = task
            self.continuation = continuation
            self.timer = timer
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        task.resume()
    }

    func cancel() {
        stop(with: .connection("cancelled"))
    }

    private func stop(with failure: TransportFailure) {
        let task: URLSessionTask? = lock.withLock {
            if self.failure == nil { self.failure = failure }
            return self.task
        }
        task?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.withLock { self.response = response as? HTTPURLResponse }
        if response.expectedContentLength > Int64(limit) {
            stop(with: .tooLarge(limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = lock.withLock {
            self.data.append(data)
            return self.data.count > limit
        }
        if over { stop(with: .tooLarge(limit: limit)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (continuation, result): (CheckedContinuation<HTTPResponse, Error>?, Result<HTTPResponse, Error>) = lock.withLock {
            let c = self.continuation
            self.continuation = nil
            self.timer?.cancel()
            if let failure = self.failure { return (c, .failure(failure)) }
            if let error { return (c, .failure(Self.classify(error))) }
            guard let http = self.response else { return (c, .failure(TransportFailure.connection("no HTTP response"))) }
            if http.expectedContentLength >= 0, Int64(self.data.count) < http.expectedContentLength {
                return (c, .failure(TransportFailure.connection("the body was cut short: \(self.data.count) of \(http.expectedContentLength) bytes")))
            }
            var headers: [(name: String, value: String)] = []
            for (key, value) in http.allHeaderFields {
                if let name = key as? String, let v = value as? String { headers.append((name, v)) }
            }
            headers.sort { $0.name.lowercased() < $1.name.lowercased() }
            return (c, .success(HTTPResponse(status: http.statusCode, headers: headers, body: self.data)))
        }
        continuation?.resume(with: result)
    }

    private static func classify(_ error: Error) -> TransportFailure {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return .timedOut
            case .cannotConnectToHost: return .connection("could not connect")
            case .cannotFindHost, .dnsLookupFailed: return .connection("could not resolve the host")
            case .networkConnectionLost: return .connection("the connection was lost (the body may have been cut short)")
            case .notConnectedToInternet: return .connection("not connected to the internet")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                 .serverCertificateHasUnknownRoot:
                return .connection("the TLS connection failed (\(urlError.code.rawValue))")
            default: return .connection("network error \(urlError.code.rawValue)")
            }
        }
        return .connection(ForeignErrorText.describe(error))
    }
}
