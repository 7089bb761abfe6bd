#if canImport(FoundationNetworking)
import CCurl
import Foundation
import FoundationNetworking

/// http and https for the shared URLSession on Linux, over `CurlDriver` instead of
/// FoundationNetworking's own loader, so that a wait on a new connection sleeps.
///
/// URLSession stays the API: tasks, the delegate (`ExchangeDispatcher`), cancellation and the
/// exchange's size cap, timer and redirect handling are unchanged. Only the loading moves.
/// A redirect is not followed: its 3xx is the response, and the exchange reads `Location`
/// (FoundationNetworking has no way for a protocol of ours to report one).
final class CurlURLProtocol: URLProtocol {
    private let delivery = CurlDelivery()

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Called on the task's work queue.
    override func startLoading() {
        guard request.httpBodyStream == nil else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        var failure: URLError?
        guard let driver = CurlDriver.shared else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotLoadFromNetwork))
            return
        }
        guard let transfer = CurlTransfer(request, events: delivery, failure: &failure) else {
            client?.urlProtocol(self, didFailWithError: failure ?? URLError(.unknown))
            return
        }
        delivery.begin(self, transfer: transfer)
        driver.add(transfer)
    }

    /// Called on the task's work queue; no event reaches the client after it.
    override func stopLoading() {
        if let transfer = delivery.stop() { CurlDriver.shared?.remove(transfer) }
    }
}

/// Hands a transfer's events from the driver's thread to the protocol's client.
///
/// FoundationNetworking's client must be called on the session's work queue: it reads the
/// session's task registry, which only that queue may touch (as its own loader does, whose
/// queue targets it). `URLSession.getAllTasks` runs its completion there, on the delegate
/// queue, and the shared session's delegate queue runs each operation at once on the thread
/// that adds it (`CallingThreadOperationQueue`), so each event is delivered inside
/// `getAllTasks`' completion while the driver waits. That also keeps body pieces from piling
/// up: the next is read only once this one has been counted against the size cap.
/// `stopLoading` runs on the same queue, so an event after it sees `stopped` and is dropped.
final class CurlDelivery: CurlTransferEvents, @unchecked Sendable {
    private let lock = NSLock()
    private weak var urlProtocol: URLProtocol?
    private var transfer: CurlTransfer?
    private var stopped = false

    func begin(_ urlProtocol: URLProtocol, transfer: CurlTransfer) {
        lock.withLock {
            self.urlProtocol = urlProtocol
            self.transfer = transfer
        }
    }

    /// Marks the delivery stopped; the transfer to remove, if it had begun.
    func stop() -> CurlTransfer? {
        lock.withLock {
            stopped = true
            defer { transfer = nil }
            return transfer
        }
    }

    func received(_ response: HTTPURLResponse) -> Bool {
        deliver { urlProtocol in
            urlProtocol.client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
        }
    }

    func received(_ data: Data) -> Bool {
        deliver { urlProtocol in urlProtocol.client?.urlProtocol(urlProtocol, didLoad: data) }
    }

    func finished(with failure: URLError?) {
        _ = deliver { urlProtocol in
            if let failure {
                urlProtocol.client?.urlProtocol(urlProtocol, didFailWithError: failure)
            } else {
                urlProtocol.client?.urlProtocolDidFinishLoading(urlProtocol)
            }
        }
        lock.withLock {
            stopped = true
            transfer = nil
        }
    }

    /// Runs `event` on the session's work queue unless the delivery was stopped; false if it was.
    private func deliver(_ event: @escaping (URLProtocol) -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let outcome = DeliveryOutcome()
        nonisolated(unsafe) let event = event
        SharedURLSession.session.getAllTasks { [self] _ in
            let target: URLProtocol? = lock.withLock { stopped ? nil : urlProtocol }
            if let target {
                event(target)
                outcome.delivered = true
            }
            done.signal()
        }
        done.wait()
        return outcome.delivered && !lock.withLock { stopped }
    }
}

/// Whether an event reached the client: written on the work queue, read after the semaphore.
private final class DeliveryOutcome: @unchecked Sendable {
    var delivered = false
}
#endif
