import PlacesCore
import PlacesHTTP

/// The environment's names for the web services, the CLI's one table of them: the variable
/// holding a service's API key and the one overriding its base URL (for tests, proxies,
/// mirrors). A new web service with a key or a base URL adds its rows here; everything else
/// about it is its descriptor in PlacesCore.
enum ServiceVariables {
    /// One service's row: its variables and what the CLI advises about it.
    struct Row: Sendable {
        /// The variable holding its API key; nil for a service that needs none.
        let key: String?
        /// The variable that overrides its base URL.
        let baseURL: String
        /// What to check when it rejects the key.
        let keyAdvice: String
        /// What to do when an answer is over the size cap.
        let oversizeAdvice: String
    }

    /// The table: every service's row.
    static func row(_ service: PlacesError.Service) -> Row {
        switch service {
        case .googlePlaces:
            return Row(
                key: "GOOGLE_MAPS_API_KEY", baseURL: "PLACES_GOOGLE_PLACES_URL",
                keyAdvice: "check GOOGLE_MAPS_API_KEY and that Places API (New) is enabled for its project",
                oversizeAdvice: "Google Places answers a page of places in far less: check that PLACES_GOOGLE_PLACES_URL leads to it")
        case .googleRoutes:
            return Row(
                key: "GOOGLE_MAPS_API_KEY", baseURL: "PLACES_GOOGLE_ROUTES_URL",
                keyAdvice: "check GOOGLE_MAPS_API_KEY, and that the Routes API is enabled for the key's project",
                oversizeAdvice: "a route is a few kilobytes: check that PLACES_GOOGLE_ROUTES_URL leads to the Routes API")
        case .foursquare:
            return Row(
                key: "FOURSQUARE_API_KEY", baseURL: "PLACES_FOURSQUARE_URL",
                keyAdvice:
                    "check FOURSQUARE_API_KEY: it must be a Service API Key from the Foursquare Developer Console (sent as 'Authorization: Bearer KEY')",
                oversizeAdvice: "Foursquare answers a page of places in far less: check that PLACES_FOURSQUARE_URL leads to it")
        case .overpass:
            return Row(
                key: nil, baseURL: "PLACES_OVERPASS_URL", keyAdvice: "Overpass needs no key; check PLACES_OVERPASS_URL",
                oversizeAdvice: "ask for less (a smaller --radius, or a --type), or use an extract offline with --data FILE")
        case .osrm:
            return Row(
                key: nil, baseURL: "PLACES_OSRM_URL", keyAdvice: "OSRM takes no key; check PLACES_OSRM_URL points at an open OSRM server",
                oversizeAdvice: "a route is a few kilobytes: check that PLACES_OSRM_URL leads to an OSRM server")
        case .nominatim:
            return Row(
                key: nil, baseURL: "PLACES_NOMINATIM_URL", keyAdvice: "Nominatim takes no key; check PLACES_NOMINATIM_URL",
                oversizeAdvice: "an address is a few kilobytes: check that PLACES_NOMINATIM_URL leads to a Nominatim server")
        case .googleGeocoding:
            return Row(
                key: "GOOGLE_MAPS_API_KEY", baseURL: "PLACES_GOOGLE_GEOCODING_URL",
                keyAdvice: "check GOOGLE_MAPS_API_KEY, and that the Geocoding API is enabled for the key's project",
                oversizeAdvice: "an address is a few kilobytes: check that PLACES_GOOGLE_GEOCODING_URL leads to the Geocoding API")
        case .imageHost:
            // The one image host with a base URL of its own: Wikimedia Commons, where an
            // OpenStreetMap wikimedia_commons tag leads. Other images are at the URL their provider gave.
            return Row(
                key: nil, baseURL: "PLACES_WIKIMEDIA_URL",
                keyAdvice: "an image host is never sent a key; check PLACES_WIKIMEDIA_URL for Wikimedia Commons",
                oversizeAdvice: "nothing was saved; ask for a smaller photo with --max-width or --max-height")
        }
    }

    /// The variable holding `service`'s API key; nil for a service that needs none.
    static func key(_ service: PlacesError.Service) -> String? { row(service).key }

    /// The variable that overrides `service`'s base URL.
    static func baseURL(_ service: PlacesError.Service) -> String { row(service).baseURL }

    /// The variable holding a provider's key; nil for one that needs none.
    static func key(_ provider: ProviderName) -> String? { key(provider.descriptor.service.service) }

    /// Every variable that holds a key, each once, in the services' order.
    static var keyVariables: [String] {
        var names: [String] = []
        for case let name? in PlacesError.Service.allCases.map(key) where !names.contains(name) { names.append(name) }
        return names
    }

    /// The keys an environment holds, each in every form a provider may send it in: what
    /// output, recordings, caches and audits must never show.
    static func secrets(_ value: (String) -> String?) -> [String] {
        keyVariables.compactMap(value).flatMap(Redaction.secretForms)
    }

    /// `service`'s base URL: the variable's value, else the service's public one.
    static func baseURL(_ service: PlacesError.Service, _ context: RunContext) -> String {
        context.value(baseURL(service)) ?? service.descriptor.defaultBaseURL
    }
}
