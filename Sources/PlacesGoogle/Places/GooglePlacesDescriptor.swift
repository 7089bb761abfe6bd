import PlacesHTTP
import PlacesModel
import PlacesProviderKit

extension ServiceDescriptor {
    /// Google Places API (New). Google's quotas are per project and method per minute, not
    /// confirmed in the reference: 10 a second unless told otherwise.
    package static let googlePlaces = ServiceDescriptor(
        service: .googlePlaces, defaultBaseURL: "https://places.googleapis.com", requestsPerSecond: 10)
}

extension ProviderDescriptor {
    /// Google Places: a key, a 50 km radius, billed by the tier its field mask sets.
    package static let google = ProviderDescriptor(
        name: .google, service: .googlePlaces, needsKey: true,
        maxRadiusMeters: 50_000,
        autocompletion: .service,
        geocodingService: .googleGeocoding,
        makeGeocoder: { configuration, http in
            GoogleGeocoder(
                http: http, baseURL: configuration.baseURL(.googleGeocoding), key: configuration.key, locale: configuration.locale)
        },
        make: { configuration, http in
            GooglePlacesProvider(
                http: http, baseURL: configuration.baseURL(.googlePlaces), key: configuration.key,
                locale: configuration.locale)
        })
}
