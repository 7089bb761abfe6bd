/// The request gates of one process, one per web service, shared by every command it runs
/// (the lines of `places batch`): how fast, and how many at once, each service is asked.
///
/// Beneath them, a service whose operator sets an absolute maximum (Nominatim: one a second)
/// has one gate for the whole process (`operatorGate`), which every request to it that
/// reaches the network passes (`OperatorPacedTransport`), whatever command, stream, batch line
/// or client sent it.
package final class RateLimits: Sendable {
    private let gates: [PlacesError.Service: RequestGate]

    /// `requestsPerSecond` caps every service alike; nil gives each its default
    /// (its descriptor's `requestsPerSecond`), and none more at once than its `maxInFlight`.
    /// No service is asked faster than its operator allows (`maximumRequestsPerSecond`).
    package init(requestsPerSecond: Double? = nil) {
        var gates: [PlacesError.Service: RequestGate] = [:]
        for service in PlacesError.Service.allCases {
            let descriptor = service.descriptor
            let pace = min(requestsPerSecond ?? descriptor.requestsPerSecond, descriptor.maximumRequestsPerSecond ?? .infinity)
            gates[service] = RequestGate(requestsPerSecond: pace, maxInFlight: descriptor.maxInFlight, service: service)
        }
        self.gates = gates
    }

    package func gate(for service: PlacesError.Service) -> RequestGate {
        // Unwrap justified: init makes a gate for every case of Service.
        gates[service]!
    }

    /// The process's one gate for `service` when its operator sets a maximum pace; nil otherwise.
    package static func operatorGate(for service: PlacesError.Service) -> RequestGate? {
        operatorGates[service]
    }

    /// Made once, on first use, for the life of the process.
    private static let operatorGates: [PlacesError.Service: RequestGate] = {
        var gates: [PlacesError.Service: RequestGate] = [:]
        for descriptor in ServiceDescriptor.all {
            guard let maximum = descriptor.maximumRequestsPerSecond else { continue }
            gates[descriptor.service] = RequestGate(
                requestsPerSecond: maximum, maxInFlight: descriptor.maxInFlight, service: descriptor.service)
        }
        return gates
    }()
}
