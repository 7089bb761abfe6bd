/// Base URLs of the web services, overridable by environment (for tests, proxies, mirrors).
public enum Endpoints {
    public static let googlePlacesDefault = "https://places.googleapis.com"
    public static let googleRoutesDefault = "https://routes.googleapis.com"
    public static let foursquareDefault = "https://places-api.foursquare.com"
    public static let overpassDefault = "https://overpass-api.de/api/interpreter"
    public static let osrmDefault = "https://router.project-osrm.org"

    public static func googlePlaces(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_PLACES_URL") ?? googlePlacesDefault }
    public static func googleRoutes(_ c: RunContext) -> String { c.value("PLACES_GOOGLE_ROUTES_URL") ?? googleRoutesDefault }
    public static func foursquare(_ c: RunContext) -> String { c.value("PLACES_FOURSQUARE_URL") ?? foursquareDefault }
    public static func overpass(_ c: RunContext) -> String { c.value("PLACES_OVERPASS_URL") ?? overpassDefault }
    public static func osrm(_ c: RunContext) -> String { c.value("PLACES_OSRM_URL") ?? osrmDefault }
}
