import PlacesCore

/// Base URLs of the web services, overridable by environment (for tests, proxies, mirrors).
enum Endpoints {

    static func googlePlaces(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_PLACES_URL") ?? DefaultEndpoints.googlePlaces }
    static func googleRoutes(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_ROUTES_URL") ?? DefaultEndpoints.googleRoutes }
    static func foursquare(_ c: RunContext) -> String { c.value("PLACES_FOURSQUARE_URL") ?? DefaultEndpoints.foursquare }
    static func overpass(_ c: RunContext) -> String { c.value("PLACES_OVERPASS_URL") ?? DefaultEndpoints.overpass }
    static func osrm(_ c: RunContext) -> String { c.value("PLACES_OSRM_URL") ?? DefaultEndpoints.osrm }
}
