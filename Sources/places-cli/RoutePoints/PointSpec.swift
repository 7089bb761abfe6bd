import Foundation
import PlacesCore

/// A route end (`--from` / `--to` POINT) as the user wrote it, before it is resolved.
enum PointSpec: Sendable, Equatable {
    /// `LAT,LON` in decimal degrees.
    case coordinate(Coordinate)
    /// `PROVIDER:RAW_ID`, looked up in the favorites snapshot or through its provider.
    case placeID(PlaceID)
    /// A city name for the bundled gazetteer, as `--near` takes it.
    case placeName(String)
}
