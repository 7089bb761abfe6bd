import PlacesCore
import PlacesGazetteer

/// Turns `--at` / `--near` into a coordinate, telling the user what a name resolved to
/// when the choice was not obvious.
enum LocationResolver {
    static func resolve(_ spec: LocationSpec, gazetteer: Gazetteer = .bundled, diagnostics: Diagnostics) throws -> Coordinate {
        switch spec {
        case .coordinate(let c):
            return c
        case .placeName(let name):
            let match = try gazetteer.resolve(name, point: nil, wording: diagnostics.wording)
            if let note = match.note(for: name) { diagnostics.note(note) }
            return match.place.coordinate
        }
    }
}
