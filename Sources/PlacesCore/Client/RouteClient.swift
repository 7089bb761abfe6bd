import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit

/// Routes for an app: the trip between two points with its line (to draw, or to search
/// along with `PlacesClient.alongRoute`) and, where the router has them, its turn-by-turn
/// steps.
///
/// ```swift
/// let route = try await RouteClient(source: .osrm()).route(from: a, to: b, mode: .walk, steps: true)
/// let stops = try await places.alongRoute(.init(route: route.coordinates, radiusMeters: 300, categories: [.cafe]))
/// ```
public struct RouteClient: Sendable {
    /// Who draws the route: `.estimate`, `.osrm(baseURL:)` or `.google(apiKey:baseURL:)`, each
    /// declared in RouteClient+Sources over the routers of PlacesRouting and PlacesGoogle.
    public struct Source: Sendable {
        /// The router, given the HTTP client the route client made.
        let makeRouter: @Sendable (HTTPClient) -> any Router
        /// How it is shown: what it is, never a key.
        let shown: String

        init(shown: String, makeRouter: @escaping @Sendable (HTTPClient) -> any Router) {
            self.shown = shown
            self.makeRouter = makeRouter
        }
    }

    let router: any Router
    let diagnostics: Diagnostics

    public init(source: Source, configuration: PlacesClient.Configuration = PlacesClient.Configuration()) {
        let notes = configuration.notes
        let diagnostics = Diagnostics { _, message in notes?(message) }
        let http = HTTPClient(
            transport: OperatorPacedTransport.network(), timeout: configuration.timeout,
            policy: RetryPolicy(retries: configuration.retries), diagnostics: diagnostics)
        router = source.makeRouter(http)
        self.diagnostics = diagnostics
    }

    /// The trip from `from` to `to` by `mode`, with its line; with `steps`, its instructions
    /// where the router has them (nil for the estimate). No route is `PlacesError.notFound`.
    public func route(from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool = false) async throws -> RouteGeometry {
        try await router.route(from: from, to: to, mode: mode, steps: steps, diagnostics: diagnostics)
    }
}

/// A source may hold an API key: printed, reflected or dumped, it shows what it is, never the key.
extension RouteClient.Source: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { shown }

    public var debugDescription: String { shown }

    public var customMirror: Mirror { Mirror(self, children: ["source": shown], displayStyle: .struct) }
}
