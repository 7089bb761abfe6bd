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
    var network: NetworkOptions
    /// `--data`, for PLACE_ID points with an `osm:` id.
    var providerOptions: ProviderOptions

    static let defaultMode = TravelMode.walk
    static let defaultRouter = RouterName.estimate

    init(from: PointSpec, to: PointSpec, mode: TravelMode = RouteEstimateOptions.defaultMode,
                router: RouterName = RouteEstimateOptions.defaultRouter, steps: Bool = false, format: OutputFormat = .table,
                network: NetworkOptions = NetworkOptions(), providerOptions: ProviderOptions = ProviderOptions()) {
        self.from = from
        self.to = to
        self.mode = mode
        self.router = router
        self.steps = steps
        self.format = format
        self.network = network
        self.providerOptions = providerOptions
    }
}
