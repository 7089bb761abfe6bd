import Foundation

/// A source with everything a provider needs to be built, as text (a base URL from the
/// environment may not even parse: that is reported when a request is built, as 78).
/// `makeProvider` is the one registry of providers: a new provider is a case here, a case
/// of `PlacesClient.Source` and of `ProviderName`, and a folder under Providers/.
package enum ProviderSpec: Sendable {
    case google(key: String?, baseURL: String, locale: GoogleLocale = GoogleLocale())
    case foursquare(key: String?, baseURL: String)
    case overpass(endpoint: String)
    case extract(path: String, cache: VenueIndexCache?)

    package init(_ source: PlacesClient.Source, baseURL: URL? = nil) {
        switch source {
        case .google(let key): self = .google(key: key, baseURL: baseURL?.absoluteString ?? DefaultEndpoints.googlePlaces)
        case .foursquare(let key): self = .foursquare(key: key, baseURL: baseURL?.absoluteString ?? DefaultEndpoints.foursquare)
        case .overpass(let endpoint): self = .overpass(endpoint: endpoint?.absoluteString ?? DefaultEndpoints.overpass)
        case .extract(let file, let directory):
            self = .extract(path: file.path, cache: directory.map { VenueIndexCache(directory: $0.path) })
        }
    }

    /// The source's address geocoder: the extract's addresses, Nominatim for OpenStreetMap
    /// online, Google's Geocoding API; nil for Foursquare, which has none.
    package func makeGeocoder(http: HTTPClient, nominatimURL: String = DefaultEndpoints.nominatim,
                              googleGeocodingURL: String = DefaultEndpoints.googleGeocoding) -> (any AddressGeocoder)? {
        switch self {
        case .google(let key, _, let locale): return GoogleGeocoder(http: http, baseURL: googleGeocodingURL, key: key, locale: locale)
        case .foursquare: return nil
        case .overpass: return NominatimGeocoder(http: http, baseURL: nominatimURL)
        case .extract(let path, let cache): return OSMExtractGeocoder(path: path, cache: cache)
        }
    }

    package func makeProvider(http: HTTPClient, now: Date?) -> any PlaceProvider {
        switch self {
        case .google(let key, let baseURL, let locale): return GooglePlacesProvider(http: http, baseURL: baseURL, key: key, locale: locale)
        case .foursquare(let key, let baseURL): return FoursquarePlacesProvider(http: http, baseURL: baseURL, key: key)
        case .overpass(let endpoint): return OverpassAPIProvider(http: http, endpoint: endpoint, now: now)
        case .extract(let path, let cache): return OverpassFileProvider(path: path, cache: cache, now: now)
        }
    }
}
