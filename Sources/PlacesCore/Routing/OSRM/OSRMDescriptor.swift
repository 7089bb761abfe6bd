extension ServiceDescriptor {
    /// An OSRM server's route service; the public demo server is shared by everyone: one a second.
    package static let osrm = ServiceDescriptor(
        service: .osrm, displayName: "OSRM", defaultBaseURL: "https://router.project-osrm.org", recordingFolder: "osrm",
        requestsPerSecond: 1)
}
