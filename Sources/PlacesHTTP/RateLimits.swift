import Foundation
import PlacesModel

/// The request gates of one process, one per web service, shared by every command it runs
/// (the lines of `places batch`): how fast, and how many at once, each service is asked.
///
/// Beneath them, a service whose operator sets an absolute maximum (Nominatim: one a second)
/// has one gate for the whole process (`operatorGate`), which every request to it that
/// reaches the network passes (`OperatorPacedTransport`), whatever command, stream, batch line
/// or client sent it.
package final class RateLimits: Sendable {
    private let gates: [WebService: RequestGate]

    /// A gate for each of `services` (every web service: `ServiceDescriptor.all`).
    /// `requestsPerSecond` caps every service alike; nil gives each its default
    /// (its descriptor's `requestsPerSecond`), and none more at once than its `maxInFlight`.
    /// No service is asked faster than its operator allows (`maximumRequestsPerSecond`).
    package init(requestsPerSecond: Double? = nil, services: [ServiceDescriptor]) {
        var gates: [WebService: RequestGate] = [:]
        for descriptor in services {
            let pace = min(requestsPerSecond ?? descriptor.requestsPerSecond, descriptor.maximumRequestsPerSecond ?? .infinity)
            gates[descriptor.service] = RequestGate(
                requestsPerSecond: pace, maxInFlight: descriptor.maxInFlight, service: descriptor.service)
        }
        self.gates = gates
    }

    /// The gate of `service`; nil for a service it was not made with.
    package func gate(for service: WebService) -> RequestGate? {
        gates[service]
    }

    /// The process's one gate for the service `descriptor` describes when its operator sets a
    /// maximum pace; nil otherwise. Made on first use, for the life of the process.
    static func operatorGate(for descriptor: ServiceDescriptor) -> RequestGate? {
        guard let maximum = descriptor.maximumRequestsPerSecond else { return nil }
        return operatorGates.gate(descriptor.service) {
            RequestGate(requestsPerSecond: maximum, maxInFlight: descriptor.maxInFlight, service: descriptor.service)
        }
    }

    private static let operatorGates = GateTable()

    /// Gates made on first use, under a lock.
    private final class GateTable: @unchecked Sendable {
        private let lock = NSLock()
        private var gates: [WebService: RequestGate] = [:]

        func gate(_ service: WebService, make: () -> RequestGate) -> RequestGate {
            lock.lock()
            defer { lock.unlock() }
            if let gate = gates[service] { return gate }
            let gate = make()
            gates[service] = gate
            return gate
        }
    }
}
