import Foundation
import PlacesHTTP

extension ServiceDescriptor {
    /// An OSRM server's route service; the public demo server is shared by everyone: one a second.
    package static let osrm = ServiceDescriptor(
        service: .osrm, defaultBaseURL: "https://router.project-osrm.org",
        requestsPerSecond: 1)
}
