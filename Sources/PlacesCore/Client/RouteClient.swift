import Foundation

/// Routes for an app: the trip between two points with its line (to draw, or to search
/// along with `PlacesClient.alongRoute`) and, where the router has them, its turn-by-turn
/// steps.
///
/// ```swift
/// let route = try await RouteClient(source: .osrm()).route(from: a, to: b, mode: .walk, steps: true)
/// let stops = try await places.alongRoute(.init(route: route.coordinates, radiusMeters: 300, categories: [.cafe]))
/// ```
public struct RouteClient: Sendable {
    /// Who draws the route.
    public enum Source: Sendable, Hashable {
        /// No network: the straight line between the ends, with distance and time estimated for the mode.
        case estimate
        /// An OSRM server's route service; nil for the public demo server (cars only).
        case osrm(baseURL: URL? = nil)
        /// Google's Routes API, with a key from the Google Cloud console.
        case google(apiKey: String, baseURL: URL? = nil)
    }

    let router: any Router
    let diagnostics: Diagnostics

    public init(source: Source, configuration: PlacesClient.Configuration = PlacesClient.Configuration()) {
        let notes = configuration.notes
        let diagnostics = Diagnostics { _, message in notes?(message) }
        let http = HTTPClient(transport: URLSessionTransport(), timeout: configuration.timeout,
                              policy: RetryPolicy(retries: configuration.retries), diagnostics: diagnostics)
        switch source {
        case .estimate:
            router = EstimateRouter()
        case .osrm(let base):
            router = OSRMRouter(client: http, baseURL: base?.absoluteString ?? ServiceDescriptor.osrm.defaultBaseURL)
        case .google(let key, let base):
            router = GoogleRoutesRouter(client: http, baseURL: base?.absoluteString ?? ServiceDescriptor.googleRoutes.defaultBaseURL, key: key)
        }
        self.diagnostics = diagnostics
    }

    /// The trip from `from` to `to` by `mode`, with its line; with `steps`, its instructions
    /// where the router has them (nil for the estimate). No route is `PlacesError.notFound`.
    public func route(from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool = false) async throws -> RouteGeometry {
        try await router.route(from: from, to: to, mode: mode, steps: steps, diagnostics: diagnostics)
    }
}

/// A source holds an API key: printed, reflected or dumped, it shows what it is, never the key.
extension RouteClient.Source: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .estimate: return "estimate"
        case .osrm(let base): return "osrm(baseURL: \(base.map { Redaction.displayURL($0.absoluteString) } ?? "nil"))"
        case .google(_, let base): return "google(apiKey: \(Redaction.placeholder), baseURL: \(base.map { Redaction.displayURL($0.absoluteString) } ?? "nil"))"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["source": description], displayStyle: .enum) }
}
