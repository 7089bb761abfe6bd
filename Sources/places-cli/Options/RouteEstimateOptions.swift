import PlacesCore

/// `places route-estimate`, typed.
struct RouteEstimateOptions: Sendable {
    var from: PointSpec
    var to: PointSpec
    var mode: TravelMode = RouteEstimateOptions.defaultMode
    var router: RouterName = RouteEstimateOptions.defaultRouter
    /// `--steps`: turn-by-turn instructions where the router has them.
    var steps = false
    var format: OutputFormat = .table
    var network = NetworkOptions()
    /// `--data`, for PLACE_ID points with an `osm:` id.
    var providerOptions = ProviderOptions()

    static let defaultMode = TravelMode.walk
    static let defaultRouter = RouterName.estimate
}
