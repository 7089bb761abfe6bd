import PlacesModel

/// What is known of one web service before it is asked, declared once beside the code that
/// speaks its wire (`GooglePlacesDescriptor.swift`, `OSRMDescriptor.swift`, ...): the public
/// base URL, the pace a batch asks it at and its operator's maximum, and the advice its
/// refusals need. Its identity (name, recording folder) is its `WebService`; how its
/// responses read is its `ResponseReader`. PlacesCore lists them all (`ServiceDescriptor.all`).
package struct ServiceDescriptor: Sendable {
    package let service: WebService
    /// The public base URL, used when no other is configured.
    package let defaultBaseURL: String
    /// The pace when none is given (`RateLimits`), cautious on purpose.
    let requestsPerSecond: Double
    /// The most its operator allows, whatever asks (Nominatim's usage policy: "an absolute
    /// maximum of 1 request per second"): every request this process sends it, from any command,
    /// stream, batch line or client, passes one gate at this pace (`RateLimits.operatorGate`),
    /// and no setting raises it (`--qps` only lowers it). Nil: its operator sets none.
    let maximumRequestsPerSecond: Double?
    /// Requests that may wait for an answer at once (the public Overpass server gives each
    /// client two slots); `.max` when only the batch's `--jobs` bounds them.
    let maxInFlight: Int
    /// What to do when it refuses a request for payment.
    let paymentAdvice: String
    /// What to do when an answer is over the size cap; nil for the usual "check its base URL".
    let oversizeAdvice: String?

    package init(
        service: WebService, defaultBaseURL: String, requestsPerSecond: Double, maximumRequestsPerSecond: Double? = nil,
        maxInFlight: Int = .max, paymentAdvice: String = "check the account's billing", oversizeAdvice: String? = nil
    ) {
        self.service = service
        self.defaultBaseURL = defaultBaseURL
        self.requestsPerSecond = requestsPerSecond
        self.maximumRequestsPerSecond = maximumRequestsPerSecond
        self.maxInFlight = maxInFlight
        self.paymentAdvice = paymentAdvice
        self.oversizeAdvice = oversizeAdvice
    }

    /// As users know it: "Google Places", "Overpass".
    var displayName: String { service.name }
}
