import PlacesFoursquare
import PlacesGoogle
import PlacesHTTP
import PlacesModel
import PlacesOSM
import PlacesProviderKit
import PlacesRouting

// The registries: every provider and every web service, each declared in its own target and
// listed here, the one place that sees them all. The switches are exhaustive, so a new case
// of `ProviderName` or `WebService` does not compile until it is registered.

extension ProviderName {
    /// How this provider is made and what it can do.
    package var descriptor: ProviderDescriptor {
        switch self {
        case .google: return .google
        case .foursquare: return .foursquare
        case .osm: return .osm
        }
    }
}

extension ProviderDescriptor {
    /// Every provider, in `ProviderName` order (the order of the default choice).
    package static let all: [ProviderDescriptor] = ProviderName.allCases.map(\.descriptor)
}

extension WebService {
    /// What is known of this service before it is asked: base URL, pace, advice.
    package var descriptor: ServiceDescriptor {
        switch self {
        case .googlePlaces: return .googlePlaces
        case .googleRoutes: return .googleRoutes
        case .googleGeocoding: return .googleGeocoding
        case .foursquare: return .foursquare
        case .overpass: return .overpass
        case .osrm: return .osrm
        case .nominatim: return .nominatim
        case .imageHost: return .imageHost
        }
    }
}

extension ServiceDescriptor {
    /// Every web service, in `WebService` order.
    package static let all: [ServiceDescriptor] = WebService.allCases.map(\.descriptor)
}
