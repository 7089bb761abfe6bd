import PlacesCore

/// Builds the provider for a command. Each web provider is registered here, once.
enum ProviderFactory {
    static func make(_ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext) throws -> PlaceProvider {
        switch name {
        case .osm:
            let now = try ReferenceClock.override(context)
            if let path = ProviderSelection.dataFile(options, context: context) {
                return OverpassFileProvider(path: path, cache: options.noCache ? nil : VenueIndexCache(environment: context.environment), now: now)
            }
            return OverpassAPIProvider(http: HTTPClientFactory.make(network, context: context), endpoint: Endpoints.overpass(context), now: now)
        case .google:
            let key = HTTPClientFactory.key("GOOGLE_MAPS_API_KEY", for: network, context: context)
            return GooglePlacesClient(http: HTTPClientFactory.make(network, context: context), baseURL: Endpoints.googlePlaces(context), key: key)
        case .foursquare:
            let key = HTTPClientFactory.key("FOURSQUARE_API_KEY", for: network, context: context)
            return FoursquareClient(http: HTTPClientFactory.make(network, context: context), baseURL: Endpoints.foursquare(context), key: key)
        }
    }
}
