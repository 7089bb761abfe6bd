import PlacesHTTP

extension ServiceDescriptor {
    /// Google's Geocoding API (v4): "a default quota of 25 queries per second" (v4 reference
    /// pages); 10 a second unless told otherwise, as for Google's other services.
    package static let googleGeocoding = ServiceDescriptor(
        service: .googleGeocoding, defaultBaseURL: "https://geocode.googleapis.com", requestsPerSecond: 10)
}
