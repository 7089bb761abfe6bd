extension ServiceDescriptor {
    /// Google's Routes API: the same key and quotas as Google Places.
    package static let googleRoutes = ServiceDescriptor(
        service: .googleRoutes, displayName: "Google Routes", defaultBaseURL: "https://routes.googleapis.com",
        recordingFolder: "google", requestsPerSecond: 10)
}
