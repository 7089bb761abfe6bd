import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// One saved place: a snapshot of what its provider said when it was added (or last
/// re-added), so that listing favorites never needs the network.
public struct Favorite: Sendable, Equatable {
    public var id: PlaceID
    public var name: String
    public var coordinate: Coordinate
    public var address: String?
    public var categories: [String]
    public var cuisines: [String]
    public var website: String?
    public var phone: String?
    /// The link to the place on a map, as it was printed when the snapshot was taken.
    public var mapsURL: String?
    /// ISO 8601 UTC, as written in the file (`2024-05-01T12:34:56Z`); kept when re-added.
    public let addedAt: String
    /// `addedAt` as a date, for sorting.
    public let addedDate: Date
    public var note: String?
    /// A short name to use the place by (`office`: `--near @office` in the CLI); unique in a
    /// file, compared ignoring case. See `FavoriteAlias`.
    public var alias: String?
    /// Keys of the entry this version does not know (a newer places, a hand edit): written back as they were.
    var otherKeys: [String: JSONValue]

    public var provider: ProviderName { id.provider }

    init(
        id: PlaceID, name: String, coordinate: Coordinate, address: String? = nil, categories: [String] = [],
        cuisines: [String] = [], website: String? = nil, phone: String? = nil, mapsURL: String? = nil,
        addedAt: String, note: String? = nil, alias: String? = nil, otherKeys: [String: JSONValue] = [:]
    ) throws {
        guard let date = UTCTimestamp.parse(addedAt) else {
            throw FavoriteEntryCodec.Problem(text: "addedAt '\(addedAt)' is not an ISO 8601 time such as 2024-05-01T12:34:56Z")
        }
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.categories = categories
        self.cuisines = cuisines
        self.website = website
        self.phone = phone
        self.mapsURL = mapsURL
        self.addedAt = addedAt
        self.addedDate = date
        self.note = note
        self.alias = alias
        self.otherKeys = otherKeys
    }

    /// A new favorite from what the provider answered.
    package init(venue: Venue, addedAt: Date, note: String?, alias: String? = nil) {
        self.id = venue.id
        self.name = venue.name
        self.coordinate = venue.coordinate
        self.categories = []
        self.cuisines = []
        self.addedAt = UTCTimestamp.format(addedAt)
        self.addedDate = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
        self.note = note?.isEmpty == true ? nil : note
        self.alias = alias?.isEmpty == true ? nil : alias
        self.otherKeys = [:]
        takeSnapshot(of: venue)
    }

    /// Replaces the snapshot with `venue`, keeping `addedAt`, unknown keys and (unless
    /// given) the note and the alias. An empty `note` or `alias` clears it. `fetched` says which
    /// fields the lookup asked for: a website or phone it did not ask for (to stay in a cheaper
    /// billing tier) keeps its old value instead of becoming unknown. Nil: all of them.
    package mutating func refresh(
        from venue: Venue, note newNote: String?, alias newAlias: String? = nil,
        fetched: Set<VenueField>? = nil
    ) {
        takeSnapshot(of: venue, fetched: fetched)
        if let newNote { note = newNote.isEmpty ? nil : newNote }
        if let newAlias { alias = newAlias.isEmpty ? nil : newAlias }
    }

    private mutating func takeSnapshot(of venue: Venue, fetched: Set<VenueField>? = nil) {
        name = venue.name
        coordinate = venue.coordinate
        address = venue.address
        categories = venue.categories
        cuisines = venue.cuisines
        if fetched?.contains(.website) != false { website = venue.website }
        if fetched?.contains(.phone) != false { phone = venue.phone }
        mapsURL = venue.mapsURL
    }

    /// The favorite as a venue for printing: what the snapshot knows, `isFavorite` true,
    /// and `null` for what it does not keep (rating, opening hours...).
    public var venue: Venue {
        Venue(
            id: id, name: name, coordinate: coordinate, address: address, categories: categories, cuisines: cuisines,
            phone: phone, website: website, providerMapsURL: mapsURL, isFavorite: true)
    }
}
