import PlacesCore

/// Turns `--at` / `--near` into a search centre, telling the user what a name resolved to
/// when the choice was not obvious.
enum LocationResolver {
    static func resolve(_ spec: LocationSpec, points: PointResolver, diagnostics: Diagnostics) async throws -> Coordinate {
        switch spec {
        case .coordinate(let c):
            return c
        case .point(let point):
            return try await points.resolve(point, flag: nil, diagnostics: diagnostics).coordinate
        }
    }
}
