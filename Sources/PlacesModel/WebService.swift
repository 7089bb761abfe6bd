/// A web service PlacesCore talks to: its one identity, which errors, recordings, request
/// gates and billing name it by. How it is asked (its base URL, pace, advice) is its
/// `ServiceDescriptor`, declared in the target that speaks its wire.
public enum WebService: String, Sendable, CaseIterable {
    case googlePlaces, googleRoutes, foursquare, overpass, osrm
    /// OpenStreetMap's geocoder (reverse and address search) and Google's Geocoding API.
    case nominatim, googleGeocoding
    /// Wherever a photo's image is downloaded from, with no key: the URL a provider gave
    /// (Google's `photoUri`, Foursquare's photo, an OpenStreetMap `image` tag), or Wikimedia
    /// Commons for a `wikimedia_commons` tag.
    case imageHost

    /// As users know it: "Google Places", "Foursquare", "Overpass".
    public var name: String {
        switch self {
        case .googlePlaces: return "Google Places"
        case .googleRoutes: return "Google Routes"
        case .foursquare: return "Foursquare"
        case .overpass: return "Overpass"
        case .osrm: return "OSRM"
        case .nominatim: return "Nominatim"
        case .googleGeocoding: return "Google Geocoding"
        case .imageHost: return "Image host"
        }
    }

    /// The folder a recording of its exchanges goes in (`DIR/<folder>/`, the cassette
    /// contract): both of Google's places services share `google`, and Overpass is `osm`.
    package var recordingFolder: String {
        switch self {
        case .googlePlaces, .googleRoutes, .googleGeocoding: return "google"
        case .foursquare: return "foursquare"
        case .overpass: return "osm"
        case .osrm: return "osrm"
        case .nominatim: return "nominatim"
        case .imageHost: return "photos"
        }
    }
}
