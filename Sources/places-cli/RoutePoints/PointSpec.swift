import Foundation
import PlacesCore

/// A place as the user wrote it for `--near`, `--from` or `--to`, before it is resolved.
enum PointSpec: Sendable, Equatable {
    /// `LAT,LON` in decimal degrees.
    case coordinate(Coordinate)
    /// `PROVIDER:RAW_ID`, looked up in the favorites snapshot or through its provider.
    case placeID(PlaceID)
    /// `@NAME`: the favorite saved with `favorite add ID --alias NAME`.
    case alias(String)
    /// A city name for the bundled gazetteer (`Helsinki`, `Cambridge, MA`).
    case placeName(String)
}
