import Foundation

extension ServiceDescriptor {
    /// An OSRM server's route service; the public demo server is shared by everyone: one a second.
    package static let osrm = ServiceDescriptor(
        service: .osrm, displayName: "OSRM", defaultBaseURL: "https://router.project-osrm.org", recordingFolder: "osrm",
        requestsPerSecond: 1)
}

extension RouteClient.Source {
    /// An OSRM server's route service; nil for the public demo server (cars only).
    public static func osrm(baseURL: URL? = nil) -> Self {
        let base = baseURL?.absoluteString
        return Self(shown: "osrm(baseURL: \(base.map(Redaction.displayURL) ?? "nil"))") { http in
            OSRMRouter(client: http, baseURL: base ?? ServiceDescriptor.osrm.defaultBaseURL)
        }
    }
}
