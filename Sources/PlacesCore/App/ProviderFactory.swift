/// Builds the provider for a command. Each web provider is registered here, once.
public enum ProviderFactory {
    public static func make(_ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext) throws -> PlaceProvider {
        switch name {
        case .osm:
            if let path = ProviderSelection.dataFile(options, context: context) {
                return OverpassFileProvider(path: path, cache: options.noCache ? nil : VenueIndexCache(environment: context.environment))
            }
            throw PlacesError.usage("the online osm provider (Overpass) is not built yet: give an extract with --data FILE or $PLACES_OSM_DATA")
        case .google, .foursquare:
            throw PlacesError.usage("the \(name.rawValue) provider is not built yet: use --provider osm --data FILE")
        }
    }
}
