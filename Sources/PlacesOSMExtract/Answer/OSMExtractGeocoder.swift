import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// Addresses offline, from an extract's `addr:*` elements (`OSMAddressBook`): the nearest
/// to a point, and the ones matching a typed address (street names folded as place names
/// are, house numbers as OSM writes them).
package struct OSMExtractGeocoder: AddressGeocoder {
    package let name = ProviderName.osm
    let path: String
    let cache: VenueIndexCache?
    /// The book, opened by the first question and kept for the next ones (a stream of points
    /// asks thousands: the file is opened and its key checked once).
    private let opened = OpenedBook()

    package init(path: String, cache: VenueIndexCache?) {
        self.path = path
        self.cache = cache
    }

    package func reverse(_ point: Coordinate, diagnostics: Diagnostics) async throws -> FoundAddress? {
        try reverse(point, in: try book(diagnostics))
    }

    func book(_ diagnostics: Diagnostics) throws -> OSMAddressBook {
        try opened.get { try OSMAddressBook.open(path: path, cache: cache, diagnostics: diagnostics) }
    }

    /// The same with the book opened once (a stream of points).
    func reverse(_ point: Coordinate, in book: OSMAddressBook) throws -> FoundAddress? {
        guard let found = try book.nearest(to: point) else { return nil }
        return FoundAddress(address: found.record.streetAddress, id: found.record.placeID, coordinate: found.record.coordinate)
    }

    package func lookUp(_ text: String, near: Coordinate?, diagnostics: Diagnostics) async throws -> [AddressMatch] {
        guard let query = AddressQuery(text) else { return [] }
        let book = try book(diagnostics)
        return try Self.matches(query, in: book, near: near).map {
            AddressMatch(coordinate: $0.coordinate, address: $0.streetAddress, id: $0.placeID, precision: $0.kind.elementType?.rawValue)
        }
    }

    /// The addresses matching `query`, best first: the house number as tagged, then within a
    /// tagged range (`16` in `14-20`); with no number, the street's addresses. A city or
    /// postcode given must agree where the element tags one. One match per street, number
    /// and city (a building and its entrance are one address); nearest `near` first.
    static func matches(_ query: AddressQuery, in book: OSMAddressBook, near: Coordinate?) throws -> [OSMAddressRecord] {
        let street = TextFolding.fold(query.street)
        let number = query.housenumber.map(AddressQuery.normalizedNumber)
        let city = query.city.map(TextFolding.fold)
        var exact: [OSMAddressRecord] = [], ranged: [OSMAddressRecord] = []
        try book.forEachRecord { record in
            guard let recordStreet = record.street, TextFolding.fold(recordStreet) == street else { return }
            if let city, let recordCity = record.city, TextFolding.fold(recordCity) != city { return }
            if let postcode = query.postcode, let recordPostcode = record.postcode, recordPostcode != postcode { return }
            guard let number else {
                exact.append(record)
                return
            }
            guard let tagged = record.housenumber else { return }
            // `addr:housenumber` may list several: `3;5`.
            let numbers = tagged.split(separator: ";").map { AddressQuery.normalizedNumber(String($0)) }
            if numbers.contains(number) {
                exact.append(record)
            } else if let wanted = query.housenumber, numbers.contains(where: { AddressQuery.number(wanted, isIn: $0) }) {
                ranged.append(record)
            }
        }
        func ordered(_ records: [OSMAddressRecord]) -> [OSMAddressRecord] {
            let sorted = records.sorted { a, b in
                if let near {
                    let da = GeodesicDistance.meters(from: near, to: a.coordinate),
                        db = GeodesicDistance.meters(from: near, to: b.coordinate)
                    if da != db { return da < db }
                }
                return (a.kind.rawValue, a.id) < (b.kind.rawValue, b.id)
            }
            var seen = Set<String>()
            return sorted.filter {
                seen.insert("\($0.housenumber.map(AddressQuery.normalizedNumber) ?? "")|\(($0.city).map(TextFolding.fold) ?? "")").inserted
            }
        }
        return ordered(exact) + ordered(ranged)
    }

    /// Up to three street names of the extract nearest in spelling to the street of `text`.
    package func closestStreetNames(to text: String, diagnostics: Diagnostics) throws -> [String] {
        guard let query = AddressQuery(text) else { return [] }
        return try Self.closestStreets(to: query.street, in: try book(diagnostics))
    }

    /// Up to three street names of the extract nearest in spelling to `street`: what a
    /// "no such address" error offers.
    static func closestStreets(to street: String, in book: OSMAddressBook) throws -> [String] {
        let target = Array(TextFolding.fold(street).utf8)
        var best: [String: Int] = [:]
        try book.forEachRecord { record in
            guard let name = record.street, best[name] == nil else { return }
            let limit = max(2, target.count / 3)
            let d = Suggestion.distance(target, Array(TextFolding.fold(name).utf8), limit: limit)
            if d <= limit { best[name] = d }
        }
        return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(3).map(\.key)
    }
}

/// One book, opened once, shared by the copies of a geocoder.
private final class OpenedBook: @unchecked Sendable {
    private let lock = NSLock()
    private var book: OSMAddressBook?

    func get(_ open: () throws -> OSMAddressBook) throws -> OSMAddressBook {
        lock.lock()
        defer { lock.unlock() }
        if let book { return book }
        let made = try open()
        book = made
        return made
    }
}
