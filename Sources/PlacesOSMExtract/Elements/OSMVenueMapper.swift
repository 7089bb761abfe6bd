import Foundation
import PlacesGeodesy
import PlacesModel

/// Turns Overpass elements into `Venue`s: name, position, categories, cuisines,
/// address, contact details, photos (`OSMPhotoTags`). Unnamed elements and elements without a position are
/// skipped (the online query asks for named ones only).
package enum OSMVenueMapper {
    package static func venue(from element: OverpassElement) -> Venue? {
        guard let tags = element.tags, let name = nonEmpty(tags["name"]),
            let type = OSMElementRef.ElementType(rawValue: element.type)
        else { return nil }
        guard let (lat, lon) = position(of: element, type: type),
            let coordinate = try? Coordinate(latitude: lat, longitude: lon), element.id > 0
        else { return nil }
        return Venue(
            id: PlaceID(provider: .osm, rawID: OSMElementRef(type: type, id: element.id).rawID),
            name: name,
            coordinate: coordinate,
            address: address(from: tags),
            categories: categories(from: tags),
            cuisines: tags["cuisine"].map(CuisineName.canonicalList) ?? [],
            phone: nonEmpty(tags["phone"]) ?? nonEmpty(tags["contact:phone"]) ?? nonEmpty(tags["contact:mobile"]),
            website: nonEmpty(tags["website"]) ?? nonEmpty(tags["contact:website"]) ?? nonEmpty(tags["url"]),
            // The raw opening_hours rule (OSM's own grammar); the provider evaluates openNow
            // from it (`OSMOpenNow`) only when a request needs it.
            openingHours: nonEmpty(tags["opening_hours"]).map { [$0] },
            photoURLs: OSMPhotoTags.urls(from: tags)
        )
    }

    /// A node's own position; a way's or relation's `center`, else the middle of its
    /// `bounds`, else of its points, else its own `lat`/`lon` (nil when it has none).
    static func position(of element: OverpassElement, type: OSMElementRef.ElementType) -> (Double, Double)? {
        switch type {
        case .node:
            guard let lat = element.lat, let lon = element.lon else { return nil }
            return (lat, lon)
        case .way, .relation:
            if let center = element.center { return (center.lat, center.lon) }
            if let box = element.bounds?.center { return box }
            if let box = element.geometry?.center { return box }
            guard let lat = element.lat, let lon = element.lon else { return nil }
            return (lat, lon)
        }
    }

    /// Vocabulary categories, or else the raw value of the main tag (`shop=clothes` → `clothes`).
    static func categories(from tags: [String: String]) -> [String] {
        let mapped = OSMCategoryTable.categories(of: tags).map(\.rawValue)
        if !mapped.isEmpty { return mapped }
        for key in OSMCategoryTable.primaryKeys {
            if let value = nonEmpty(tags[key]), value != "yes" {
                return [value]
            }
        }
        return []
    }

    /// `addr:full`, else `street housenumber, postcode city` from the parts present.
    static func address(from tags: [String: String]) -> String? {
        if let full = nonEmpty(tags["addr:full"]) { return full }
        var street = nonEmpty(tags["addr:street"]) ?? nonEmpty(tags["addr:place"])
        if let s = street, let number = nonEmpty(tags["addr:housenumber"]) { street = "\(s) \(number)" }
        let locality = [nonEmpty(tags["addr:postcode"]), nonEmpty(tags["addr:city"])].compactMap { $0 }.joined(separator: " ")
        let parts = [street, locality.isEmpty ? nil : locality].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The value with surrounding whitespace trimmed; nil when nothing is left.
    package static func nonEmpty(_ value: String?) -> String? {
        guard let value else { return nil }
        // Printable ASCII at both ends: nothing to trim (the common case, without Foundation).
        if let first = value.utf8.first, let last = value.utf8.last,
            first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        {
            return value
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
