extension ServiceDescriptor {
    /// The Overpass API. The public server is shared by everyone and gives each client two
    /// slots (a third request is answered 429): one a second, two at once.
    package static let overpass = ServiceDescriptor(
        service: .overpass, displayName: "Overpass", defaultBaseURL: "https://overpass-api.de/api/interpreter",
        recordingFolder: "osm", requestsPerSecond: 1, maxInFlight: 2,
        oversizeAdvice: "ask for less (a smaller radius, or a category), or search an extract offline")
}

extension ProviderDescriptor {
    /// OpenStreetMap: through Overpass, or offline from an extract; no key, no ratings, no
    /// billing, no radius limit.
    package static let osm = ProviderDescriptor(
        name: .osm, displayName: "OpenStreetMap", letter: "O", service: .overpass, needsKey: false, readsExtracts: true,
        hasRatings: false, maxRadiusMeters: nil, tiers: nil,
        idProblem: { _, text, raw in
            OSMElementRef(rawID: raw) == nil
                ? "'\(text)' is not an OpenStreetMap id: expected osm:node/N, osm:way/N or osm:relation/N" : nil
        },
        placeNoun: { $0.rawID },
        placePage: { raw in OSMElementRef(rawID: raw).map { "https://www.openstreetmap.org/\($0.type.rawValue)/\($0.id)" } },
        autocompletion: .extractOnly,
        make: { configuration, http in
            if let extract = configuration.extract {
                return OverpassFileProvider(path: extract.path, cache: extract.cache, now: configuration.now)
            }
            return OverpassAPIProvider(http: http, endpoint: configuration.baseURL(.overpass), now: configuration.now)
        })
}
