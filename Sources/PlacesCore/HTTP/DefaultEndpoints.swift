/// The public base URLs of the web services, used when no other is configured.
package enum DefaultEndpoints {
    package static let googlePlaces = "https://places.googleapis.com"
    package static let googleRoutes = "https://routes.googleapis.com"
    package static let foursquare = "https://places-api.foursquare.com"
    package static let overpass = "https://overpass-api.de/api/interpreter"
    package static let osrm = "https://router.project-osrm.org"
    package static let nominatim = "https://nominatim.openstreetmap.org"
    package static let googleGeocoding = "https://geocode.googleapis.com"
}
