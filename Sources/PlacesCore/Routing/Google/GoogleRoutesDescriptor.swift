import Foundation

extension ServiceDescriptor {
    /// Google's Routes API: the same key and quotas as Google Places.
    package static let googleRoutes = ServiceDescriptor(
        service: .googleRoutes, displayName: "Google Routes", defaultBaseURL: "https://routes.googleapis.com",
        recordingFolder: "google", requestsPerSecond: 10)
}

extension RouteClient.Source {
    /// Google's Routes API, with a key from the Google Cloud console.
    public static func google(apiKey: String, baseURL: URL? = nil) -> Self {
        let base = baseURL?.absoluteString
        return Self(shown: "google(apiKey: \(Redaction.placeholder), baseURL: \(base.map(Redaction.displayURL) ?? "nil"))") { http in
            GoogleRoutesRouter(client: http, baseURL: base ?? ServiceDescriptor.googleRoutes.defaultBaseURL, key: apiKey)
        }
    }
}
