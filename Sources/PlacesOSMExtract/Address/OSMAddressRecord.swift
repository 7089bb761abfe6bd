import Foundation
import PlacesGeodesy
import PlacesModel

/// One element of an extract that carries a street address (`addr:street`, or `addr:place`
/// for an address on a square or an island, with the rest of `addr:*` as tagged): a node at
/// its position, a way at its centre. An element with only a city, a postcode or a house
/// number is not an address: a café tagged `addr:city` and `addr:postcode` alone would
/// answer "00100 Helsinki" for a point beside a street whose addresses are known.
struct OSMAddressRecord: Equatable, Sendable {
    var kind: ScannedElement.Kind
    var id: Int64
    var latitude, longitude: Double
    /// The parts as tagged: `addr:street` (else `addr:place`: an address on a square or an
    /// island has no street), `addr:housenumber`, `addr:postcode`, `addr:city`.
    var street, housenumber, postcode, city: String?
    /// `addr:full`, when the element has one: the address as one line.
    var full: String?
    /// `addr:country` when it is an ISO 3166-1 alpha-2 code (two letters, upper-cased).
    var country: String?
}

extension OSMAddressRecord {
    /// The keys that make an element an address here: a street, or a place that stands for one.
    static let keys: [OSMTagKey] = [.addrStreet, .addrPlace]

    /// The record of `element` at `position`, if it carries an address and has a usable id and position.
    init?(_ element: borrowing ScannedElement, at position: (lat: Double, lon: Double)) {
        guard element.kind != .other, element.id > 0, element.hasTags,
            position.lat.isFinite, abs(position.lat) <= 90, position.lon.isFinite, abs(position.lon) <= 180
        else { return nil }
        func value(_ key: OSMTagKey) -> String? {
            guard let text = element.tag(key) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        let street = value(.addrStreet) ?? value(.addrPlace)
        let housenumber = value(.addrHousenumber), postcode = value(.addrPostcode), city = value(.addrCity), full = value(.addrFull)
        guard street != nil else { return nil }
        self.init(
            kind: element.kind, id: element.id, latitude: position.lat, longitude: position.lon,
            street: street, housenumber: housenumber, postcode: postcode, city: city, full: full,
            country: value(.addrCountry).flatMap(Self.countryCode))
    }

    /// `fi` or `FI` → `FI`; anything but two ASCII letters (`Suomi`, `FIN`) → nil.
    static func countryCode(_ text: String) -> String? {
        let letters = Array(text.utf8)
        guard letters.count == 2, letters.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { return nil }
        return text.uppercased()
    }

    var coordinate: Coordinate { Coordinate(uncheckedLatitude: latitude, longitude: longitude) }

    /// `osm:node/123`, as venue ids read.
    var placeID: String { "osm:\(kind.elementType?.rawValue ?? "node")/\(id)" }

    /// The address as a reverse geocoder gives it.
    var streetAddress: StreetAddress {
        StreetAddress(formatted: full, street: street, housenumber: housenumber, postcode: postcode, city: city, countryCode: country)
    }
}
