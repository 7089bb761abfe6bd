import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The process's one URLSession, so that requests to a host reuse its connection (the pages
/// of a search, a retry). Its delegate hands each callback to the `URLSessionExchange` of
/// that task, found by task identifier.
///
/// On Linux the session loads through `CurlURLProtocol`: FoundationNetworking's own loader
/// never removes the write-readiness source it adds for a connection's socket while the
/// connection is being set up, so on a new connection that always-writable socket woke the
/// process thousands of times a second until the response had arrived (docs/performance.md).
enum SharedURLSession {
    static let dispatcher = ExchangeDispatcher()

    static let session: URLSession = {
        #if canImport(FoundationNetworking)
        // FoundationNetworking's `.ephemeral` makes a URLCache of its own, and the shared one is
        // made on first use, each creating an empty org.swift.foundation.URLCache folder under
        // $XDG_CACHE_HOME (mode 0777 under umask 000). A cache with no room and a path that
        // cannot be a directory is made first instead, and `.default` takes it: nothing is created.
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
        let configuration = URLSessionConfiguration.default
        #else
        let configuration = URLSessionConfiguration.ephemeral
        #endif
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        // Concurrent requests to one host should not queue behind each other for long: each
        // exchange's own timer runs from the moment it starts.
        configuration.httpMaximumConnectionsPerHost = 16
        #if canImport(FoundationNetworking)
        // Loading over libcurl driven properly, instead of FoundationNetworking's loader.
        configuration.protocolClasses = [CurlURLProtocol.self]
        #endif
        #if canImport(FoundationNetworking)
        let queue: OperationQueue? = CallingThreadOperationQueue()
        #else
        let queue: OperationQueue? = nil
        #endif
        return URLSession(configuration: configuration, delegate: dispatcher, delegateQueue: queue)
    }()

    /// Sends `request` as `exchange`, whose continuation gets the outcome.
    static func start(
        _ request: URLRequest, exchange: URLSessionExchange, timeout: Double,
        continuation: CheckedContinuation<URLSessionExchange.Outcome, Error>
    ) {
        let task = session.dataTask(with: request)
        dispatcher.register(exchange, for: task)
        exchange.start(task, timeout: timeout, continuation: continuation)
    }
}

/// The shared session's delegate: routes every callback to its task's exchange.
final class ExchangeDispatcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: URLSessionExchange] = [:]

    func register(_ exchange: URLSessionExchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> URLSessionExchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = exchange(for: dataTask)?.receive(response) ?? false
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Nil makes the 3xx the final response: nothing is resent (on Linux too: see
        // `_HTTPURLProtocol.didCompleteRedirectCallback` in swift-corelibs-foundation).
        completionHandler(exchange(for: task)?.redirect(to: request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let exchange: URLSessionExchange? = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(with: error)
    }
}

#if canImport(FoundationNetworking)
/// A delegate queue that runs each callback at once, on the thread that hands it over:
/// URLSession's own serial work queue, inside libcurl's write callback for body data.
///
/// FoundationNetworking queues one operation per received piece of body; on an ordinary
/// queue a fast server outruns the delegate, and the pieces not yet delivered pile up in
/// memory (an endless body reached gigabytes before the size cap was even seen). Delivered
/// at once, each piece is counted before the next is read, so the cap bounds memory.
/// The delegate must not block or wait on the session here (cancelling is done from
/// another queue: see `URLSessionExchange.stop`).
final class CallingThreadOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
