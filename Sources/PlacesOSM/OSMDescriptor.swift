import PlacesHTTP
import PlacesModel
import PlacesOSMExtract
import PlacesProviderKit

extension ServiceDescriptor {
    /// The Overpass API. The public server is shared by everyone and gives each client two
    /// slots (a third request is answered 429): one a second, two at once.
    package static let overpass = ServiceDescriptor(
        service: .overpass, defaultBaseURL: "https://overpass-api.de/api/interpreter", requestsPerSecond: 1, maxInFlight: 2,
        oversizeAdvice: "ask for less (a smaller radius, or a category), or search an extract offline")
}

extension ProviderDescriptor {
    /// OpenStreetMap: through Overpass, or offline from an extract; no key, no ratings, no
    /// billing, no radius limit.
    package static let osm = ProviderDescriptor(
        name: .osm, service: .overpass, needsKey: false, readsExtracts: true, maxRadiusMeters: nil,
        autocompletion: .extractOnly,
        geocodingService: .nominatim,
        makeGeocoder: { configuration, http in
            if let extract = configuration.extract {
                return OSMExtractGeocoder(path: extract.path, cache: extract.indexDirectory.map(VenueIndexCache.init(directory:)))
            }
            return NominatimGeocoder(http: http, baseURL: configuration.baseURL(.nominatim))
        },
        make: { configuration, http in
            if let extract = configuration.extract {
                return OverpassFileProvider(
                    path: extract.path, cache: extract.indexDirectory.map(VenueIndexCache.init(directory:)), now: configuration.now,
                    progress: configuration.progress)
            }
            return OverpassAPIProvider(http: http, endpoint: configuration.baseURL(.overpass), now: configuration.now)
        })
}

/// An OpenStreetMap extract's streets, railways, water and parks for a map (`--format svg`),
/// as PlacesCore offers them to apps: the extract's street file, read a view's tiles at a time.
package enum OSMStreetMaps {
    package static func open(path: String, cacheDirectory: String?, diagnostics: Diagnostics) throws -> any StreetMapSource {
        try OSMStreetMap.open(path: path, cacheDirectory: cacheDirectory, diagnostics: diagnostics)
    }

    /// Whether `path` names an `.osm.pbf` extract (its first bytes say so).
    package static func isPBF(path: String) -> Bool { OSMStreetMap.isPBF(path: path) }
}
