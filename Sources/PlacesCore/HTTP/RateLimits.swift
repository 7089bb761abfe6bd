/// The request gates of one process, one per web service, shared by every command it runs
/// (the lines of `places batch`): how fast, and how many at once, each service is asked.
package final class RateLimits: Sendable {
    private let gates: [PlacesError.Service: RequestGate]

    /// `requestsPerSecond` caps every service alike; nil gives each its default
    /// (its descriptor's `requestsPerSecond`), and none more at once than its `maxInFlight`.
    package init(requestsPerSecond: Double? = nil) {
        var gates: [PlacesError.Service: RequestGate] = [:]
        for service in PlacesError.Service.allCases {
            gates[service] = RequestGate(requestsPerSecond: requestsPerSecond ?? service.descriptor.requestsPerSecond,
                                         maxInFlight: service.descriptor.maxInFlight, service: service)
        }
        self.gates = gates
    }

    package func gate(for service: PlacesError.Service) -> RequestGate {
        // Unwrap justified: init makes a gate for every case of Service.
        gates[service]!
    }
}
