import PlacesSupport

/// The tags `OSMVenueMapper` and the address collector read, and no others: what the scanner
/// keeps of an element and what the spatial index stores. A test maps every element of the
/// bundled extract with all its tags and with only these, and expects the same venue.
enum OSMTagKey: Int, CaseIterable, Sendable {
    case name, amenity, shop, tourism, leisure, healthcare, atm, cuisine
    case phone, contactPhone, contactMobile, website, contactWebsite, url
    case addrFull, addrStreet, addrPlace, addrHousenumber, addrPostcode, addrCity
    case openingHours
    /// Read for addresses only (`StreetAddress.countryCode`); new cases go last, since
    /// `PBFVenueRecords` stores a key by its number.
    case addrCountry
    /// A photo of the place (`places photo`, the `photos` field): a URL, or a Wikimedia Commons file.
    case image, wikimediaCommons

    /// The OSM key, e.g. `addr:street`.
    var key: String {
        switch self {
        case .name: return "name"
        case .amenity: return "amenity"
        case .shop: return "shop"
        case .tourism: return "tourism"
        case .leisure: return "leisure"
        case .healthcare: return "healthcare"
        case .atm: return "atm"
        case .cuisine: return "cuisine"
        case .phone: return "phone"
        case .contactPhone: return "contact:phone"
        case .contactMobile: return "contact:mobile"
        case .website: return "website"
        case .contactWebsite: return "contact:website"
        case .url: return "url"
        case .addrFull: return "addr:full"
        case .addrStreet: return "addr:street"
        case .addrPlace: return "addr:place"
        case .addrHousenumber: return "addr:housenumber"
        case .addrPostcode: return "addr:postcode"
        case .addrCity: return "addr:city"
        case .openingHours: return "opening_hours"
        case .addrCountry: return "addr:country"
        case .image: return "image"
        case .wikimediaCommons: return "wikimedia_commons"
        }
    }

    /// Looks a key up from its UTF-8 bytes.
    static let byKeyBytes = ByteStringTable(allCases.map { ($0.key, $0) })
}
