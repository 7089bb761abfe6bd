import Foundation
import PlacesHTTP

extension ServiceDescriptor {
    /// Google's Routes API: the same key and quotas as Google Places.
    package static let googleRoutes = ServiceDescriptor(
        service: .googleRoutes, defaultBaseURL: "https://routes.googleapis.com", requestsPerSecond: 10)
}
