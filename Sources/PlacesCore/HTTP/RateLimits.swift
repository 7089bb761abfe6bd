/// The request gates of one process, one per web service, shared by every command it runs
/// (the lines of `places batch`): how fast, and how many at once, each service is asked.
package final class RateLimits: Sendable {
    private let gates: [PlacesError.Service: RequestGate]

    /// `requestsPerSecond` caps every service alike; nil gives each its default
    /// (`defaultRequestsPerSecond`). Overpass is never asked more than twice at once.
    package init(requestsPerSecond: Double? = nil) {
        var gates: [PlacesError.Service: RequestGate] = [:]
        for service in PlacesError.Service.allCases {
            gates[service] = RequestGate(requestsPerSecond: requestsPerSecond ?? Self.defaultRequestsPerSecond(service),
                                         maxInFlight: Self.maxInFlight(service), service: service)
        }
        self.gates = gates
    }

    package func gate(for service: PlacesError.Service) -> RequestGate {
        // Unwrap justified: init makes a gate for every case of Service.
        gates[service]!
    }

    /// The pace when none is given, cautious on purpose (raise it with `--qps` where your
    /// quota allows): Google's quotas are per project and method per minute and Foursquare's
    /// per account, neither confirmed in the reference, so 10 a second; the public Overpass
    /// and OSRM demo servers are shared by everyone, so one a second.
    package static func defaultRequestsPerSecond(_ service: PlacesError.Service) -> Double {
        switch service {
        case .googlePlaces, .googleRoutes, .googleGeocoding, .foursquare: return 10
        // Nominatim's usage policy: "an absolute maximum of 1 request per second"
        // (https://operations.osmfoundation.org/policies/nominatim/).
        case .overpass, .osrm, .nominatim: return 1
        }
    }

    /// Requests at once: the public Overpass server gives each client two slots (a third
    /// request is answered 429); the others are bounded only by the batch's `--jobs`.
    package static func maxInFlight(_ service: PlacesError.Service) -> Int {
        service == .overpass ? 2 : .max
    }
}
