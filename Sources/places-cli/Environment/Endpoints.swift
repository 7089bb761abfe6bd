import PlacesCore

/// Base URLs of the web services, overridable by environment (for tests, proxies, mirrors).
enum Endpoints {

    static func googlePlaces(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_PLACES_URL") ?? DefaultEndpoints.googlePlaces }
    static func googleRoutes(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_ROUTES_URL") ?? DefaultEndpoints.googleRoutes }
    static func foursquare(_ c: RunContext) -> String { c.value("PLACES_FOURSQUARE_URL") ?? DefaultEndpoints.foursquare }
    static func overpass(_ c: RunContext) -> String { c.value("PLACES_OVERPASS_URL") ?? DefaultEndpoints.overpass }
    static func osrm(_ c: RunContext) -> String { c.value("PLACES_OSRM_URL") ?? DefaultEndpoints.osrm }
    static func nominatim(_ c: RunContext) -> String { c.value("PLACES_NOMINATIM_URL") ?? DefaultEndpoints.nominatim }
    static func googleGeocoding(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_GEOCODING_URL") ?? DefaultEndpoints.googleGeocoding }
}

extension Endpoints {
    /// The variable that overrides a service's base URL.
    static func variable(_ service: PlacesError.Service) -> String {
        switch service {
        case .googlePlaces: return "PLACES_GOOGLE_PLACES_URL"
        case .googleRoutes: return "PLACES_GOOGLE_ROUTES_URL"
        case .foursquare: return "PLACES_FOURSQUARE_URL"
        case .overpass: return "PLACES_OVERPASS_URL"
        case .osrm: return "PLACES_OSRM_URL"
        case .nominatim: return "PLACES_NOMINATIM_URL"
        case .googleGeocoding: return "PLACES_GOOGLE_GEOCODING_URL"
        }
    }

    /// A service's public base URL, as an example in messages.
    static func standard(_ service: PlacesError.Service) -> String {
        switch service {
        case .googlePlaces: return DefaultEndpoints.googlePlaces
        case .googleRoutes: return DefaultEndpoints.googleRoutes
        case .foursquare: return DefaultEndpoints.foursquare
        case .overpass: return DefaultEndpoints.overpass
        case .osrm: return DefaultEndpoints.osrm
        case .nominatim: return DefaultEndpoints.nominatim
        case .googleGeocoding: return DefaultEndpoints.googleGeocoding
        }
    }
}
