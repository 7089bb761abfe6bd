import Foundation
import PlacesGoogle
import PlacesHTTP
import PlacesRouting

/// The routers an app may choose, each made over the HTTP client its route client made.
extension RouteClient.Source {
    /// No network: the straight line between the ends, with distance and time estimated for the mode.
    public static var estimate: Self { Self(shown: "estimate") { _ in EstimateRouter() } }

    /// An OSRM server's route service; nil for the public demo server (cars only).
    public static func osrm(baseURL: URL? = nil) -> Self {
        let base = baseURL?.absoluteString
        return Self(shown: "osrm(baseURL: \(base.map(Redaction.displayURL) ?? "nil"))") { http in
            OSRMRouter(client: http, baseURL: base ?? ServiceDescriptor.osrm.defaultBaseURL)
        }
    }

    /// Google's Routes API, with a key from the Google Cloud console.
    public static func google(apiKey: String, baseURL: URL? = nil) -> Self {
        let base = baseURL?.absoluteString
        return Self(shown: "google(apiKey: \(Redaction.placeholder), baseURL: \(base.map(Redaction.displayURL) ?? "nil"))") { http in
            GoogleRoutesRouter(client: http, baseURL: base ?? ServiceDescriptor.googleRoutes.defaultBaseURL, key: apiKey)
        }
    }
}
