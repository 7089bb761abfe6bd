/// A provider-qualified place id, `PROVIDER:RAW_ID`.
///
/// Examples: `google:ChIJN1t_tDeuEmsRUsoyG83frY4`, `foursquare:4b0588f9f964a520f9db22e3`,
/// `osm:node/2187383214`, `osm:way/8145437`. OSM ids are unique only per element
/// type, so the type is part of the raw id.
public struct PlaceID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let provider: ProviderName
    public let rawID: String

    public init(provider: ProviderName, rawID: String) {
        self.provider = provider
        self.rawID = rawID
    }

    /// Parses and validates `PROVIDER:RAW_ID`; throws `PlacesError.invalidRequest` showing the expected form.
    public init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            throw PlacesError.invalidRequest(
                .placeID,
                message: "'\(text)' is not a place id: expected PROVIDER:ID, e.g. osm:node/2187383214 or google:ChIJN1t_tDeuEmsRUsoyG83frY4"
            )
        }
        let providerText = String(text[..<colon])
        let raw = String(text[text.index(after: colon)...])
        guard let provider = ProviderName(argument: providerText) else {
            throw PlacesError.invalidRequest(
                .placeID, message: "'\(text)' names an unknown provider '\(providerText)': expected one of \(ProviderName.allNames)")
        }
        guard !raw.isEmpty else {
            throw PlacesError.invalidRequest(.placeID, message: "'\(text)' has an empty id after '\(providerText):'")
        }
        if let problem = provider.profile.idProblem(provider, text, raw) {
            throw PlacesError.invalidRequest(.placeID, message: problem)
        }
        self.provider = provider
        self.rawID = raw
    }

    public var description: String { "\(provider.rawValue):\(rawID)" }

    public static func < (lhs: PlaceID, rhs: PlaceID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a place id: \(text)"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// An OpenStreetMap element reference such as `node/123`: type plus numeric id.
package struct OSMElementRef: Sendable, Hashable {
    package enum ElementType: String, Sendable, CaseIterable { case node, way, relation }
    package let type: ElementType
    package let id: Int64

    package init(type: ElementType, id: Int64) {
        self.type = type
        self.id = id
    }

    /// Parses `node/123`, `way/456` or `relation/789`.
    package init?(rawID: String) {
        let parts = rawID.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let type = ElementType(rawValue: String(parts[0])),
            parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(parts[1]), id > 0
        else { return nil }
        self.type = type
        self.id = id
    }

    package var rawID: String { "\(type.rawValue)/\(id)" }
}
