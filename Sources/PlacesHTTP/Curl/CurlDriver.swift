#if canImport(FoundationNetworking)
import CCurl
import Foundation
import FoundationNetworking

/// The process's one libcurl multi handle and the thread that drives it.
///
/// The thread sleeps in `curl_multi_poll`, which watches each socket for what libcurl needs
/// now: writability while a connection is being made, then readability only. That is what
/// FoundationNetworking gets wrong (its write source outlives the connect and fires until the
/// answer comes, a core's worth of wake-ups: docs/performance.md), and why this exists.
/// Transfers on one multi handle share its connection cache, so the pages of a search and a
/// batch's lines reuse their connections.
///
/// Other threads only queue work (`add`, `remove`) and wake the thread; every libcurl call on
/// the multi handle, and every callback of a transfer in it, happens on the thread.
final class CurlDriver: @unchecked Sendable {
    /// Nil only when libcurl could not make a multi handle (out of memory): every request
    /// then fails as a network error instead of the process stopping.
    static let shared = CurlDriver()

    /// Connections to one host at once, as the shared URLSession allows.
    static let maxConnectionsPerHost = 16

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var toAdd: [CurlTransfer] = []
    private var toRemove: [CurlTransfer] = []
    private var started = false
    /// The transfers in the multi handle, by easy handle; the thread's alone.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init?() {
        // Reference counted and done by FoundationNetworking already; here for when it was not.
        curl_global_init(Int(CURL_GLOBAL_ALL))
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        _ = places_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.maxConnectionsPerHost)
    }

    /// Starts `transfer`; its events come on the driver's thread.
    func add(_ transfer: CurlTransfer) {
        let start: Bool = lock.withLock {
            toAdd.append(transfer)
            defer { started = true }
            return !started
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "places libcurl"
            thread.start()
        }
        curl_multi_wakeup(multi)
    }

    /// Stops `transfer` if it is still running: no event of it follows the next callback.
    func remove(_ transfer: CurlTransfer) {
        lock.withLock { toRemove.append(transfer) }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (adding, removing) = lock.withLock {
                defer {
                    toAdd = []
                    toRemove = []
                }
                return (toAdd, toRemove)
            }
            let removed = Set(removing.map { ObjectIdentifier($0) })
            for transfer in adding where !removed.contains(ObjectIdentifier(transfer)) {
                if curl_multi_add_handle(multi, transfer.handle) == CURLM_OK {
                    running[transfer.handle] = transfer
                } else {
                    transfer.completed(with: CURLE_FAILED_INIT)
                }
            }
            for transfer in removing where running.removeValue(forKey: transfer.handle) != nil {
                curl_multi_remove_handle(multi, transfer.handle)
            }

            var active: Int32 = 0
            curl_multi_perform(multi, &active)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let result = places_curl_message_result(message)
                guard let transfer = running.removeValue(forKey: handle) else { continue }
                curl_multi_remove_handle(multi, handle)
                transfer.completed(with: result)
            }
            // Sleeps until a socket is ready, libcurl's next timeout, or a wake-up from `add`
            // or `remove`; with nothing running, until a wake-up (or a minute).
            curl_multi_poll(multi, nil, 0, 60_000, nil)
        }
    }
}
#endif
