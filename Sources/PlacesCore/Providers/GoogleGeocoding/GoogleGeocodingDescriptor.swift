extension ServiceDescriptor {
    /// Google's Geocoding API (v4): "a default quota of 25 queries per second" (v4 reference
    /// pages); 10 a second unless told otherwise, as for Google's other services.
    package static let googleGeocoding = ServiceDescriptor(
        service: .googleGeocoding, displayName: "Google Geocoding", defaultBaseURL: "https://geocode.googleapis.com",
        recordingFolder: "google", requestsPerSecond: 10)
}
