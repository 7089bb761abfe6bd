import PlacesHTTP
import PlacesModel
import PlacesProviderKit

extension ServiceDescriptor {
    /// Foursquare Places. Its quotas are per account, not confirmed in the reference: 10 a
    /// second unless told otherwise.
    package static let foursquare = ServiceDescriptor(
        service: .foursquare, defaultBaseURL: "https://places-api.foursquare.com", requestsPerSecond: 10,
        paymentAdvice: "Premium fields (rating, price, opening hours) need purchased credits in the Foursquare Developer Console")
}

extension ProviderDescriptor {
    /// Foursquare Places: a Service API Key, a 100 km radius, Pro and Premium fields.
    package static let foursquare = ProviderDescriptor(
        name: .foursquare, service: .foursquare, needsKey: true,
        maxRadiusMeters: 100_000,
        autocompletion: .service,
        make: { configuration, http in
            FoursquarePlacesProvider(http: http, baseURL: configuration.baseURL(.foursquare), key: configuration.key)
        })
}
