import Foundation

/// A route end (`--from` / `--to` POINT) as the user wrote it, before it is resolved.
package enum PointSpec: Sendable, Equatable {
    /// `LAT,LON` in decimal degrees.
    case coordinate(Coordinate)
    /// `PROVIDER:RAW_ID`, looked up in the favorites snapshot or through its provider.
    case placeID(PlaceID)
    /// A city name for the bundled gazetteer, as `--near` takes it.
    case placeName(String)

    /// Tells the three forms apart. Text starting like a number (`60.17,24.94`,
    /// `-33.87,151.21`) is a coordinate, and malformed if it does not parse; text whose
    /// prefix before a colon names a provider is a PLACE_ID; anything else is a name.
    /// `flag` names the flag in errors.
    package static func parse(_ text: String, flag: String) throws -> PointSpec {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else {
            throw PlacesError.usage("\(flag) needs a POINT: LAT,LON, a PLACE_ID (osm:node/123) or a place name (Helsinki)")
        }
        if first.isASCII && (first.isNumber || first == "-" || first == "+" || first == ".") {
            do {
                return .coordinate(try Coordinate.parse(trimmed))
            } catch let error as PlacesError {
                throw PlacesError(error.kind, "\(flag): \(error.message)")
            }
        }
        if let colon = trimmed.firstIndex(of: ":"), ProviderName(argument: String(trimmed[..<colon])) != nil {
            do {
                return .placeID(try PlaceID(parsing: trimmed))
            } catch let error as PlacesError {
                throw PlacesError(error.kind, "\(flag): \(error.message)")
            }
        }
        return .placeName(trimmed)
    }
}
