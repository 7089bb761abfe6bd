import Foundation
import PlacesModel

/// Admits the requests of every command sharing it to one service at a bounded pace, and
/// holds them back together when the service asks to slow down.
///
/// The ceiling of `requestsPerSecond` holds on the server's own clock, however late each
/// request reaches it: a request counts from the moment it starts until `window` (a second)
/// after its answer came back, and at most `floor(requestsPerSecond)` (at least one) count at
/// once. The server saw a request before its answer left, so any two requests it sees that
/// many apart are at least a second apart. Starts are also spaced `1/rate` apart, and at most
/// `maxInFlight` requests wait for an answer at once.
///
/// A 429 lowers the rate for everyone (by a quarter, to at least a twentieth of the ceiling;
/// each success gives a twentieth back), and a `Retry-After` holds every request until it has
/// passed, so the server's signal slows the whole batch, not only the request that got it.
/// Holds do not stack: between two good answers the batch is held at most for the longest
/// wait asked in that time, from the first hold on (a 429 to each waiting line no longer
/// starts a new hold each). A wait longer than `longestPause`, which one command refuses at
/// once (75), is refused for every request at once until it has passed.
package actor RequestGate {
    let ceiling: Double
    let maxInFlight: Int
    let window: Double
    /// The longest pause a `Retry-After` imposes (a longer one fails its request anyway).
    static let longestPause = 60.0

    private let capacity: Int
    private var rate: Double
    private var inFlight = 0
    /// When the answers of the last requests came back, oldest first, within `window`.
    private var recentEnds: [Double] = []
    private var lastStart = -Double.infinity
    private var pausedUntil = 0.0
    /// When the first hold since the last good answer began, and the longest wait asked since.
    private var holdStarted: Double?
    private var longestAsked = 0.0
    /// A wait the service asked for that no request sits out: every request until `until` fails.
    private var refusal: (until: Double, error: PlacesError)?
    /// Which service the gate paces, for what a refusal says.
    private let service: PlacesError.Service?
    /// Requests waiting for one in flight to end; all are woken to look again.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - requestsPerSecond: the ceiling, > 0.
    ///   - maxInFlight: requests that may be waiting for an answer at once.
    init(
        requestsPerSecond: Double, maxInFlight: Int = .max, window: Double = 1, service: PlacesError.Service? = nil,
        now: @escaping @Sendable () -> Double = RequestGate.monotonicSeconds
    ) {
        self.service = service
        ceiling = max(requestsPerSecond, 0.001)
        capacity = max(1, Int(ceiling.rounded(.down)))
        self.maxInFlight = max(maxInFlight, 1)
        self.window = window
        rate = ceiling
        self.now = now
    }

    /// The current pace in requests per second (lowered after 429s).
    var currentRate: Double { rate }

    /// Waits until a request may start, and counts it as in flight; throws the refusal
    /// (`rateLimited`, 75) while the service has asked for a wait no request sits out.
    func enter() async throws {
        while !Task.isCancelled {
            if let refusal {
                if now() < refusal.until { throw refusal.error }
                self.refusal = nil
            }
            if inFlight >= min(maxInFlight, capacity) {
                await withCheckedContinuation { waiters.append($0) }
                continue
            }
            let t = now()
            recentEnds.removeAll { $0 <= t - window }
            var ready = max(pausedUntil, lastStart + 1 / rate)
            let free = capacity - inFlight
            if recentEnds.count >= free { ready = max(ready, recentEnds[recentEnds.count - free] + window) }
            if ready <= t { break }
            // Looks again on waking: a pause imposed meanwhile is seen.
            try? await Task.sleep(nanoseconds: UInt64(min(ready - t, 1) * 1e9))
        }
        inFlight += 1
        lastStart = now()
    }

    /// Ends a request that `enter` admitted, with what the server said (nil: no answer).
    func leave(status: Int?, retryAfter: Double?) {
        let t = now()
        inFlight = max(0, inFlight - 1)
        recentEnds.append(t)
        let woken = waiters
        waiters.removeAll()
        for waiter in woken { waiter.resume() }
        if let retryAfter, retryAfter > 0 {
            if retryAfter > Self.longestPause {
                refuse(for: retryAfter, status: status ?? 429, at: t)
            } else {
                let started = holdStarted ?? t
                holdStarted = started
                longestAsked = max(longestAsked, retryAfter)
                pausedUntil = max(pausedUntil, min(t + retryAfter, started + longestAsked))
            }
        }
        guard let status else { return }
        if status == 429 {
            rate = max(ceiling / 20, rate * 0.75)
        } else if (200..<300).contains(status) {
            rate = min(ceiling, rate + ceiling / 20)
            holdStarted = nil
            longestAsked = 0
        }
    }

    /// Every request fails at once until `seconds` have passed, saying why and until when.
    private func refuse(for seconds: Double, status: Int, at t: Double) {
        let until = t + seconds
        if let refusal, refusal.until >= until { return }
        let name = service?.name ?? "The service"
        let (amount, when) = HTTPErrorMapper.describeWait(seconds)
        let message =
            "\(name) asked to wait \(amount) (HTTP \(status) to another request), which is longer than places waits; "
            + "try again \(when)"
        let error = PlacesError.rateLimited(service ?? .googlePlaces, retryAfter: seconds.isFinite ? seconds : nil, message: message)
        refusal = (until, error)
    }

    /// Seconds on a clock that only goes forward.
    @Sendable static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
