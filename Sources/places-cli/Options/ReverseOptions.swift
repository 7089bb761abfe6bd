import PlacesCore

/// `places reverse`, typed: the points (or stdin), how many nearby places, city only or not.
struct ReverseOptions: Sendable {
    enum Points: Sendable, Equatable {
        case given([Coordinate])
        /// `-`: one point a line from stdin.
        case standardInput
    }

    var points: Points
    var cityOnly: Bool
    var limit: Int
    var output: OutputOptions
    var network: NetworkOptions
    var providerOptions: ProviderOptions
}
