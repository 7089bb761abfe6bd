import PlacesModel

/// One Overpass element as the scanner read it: what a venue needs, with tag values
/// left in place in the text and decoded only when asked for. Valid only during the
/// scanner's callback (the text it points into may be released after).
struct ScannedElement {
    enum Kind: UInt8, Sendable {
        case node, way, relation, other

        init(_ type: OSMElementRef.ElementType) {
            switch type {
            case .node: self = .node
            case .way: self = .way
            case .relation: self = .relation
            }
        }

        var elementType: OSMElementRef.ElementType? {
            switch self {
            case .node: return .node
            case .way: return .way
            case .relation: return .relation
            case .other: return nil
            }
        }
    }

    let text: UnsafePointer<UInt8>
    /// Byte offset of the element's `{`.
    var offset = 0
    var kind = Kind.other
    /// The `type` value when it is none of node, way, relation (or when all tags are kept).
    var typeName: String?
    var id: Int64 = 0
    var lat: Double?
    var lon: Double?
    var center: (lat: Double, lon: Double)?
    /// Overpass's `bounds` (`out bb;`).
    var bounds: PositionBox?
    /// The box of the element's own points: a way's `geometry` (`out geom;`), a relation's
    /// members' points, a GeoJSON feature's coordinates.
    var geometry: PositionBox?
    /// Where the `nodes` array of a way (`out body;`) and the `members` array of a relation
    /// begin in the text, for placing it from its members (-1: none).
    var nodesStart = -1
    var membersStart = -1
    /// Whether `tags` was present and not null.
    var hasTags = false
    /// Where each `OSMTagKey` value lies in the text (its first occurrence, as JSONDecoder
    /// keeps), by key; `start` is -1 for an absent tag. Owned by the scanner.
    let tagTokens: UnsafeMutablePointer<JSONStringToken>
    /// Every tag, when the scan was asked for all of them (tests compare with JSONDecoder).
    var allTags: [String: String]?

    init(text: UnsafePointer<UInt8>, tagTokens: UnsafeMutablePointer<JSONStringToken>) {
        self.text = text
        self.tagTokens = tagTokens
    }

    static var absent: JSONStringToken { JSONStringToken(start: -1, end: -1, hasEscapes: false) }

    /// Where a tag's value lies, if the element has the tag.
    @inline(__always) func token(_ key: OSMTagKey) -> JSONStringToken? {
        let token = tagTokens[key.rawValue]
        return token.start < 0 ? nil : token
    }

    mutating func reset(offset: Int) {
        self.offset = offset
        kind = .other
        typeName = nil
        id = 0
        lat = nil
        lon = nil
        center = nil
        bounds = nil
        geometry = nil
        nodesStart = -1
        membersStart = -1
        hasTags = false
        tagTokens.update(repeating: Self.absent, count: OSMTagKey.allCases.count)
        allTags = nil
    }

    /// The `type` value as written.
    var type: String { typeName ?? kind.elementType?.rawValue ?? "" }

    /// The decoded value of a tag, if present.
    func tag(_ key: OSMTagKey) -> String? {
        token(key)?.string(in: text)
    }

    /// Calls `body` with a tag's decoded UTF-8 bytes; nil when the tag is absent.
    @inline(__always)
    func withTagBytes<R>(_ key: OSMTagKey, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let token = token(key) else { return nil }
        return token.withDecodedBytes(in: text, body)
    }

    /// Where the venue would be, by `OSMVenueMapper`'s rule: a node's own position; a way's
    /// or relation's `center`, else the middle of its `bounds`, else of its geometry, else
    /// its own `lat`/`lon`.
    var position: (lat: Double, lon: Double)? {
        switch kind {
        case .node:
            guard let lat, let lon else { return nil }
            return (lat, lon)
        case .way, .relation:
            if let center { return center }
            if let box = bounds?.center { return box }
            if let box = geometry?.center { return box }
            guard let lat, let lon else { return nil }
            return (lat, lon)
        case .other:
            return nil
        }
    }

    /// Whether `OSMVenueMapper` makes a venue of this element (a known type, a positive id,
    /// a position in range and a name that is not blank), decided without building one.
    var makesVenue: Bool {
        guard let p = position, p.lat.isFinite, abs(p.lat) <= 90, p.lon.isFinite, abs(p.lon) <= 180 else { return false }
        return isNamedPlace
    }

    /// A known type, a positive id and a name that is not blank: a place, if it had a position.
    var isNamedPlace: Bool {
        id > 0 && isNamed
    }

    /// A named element of a known type that no venue is made of for a fault of its own: an id
    /// below 1, or a position off the globe (a latitude beyond ±90°, a longitude beyond ±180°,
    /// a coordinate that is not a number, as a PBF delta that overflows gives). Counted
    /// (`ExtractFacts.droppedCount`), never lost without a word.
    var isDroppedPlace: Bool {
        guard isNamed else { return false }
        if id <= 0 { return true }
        guard let p = position else { return false }
        return !(p.lat.isFinite && abs(p.lat) <= 90 && p.lon.isFinite && abs(p.lon) <= 180)
    }

    /// A known type and a name that is not blank.
    private var isNamed: Bool {
        guard kind != .other, hasTags, let name = token(.name) else { return false }
        if !name.hasEscapes {
            // Printable ASCII is never whitespace: one such byte makes the name non-blank.
            for i in name.start..<name.end where text[i] > 0x20 && text[i] < 0x7F { return true }
        }
        return OSMVenueMapper.nonEmpty(name.string(in: text)) != nil
    }

    /// The element in the Codable wire model, with the tags the scan kept.
    func overpassElement() -> OverpassElement {
        var tags: [String: String]?
        if hasTags {
            if let allTags {
                tags = allTags
            } else {
                var kept: [String: String] = [:]
                for key in OSMTagKey.allCases {
                    if let value = tag(key) { kept[key.key] = value }
                }
                tags = kept
            }
        }
        return OverpassElement(
            type: type, id: id, lat: lat, lon: lon, center: center.map { OverpassElement.Center(lat: $0.lat, lon: $0.lon) },
            bounds: bounds, geometry: geometry, tags: tags)
    }

    /// The venue `OSMVenueMapper` makes of this element, if any; `placedAt` places an
    /// element that has no position of its own (one placed from its member nodes).
    func venue(placedAt position: (lat: Double, lon: Double)? = nil) -> Venue? {
        var element = overpassElement()
        if let position { element.center = OverpassElement.Center(lat: position.lat, lon: position.lon) }
        return OSMVenueMapper.venue(from: element)
    }
}
