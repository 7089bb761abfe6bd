import PlacesCore

/// `places route-estimate`, typed.
struct RouteEstimateOptions: Sendable {
    var from: PointSpec
    var to: PointSpec
    var mode: TravelMode
    var router: RouterName
    /// `--steps`: turn-by-turn instructions where the router has them.
    var steps: Bool
    var format: OutputFormat
    var map = MapOptions()
    var network: NetworkOptions
    /// `--data`, for PLACE_ID points with an `osm:` id.
    var providerOptions: ProviderOptions
}
