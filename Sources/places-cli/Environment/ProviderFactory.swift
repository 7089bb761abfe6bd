import Foundation
import PlacesCore

/// Builds the `PlacesClient` a command asks: the provider as the environment configures it
/// (keys, `PLACES_*_URL`, `--data` / `$PLACES_OSM_DATA`, the index cache, `$PLACES_NOW`),
/// over the transport the network flags choose, speaking the CLI's words.
/// Which provider answers is decided before, in `ProviderSelection`.
enum ProviderFactory {
    static func client(_ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext) throws -> PlacesClient
    {
        let spec: ProviderSpec
        var now: Date?
        switch name {
        case .osm:
            now = try ReferenceClock.override(context)
            if let path = ProviderSelection.dataFile(options, context: context) {
                spec = .extract(path: path, cache: options.noCache ? nil : VenueIndexCache(environment: context.environment))
            } else {
                spec = .overpass(endpoint: Endpoints.overpass(context))
            }
        case .google:
            spec = .google(
                key: HTTPClientFactory.key("GOOGLE_MAPS_API_KEY", for: network, context: context), baseURL: Endpoints.googlePlaces(context))
        case .foursquare:
            spec = .foursquare(
                key: HTTPClientFactory.key("FOURSQUARE_API_KEY", for: network, context: context), baseURL: Endpoints.foursquare(context))
        }
        let provider = spec.makeProvider(http: try HTTPClientFactory.make(network, context: context), now: now)
        return PlacesClient(provider: provider, diagnostics: context.diagnostics)
    }
}
