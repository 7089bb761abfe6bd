import Foundation

/// Admits the requests of every command sharing it to one service at a bounded pace: at most
/// `ceiling` starts in any window of `window` seconds, spaced `1/rate` apart, at most
/// `maxInFlight` at once. A 429 lowers the rate for everyone (by a quarter; each success gives
/// back a twentieth of the ceiling), and a `Retry-After` holds every request back until it has
/// passed, so the server's signal slows the whole batch, not only the request that got it.
///
/// The window is a little longer than a second so that a server counting by its own clock,
/// which sees each request a few milliseconds after it started, still counts at most `ceiling`
/// in any second.
package actor RequestGate {
    package let ceiling: Double
    package let maxInFlight: Int
    package let window: Double
    /// The longest pause a `Retry-After` imposes (a longer one fails its request anyway).
    package static let longestPause = 60.0

    private var rate: Double
    private var inFlight = 0
    private var recentStarts: [Double] = []
    private var lastStart = -Double.infinity
    private var pausedUntil = 0.0
    /// Requests waiting for one in flight to end; each is woken to look again.
    private var slotWaiters: [CheckedContinuation<Void, Never>] = []
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - requestsPerSecond: the ceiling, > 0.
    ///   - maxInFlight: requests that may be waiting for an answer at once.
    package init(requestsPerSecond: Double, maxInFlight: Int = .max, window: Double = 1.05,
                 now: @escaping @Sendable () -> Double = RequestGate.monotonicSeconds) {
        ceiling = max(requestsPerSecond, 0.001)
        self.maxInFlight = max(maxInFlight, 1)
        self.window = window
        rate = ceiling
        self.now = now
    }

    /// The current pace in requests per second (lowered after 429s).
    package var currentRate: Double { rate }

    /// Waits until a request may start, and counts it as started and in flight.
    package func enter() async {
        while true {
            if inFlight >= maxInFlight {
                await withCheckedContinuation { slotWaiters.append($0) }
                continue
            }
            let t = now()
            let wait = delay(at: t)
            if wait <= 0 {
                inFlight += 1
                recentStarts.append(t)
                lastStart = t
                return
            }
            // Looks again on waking: a pause imposed meanwhile is seen, and a cancelled batch
            // stops waiting.
            if Task.isCancelled { return }
            try? await Task.sleep(nanoseconds: UInt64(min(wait, 1) * 1e9))
        }
    }

    /// Ends a request that `enter` admitted, with what the server said (nil: no answer).
    package func leave(status: Int?, retryAfter: Double?) {
        inFlight = max(0, inFlight - 1)
        if !slotWaiters.isEmpty { slotWaiters.removeFirst().resume() }
        let t = now()
        if let retryAfter, retryAfter.isFinite, retryAfter > 0 {
            pausedUntil = max(pausedUntil, t + min(retryAfter, Self.longestPause))
        }
        guard let status else { return }
        if status == 429 {
            rate = max(ceiling / 20, rate * 0.75)
        } else if (200..<300).contains(status) {
            rate = min(ceiling, rate + ceiling / 20)
        }
    }

    /// Seconds until a request may start at `t`; 0 or less: now.
    private func delay(at t: Double) -> Double {
        recentStarts.removeAll { $0 <= t - window }
        var ready = max(pausedUntil, lastStart + 1 / rate)
        let capacity = max(1, Int(ceiling.rounded(.down)))
        if recentStarts.count >= capacity {
            ready = max(ready, recentStarts[recentStarts.count - capacity] + window)
        }
        return ready - t
    }

    /// Seconds on a clock that only goes forward.
    @Sendable package static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
