import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

extension PlacesClient {
    /// What is at a point (an app's "where am I"): the address at or nearest to it from this
    /// client's source, the nearest named places (`request.limit`, within 1 km), and the
    /// nearest city when `request.cities` is given. Throws `PlacesError.invalidRequest(.provider)`
    /// for a source with no geocoder (Foursquare).
    public func reverse(_ request: ReverseRequest) async throws -> ReverseGeocode {
        guard request.limit >= 0 else {
            throw PlacesError.invalidRequest(.limit, message: "limit \(request.limit) is negative")
        }
        guard let geocoder else { throw Self.noGeocoder(providerName, wording: diagnostics.wording) }
        var answer = ReverseGeocode(coordinate: request.point, city: request.cities?(request.point), provider: geocoder.name)
        // An address of which nothing is known is none: `address` (and its id and distance)
        // stay nil rather than an object of nulls.
        if let found = try await geocoder.reverse(request.point, diagnostics: diagnostics), !found.address.isEmpty {
            answer.address = found.address
            answer.addressID = found.id
            answer.addressDistanceMeters = found.coordinate.map { GeodesicDistance.meters(from: request.point, to: $0) }
        }
        if request.limit > 0 {
            var places = NearbyRequest(center: request.point, radiusMeters: Self.reversePlacesRadius, limit: request.limit).searchRequest
            places.notesCenterFarFromExtract = false
            answer.places = try await venues(for: places, favoritesOnly: false)
        }
        return answer
    }

    /// How far `reverse` looks for named places.
    static let reversePlacesRadius = 1000.0

    /// Where a typed street address is (`Simonkatu 7, Helsinki`), from this client's source;
    /// `near` prefers matches around a point. Throws `PlacesError.notFound` when nothing
    /// matches (naming the closest street names the source knows, offline), and
    /// `invalidRequest(.provider)` for a source with no geocoder.
    public func lookUpAddress(_ text: String, near: Coordinate? = nil) async throws -> AddressLookup {
        guard let geocoder else { throw Self.noGeocoder(providerName, wording: diagnostics.wording) }
        let matches = try await geocoder.lookUp(text, near: near, diagnostics: diagnostics)
        guard let first = matches.first else {
            let names = try geocoder.closestStreetNames(to: text, diagnostics: diagnostics)
            let closest = names.isEmpty ? "" : "; closest streets: " + names.joined(separator: ", ")
            throw PlacesError.notFound(message: "no address matches '\(TerminalText.sanitizedLine(String(text.prefix(200))))'\(closest)")
        }
        return AddressLookup(match: first, others: Array(matches.dropFirst()))
    }

    static func noGeocoder(_ provider: ProviderName, wording: Wording) -> PlacesError {
        .invalidRequest(
            .provider,
            message:
                "\(provider.rawValue) has no geocoder (no reverse geocoding, no addresses): use osm (an extract, or Nominatim online) or google"
        )
    }
}

extension AddressLookup {
    /// A note when the choice was not the only one: which match was taken and how many others.
    public var note: String? {
        guard !others.isEmpty else { return nil }
        let shown = match.address.formatted ?? match.id ?? "\(match.coordinate)"
        return "address is ambiguous: using \(shown) (\(match.coordinate)); \(others.count) \(others.count == 1 ? "other" : "others")"
    }
}
