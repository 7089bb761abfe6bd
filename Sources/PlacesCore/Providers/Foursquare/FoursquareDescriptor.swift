extension ServiceDescriptor {
    /// Foursquare Places. Its quotas are per account, not confirmed in the reference: 10 a
    /// second unless told otherwise.
    package static let foursquare = ServiceDescriptor(
        service: .foursquare, displayName: "Foursquare", defaultBaseURL: "https://places-api.foursquare.com",
        recordingFolder: "foursquare", requestsPerSecond: 10,
        paymentAdvice: "Premium fields (rating, price, opening hours) need purchased credits in the Foursquare Developer Console")
}

extension ProviderDescriptor {
    /// Foursquare Places: a Service API Key, a 100 km radius, Pro and Premium fields.
    package static let foursquare = ProviderDescriptor(
        name: .foursquare, displayName: "Foursquare", letter: "F", service: .foursquare, needsKey: true,
        maxRadiusMeters: 100_000, tiers: TierLadder.foursquare,
        autocompletion: .service,
        make: { configuration, http in
            FoursquarePlacesProvider(http: http, baseURL: configuration.baseURL(.foursquare), key: configuration.key)
        })
}
