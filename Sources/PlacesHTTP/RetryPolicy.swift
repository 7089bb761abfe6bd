import Foundation
import PlacesSupport

/// When to try again and how long to wait: exponential backoff with full jitter,
/// honouring `Retry-After` (seconds or an HTTP date) up to a cap.
package struct RetryPolicy: Sendable {
    /// Retries after the first attempt (`--retries`).
    var retries: Int
    /// First backoff, doubled each retry, before jitter.
    var baseDelay: Double
    var maxDelay: Double
    /// A longer `Retry-After` fails at once (exit 75) and says when to retry.
    var maxRetryAfter: Double

    package init(retries: Int, baseDelay: Double = 0.5, maxDelay: Double = 8, maxRetryAfter: Double = 60) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Statuses worth another attempt: rate limits and server errors.
    static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// Backoff before retry number `retry` (1-based): a random wait in [0, base·2^(retry-1)], capped.
    func backoff(retry: Int, random: Double = Double.random(in: 0...1)) -> Double {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(retry - 1)))
        return ceiling * random
    }

    /// Seconds from `Retry-After`: delta-seconds or an HTTP date (RFC 9110 §10.2.3); nil if
    /// absent, negative or unreadable (then the usual backoff applies).
    ///
    /// The result is never NaN nor negative, but may be huge or infinite ("1e19", a number of
    /// 400 digits, a date in the year 9999): compare it with a cap before using it as a time.
    static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = delaySeconds(value) { return seconds }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) {
                let seconds = date.timeIntervalSince(now)
                return seconds.isNaN ? nil : max(0, seconds)
            }
        }
        return nil
    }

    /// A plain decimal number of seconds: digits, then an optional fraction and exponent
    /// ("120", "1.5", "1e19"). Not hex, `inf`, `nan` or a sign, which `Double(_:)` would take.
    static func delaySeconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        let integerEnd = DecimalNumberText.digitsEnd(bytes, from: 0)
        guard integerEnd > 0, DecimalNumberText.fractionAndExponentEnd(bytes, from: integerEnd) == bytes.count,
            let seconds = Double(text), !seconds.isNaN
        else { return nil }
        return seconds
    }
}
