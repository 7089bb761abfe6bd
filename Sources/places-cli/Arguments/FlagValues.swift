import Foundation
import PlacesCore
import PlacesSupport

// The text forms of flag values: each parser turns what a user typed into a PlacesCore
// value, or a `UsageError` naming the flag and showing the expected form.

extension Coordinate {
    /// Parses `LAT,LON` (spaces allowed around the comma), e.g. `-33.8688,151.2093`.
    static func parse(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw UsageError("'\(text)' is not a coordinate: expected LAT,LON in decimal degrees, e.g. 60.1699,24.9384")
        }
        let latText = parts[0].trimmingCharacters(in: .whitespaces)
        let lonText = parts[1].trimmingCharacters(in: .whitespaces)
        guard let lat = Double(latText), let lon = Double(lonText), Self.isPlainDecimal(latText), Self.isPlainDecimal(lonText) else {
            throw UsageError("'\(text)' is not a coordinate: expected LAT,LON in decimal degrees, e.g. 60.1699,24.9384")
        }
        return try Coordinate(latitude: lat, longitude: lon)
    }
    /// Refuses `nan`, `inf`, hex floats and the like that `Double(_:)` would accept.
    static func isPlainDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }
    }
}

extension BoundingBox {
    /// Parses `--bbox SOUTH,WEST,NORTH,EAST` (a map's viewport; WEST > EAST crosses the antimeridian).
    static func parse(_ text: String) throws -> BoundingBox {
        let expected = "expected SOUTH,WEST,NORTH,EAST in decimal degrees, e.g. 60.16,24.93,60.18,24.96"
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { Coordinate.isPlainDecimal($0) ? Double($0) : nil }
        guard parts.count == 4, numbers.count == 4 else { throw UsageError("bad --bbox '\(text)': \(expected)") }
        do {
            return try BoundingBox.validated(south: numbers[0], west: numbers[1], north: numbers[2], east: numbers[3])
        } catch let error as PlacesError {
            throw UsageError("bad --bbox '\(text)': \(error.message)")
        }
    }
}

extension VenueSortOrder {
    /// Parses `--sort`.
    static func parse(_ text: String) throws -> VenueSortOrder {
        guard let order = VenueSortOrder(rawValue: text.lowercased()) else {
            throw UsageError("unknown --sort '\(text)': expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return order
    }
}

extension PriceRange {
    /// Parses `2` or `1-3`.
    static func parse(_ text: String) throws -> PriceRange {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = parts.first, let last = parts.last, let low = Int(first), let high = Int(last)
        else {
            throw UsageError("--price '\(text)' is not a price range: expected MIN or MIN-MAX with levels 0–4, e.g. --price 1-2")
        }
        guard (0...4).contains(low), (0...4).contains(high), low <= high else {
            throw UsageError(
                "--price \(low)-\(high) is not a price range: levels go from 0 (free) to 4 (very expensive), low first, e.g. --price 1-2")
        }
        return try PriceRange(min: low, max: high)
    }
}

extension PointSpec {
    /// Tells the four forms apart. Text starting like a number (`60.17,24.94`,
    /// `-33.87,151.21`) is a coordinate, and malformed if it does not parse; `@NAME` is a
    /// favorite's alias; text whose prefix before a colon names a provider is a PLACE_ID;
    /// anything else is a name. `flag` names the flag in errors.
    static func parse(_ text: String, flag: String) throws -> PointSpec {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else {
            throw UsageError("\(flag) needs a place: LAT,LON, a PLACE_ID (osm:node/123), @ALIAS or a place name (Helsinki)")
        }
        if first == "@" {
            let alias = String(trimmed.dropFirst())
            guard FavoriteAlias.isValid(alias) else {
                throw UsageError(
                    "\(flag) '\(trimmed)' is not an alias: @ and a name of letters, digits, - _ . (e.g. @office), as saved with places favorite add ID --alias office"
                )
            }
            return .alias(alias)
        }
        if first.isASCII && (first.isNumber || first == "-" || first == "+" || first == ".") {
            do {
                return .coordinate(try Coordinate.parse(trimmed))
            } catch let error as UsageError {
                throw UsageError("\(flag): \(error.message)")
            } catch let error as PlacesError {
                throw UsageError("\(flag): \(error.message)")
            }
        }
        if let colon = trimmed.firstIndex(of: ":"), ProviderName(argument: String(trimmed[..<colon])) != nil {
            do {
                return .placeID(try PlaceID(parsing: trimmed))
            } catch let error as PlacesError {
                throw UsageError("\(flag): \(error.message)")
            }
        }
        return .placeName(trimmed)
    }
}
