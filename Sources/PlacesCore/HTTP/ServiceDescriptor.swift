/// What everyone says about one web service, declared once beside the code that speaks its
/// wire (`GooglePlacesDescriptor.swift`, `OSRMDescriptor.swift`, ...): its name in messages,
/// the public base URL, the folder its recordings go in, and the pace a batch asks it at.
/// (How its failures read is `ServiceDescription`, made per request.)
package struct ServiceDescriptor: Sendable {
    package let service: PlacesError.Service
    /// As users know it: "Google Places", "Overpass".
    package let displayName: String
    /// The public base URL, used when no other is configured.
    package let defaultBaseURL: String
    /// The folder its exchanges are recorded in, and `HTTPRequest.service` (`google` for both
    /// of Google's services, `osm` for Overpass).
    package let recordingFolder: String
    /// The pace when none is given (`RateLimits`), cautious on purpose.
    package let requestsPerSecond: Double
    /// The most its operator allows, whatever asks (Nominatim's usage policy: "an absolute
    /// maximum of 1 request per second"): every request this process sends it, from any command,
    /// stream, batch line or client, passes one gate at this pace (`RateLimits.operatorGate`),
    /// and no setting raises it (`--qps` only lowers it). Nil: its operator sets none.
    package var maximumRequestsPerSecond: Double?
    /// Requests that may wait for an answer at once (the public Overpass server gives each
    /// client two slots); `.max` when only the batch's `--jobs` bounds them.
    package var maxInFlight = Int.max
    /// What to do when it refuses a request for payment.
    package var paymentAdvice = "check the account's billing"
    /// What to do when an answer is over the size cap; nil for the usual "check its base URL".
    package var oversizeAdvice: String?
}

extension ServiceDescriptor {
    /// The one registry of web services, each declared beside the code that speaks its wire.
    package static let all: [ServiceDescriptor] = [.googlePlaces, .googleRoutes, .foursquare, .overpass, .osrm, .nominatim, .googleGeocoding]
}

extension PlacesError.Service {
    /// This service's descriptor, from the registry (`ServiceDescriptor.all`, which a test
    /// checks holds each service once).
    package var descriptor: ServiceDescriptor {
        // Unwrap justified: the registry holds every case (ProviderDescriptorTests).
        ServiceDescriptor.all.first { $0.service == self }!
    }
}
