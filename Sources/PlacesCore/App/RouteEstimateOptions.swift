/// `places route-estimate`, typed.
public struct RouteEstimateOptions: Sendable {
    public var from: PointSpec
    public var to: PointSpec
    public var mode: TravelMode
    public var router: RouterName
    public var format: OutputFormat
    public var network: NetworkOptions
    /// `--data`, for PLACE_ID points with an `osm:` id.
    public var providerOptions: ProviderOptions

    public static let defaultMode = TravelMode.walk
    public static let defaultRouter = RouterName.estimate

    public init(from: PointSpec, to: PointSpec, mode: TravelMode = RouteEstimateOptions.defaultMode,
                router: RouterName = RouteEstimateOptions.defaultRouter, format: OutputFormat = .table,
                network: NetworkOptions = NetworkOptions(), providerOptions: ProviderOptions = ProviderOptions()) {
        self.from = from
        self.to = to
        self.mode = mode
        self.router = router
        self.format = format
        self.network = network
        self.providerOptions = providerOptions
    }
}
