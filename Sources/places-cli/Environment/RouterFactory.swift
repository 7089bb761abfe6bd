import PlacesCore
import PlacesGoogle
import PlacesHTTP
import PlacesRouting

/// Builds the router `--router` names. Each web router is registered here, once.
enum RouterFactory {
    static func make(_ name: RouterName, network: NetworkOptions, context: RunContext) throws -> Router {
        switch name {
        case .estimate:
            return EstimateRouter()
        case .google:
            return GoogleRoutesRouter(
                client: try HTTPClientFactory.make(network, service: .googleRoutes, context: context),
                baseURL: ServiceVariables.baseURL(.googleRoutes, context), key: try googleKey(network, context: context))
        case .osrm:
            return OSRMRouter(
                client: try HTTPClientFactory.make(network, service: .osrm, context: context),
                baseURL: ServiceVariables.baseURL(.osrm, context))
        }
    }

    /// `GOOGLE_MAPS_API_KEY`; dry runs and replays need none (the missing-only mode needs it
    /// for a miss only). Missing otherwise is 77, with the routers that need no key as the way out.
    static func googleKey(_ network: NetworkOptions, context: RunContext) throws -> String {
        if let key = ServiceVariables.key(.googleRoutes).flatMap(context.value) { return key }
        if network.dryRun || network.replays { return Redaction.placeholder }
        throw PlacesError.missingAPIKey(.googleRoutes)
    }
}
